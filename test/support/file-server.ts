import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';

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

/**
 * Serves a file as a stream of unstated length, ignoring Range, as a plain static server that pipes the file does:
 * `chunked` (HTTP/1.1 chunked transfer, in pieces of `chunk` bytes) or `close` (no framing at all: the body ends
 * when the connection closes, as HTTP/1.0 servers and some proxies send it).
 */
export function streamed(
  path: string,
  type = 'video/mp4',
  opts: { framing: 'chunked' | 'close'; chunk?: number } = { framing: 'chunked' },
) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (opts.framing === 'close') {
      res.useChunkedEncodingByDefault = false;
      res.shouldKeepAlive = false;
    }
    res.writeHead(200, { 'content-type': type });
    fs.createReadStream(path, { highWaterMark: opts.chunk ?? 64 * 1024 }).pipe(res);
  };
}

/** Serves a file gzip-compressed on the fly (Content-Encoding: gzip, no length, Range ignored), as compression middleware does. */
export function gzipped(path: string, type = 'video/mp4') {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' });
    fs.createReadStream(path).pipe(zlib.createGzip()).pipe(res);
  };
}

/** Answers every GET with a 206 of at most `piece` bytes from the byte asked (0 when no range is asked), as some CDNs do. */
export function piecewise(path: string, type = 'video/mp4', piece = 1024 * 1024) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const size = fs.statSync(path).size;
    const start = Number(/^bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    if (start >= size) return void res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
    const end = Math.min(size - 1, start + piece - 1);
    res.writeHead(206, {
      'content-type': type,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${size}`,
    });
    fs.createReadStream(path, { start, end }).pipe(res);
  };
}

/** Redirects (302) to `location`. */
export function redirect(location: string) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(302, { location }).end();
}

/** A body that never ends: `head`, then zeros in chunked pieces until the client hangs up. */
export function endless(head: Buffer, type: string) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': type });
    res.write(head);
    const zeros = Buffer.alloc(64 * 1024);
    const more = () => {
      while (!res.destroyed && res.write(zeros));
      if (!res.destroyed) res.once('drain', more);
    };
    more();
  };
}
