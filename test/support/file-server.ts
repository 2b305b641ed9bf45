import fs from 'node:fs';
import http from 'node:http';

export interface FileServer {
  url: string;
  /** The path of every request received, in order: a test can show that no connection reached it. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A small HTTP server on 127.0.0.1 (or `host`) standing in for the web: it serves files and the ways downloads go
 * wrong (redirects, errors, wrong types, huge or slow bodies). Routes map a path to a handler.
 */
export async function startFileServer(
  routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>,
  opts: { host?: string } = {},
): Promise<FileServer> {
  const host = opts.host ?? '127.0.0.1';
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    const route = routes[(req.url ?? '/').split('?')[0]];
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    route(req, res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return {
    requests,
    url: `http://${host}:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Serves a file with a content type, and a byte range of it when asked (as web servers and CDNs do). */
export function file(path: string, type = 'video/mp4') {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const size = fs.statSync(path).size;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range || Number(range[1]) >= size) {
      res.writeHead(200, { 'content-type': type, 'content-length': String(size), 'accept-ranges': 'bytes' });
      return void fs.createReadStream(path).pipe(res);
    }
    const start = Number(range[1]);
    const end = Math.min(size - 1, range[2] ? Number(range[2]) : size - 1);
    res.writeHead(206, {
      'content-type': type,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${size}`,
    });
    fs.createReadStream(path, { start, end }).pipe(res);
  };
}
