import fs from 'node:fs';
import http from 'node:http';

export interface FileServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A small HTTP server on 127.0.0.1 standing in for the web: it serves files and the ways downloads go
 * wrong (redirects, errors, wrong types, huge or slow bodies). Routes map a path to a handler.
 */
export async function startFileServer(routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>): Promise<FileServer> {
  const server = http.createServer((req, res) => {
    const route = routes[(req.url ?? '/').split('?')[0]];
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    route(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** Serves a file with a content type. */
export function file(path: string, type = 'video/mp4') {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': type, 'content-length': String(fs.statSync(path).size) });
    fs.createReadStream(path).pipe(res);
  };
}
