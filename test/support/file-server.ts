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

/** Serves a file with a content type. */
export function file(path: string, type = 'video/mp4') {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': type, 'content-length': String(fs.statSync(path).size) });
    fs.createReadStream(path).pipe(res);
  };
}
