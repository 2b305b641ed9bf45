import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import net from 'node:net';
import { MessageChannel } from 'node:worker_threads';

/**
 * Preload (`node --import`): once the process listens on PORT, writes every file it has loaded (ES modules, as
 * a loader hook saw them, and CommonJS ones from require's cache) to LOADED_MODULES_FILE as a JSON array.
 */
const { port1, port2 } = new MessageChannel();
const loaded = new Set<string>();
port1.on('message', (url: string) => void (url.startsWith('file:') && loaded.add(new URL(url).pathname)));
port1.unref();
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url, { data: { port: port2 }, transferList: [port2] });

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
  this.once('listening', () => {
    const address = this.address();
    if (typeof address !== 'object' || String(address?.port) !== process.env.PORT) return;
    // The hook's last messages arrive on the next turns.
    setTimeout(() => {
      const files = new Set([...loaded, ...Object.keys(createRequire(import.meta.url).cache)]);
      // Written beside and renamed: the test reads the file as soon as it exists.
      const file = process.env.LOADED_MODULES_FILE!;
      fs.writeFileSync(`${file}.part`, JSON.stringify([...files].sort()));
      fs.renameSync(`${file}.part`, file);
    }, 200);
  });
  return listen.apply(this, args as Parameters<typeof listen>);
} as typeof listen;
