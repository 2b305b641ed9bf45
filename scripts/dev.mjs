// `npm run dev`: the service with WATCH=true, restarted on every saved TypeScript file. A saved file is transpiled
// alone by SWC (decorator metadata on, as tsc emits it: Nest injects by type) in milliseconds, and the service
// restarts; tsc checks the types beside it, at a lower priority, and reports errors without holding the restart.
// Pipelines, schemas, prompts and knowledge files need no restart (WATCH=true swaps them in). The production
// build stays `npm run build` (tsc). Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';
import chokidar from 'chokidar';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`dev: ${line}`);
/** tsconfig.json's emit, in SWC's terms: ES2022 modules as written (.js specifiers), legacy decorators with metadata. */
const SWC = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

/** Writes the service's build of one source file (src/x.ts -> dist/src/x.js). */
async function transpile(file) {
  const out = path.join(root, 'dist', path.relative(root, file)).replace(/\.ts$/, '.js');
  const { code } = await transformFile(file, { ...SWC, filename: file });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, code);
}

/** A TypeScript file the service runs: not a declaration, not a test beside its source (`npm test` builds those). */
const isServiceSource = (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts');

const sources = () =>
  fs
    .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter(isServiceSource)
    .map((f) => path.join(root, 'src', f));

// Built once at start: the client package (the service imports its build) and every source file.
if (!fs.existsSync(path.join(root, 'packages/client/dist/index.js'))) {
  await new Promise((resolve, reject) =>
    spawn(path.join(root, 'node_modules/.bin/tsc'), ['-p', 'packages/client/tsconfig.json'], { cwd: root, stdio: 'inherit' }).on(
      'exit',
      (c) => (c ? reject(new Error('the client package did not build')) : resolve()),
    ),
  );
}
await Promise.all(sources().map(transpile));

let service = null;
let queue = Promise.resolve();
const restart = () =>
  (queue = queue.then(async () => {
    if (service) {
      const old = service;
      service = null;
      await new Promise((r) => {
        old.once('exit', r);
        old.kill('SIGTERM');
      });
    }
    say('starting the service');
    service = spawn(process.execPath, ['dist/src/main.js'], { cwd: root, stdio: 'inherit', env: { ...process.env, WATCH: 'true' } });
  }));
restart();

let timer = null;
const changed = new Set();
const watcher = chokidar.watch(path.join(root, 'src'), {
  ignoreInitial: true,
  ignored: (p, s) => Boolean(s?.isFile() && !p.endsWith('.ts')),
});
watcher.on('all', (event, file) => {
  if (!isServiceSource(file)) return;
  if (event === 'unlink') fs.rmSync(path.join(root, 'dist', path.relative(root, file)).replace(/\.ts$/, '.js'), { force: true });
  else changed.add(file);
  clearTimeout(timer);
  timer = setTimeout(async () => {
    const files = [...changed];
    changed.clear();
    try {
      await Promise.all(files.map(transpile));
      say(`rebuilt ${files.map((f) => path.relative(root, f)).join(', ')}`);
      restart();
    } catch (err) {
      say(`not restarted: ${err.message}`);
    }
  }, 100);
});

// Type errors are reported as tsc finds them; a group of its own, so its native compiler stops with us.
const checker = spawn(
  'nice',
  ['-n', '10', path.join(root, 'node_modules/.bin/tsc'), '-p', 'tsconfig.json', '--noEmit', '--watch', '--preserveWatchOutput'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  },
);

const quit = () => {
  process.kill(-checker.pid, 'SIGTERM');
  watcher.close();
  queue.then(() => {
    if (!service) return process.exit(0);
    service.once('exit', () => process.exit(0));
    service.kill('SIGTERM');
  });
};
process.once('SIGINT', quit);
process.once('SIGTERM', quit);
