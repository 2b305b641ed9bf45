import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export interface LoopbackFiles {
  /** The URL a file is served at (the file must be one of those given). */
  url(file: string): string;
  close(): Promise<void>;
}

/**
 * Serves local media files on 127.0.0.1 so a pipeline can fetch them as it fetches a public URL:
 * `vidint run --video FILE` and eval cases with a local file. Only the files given are served.
 */
export async function serveFiles(files: string[]): Promise<LoopbackFiles> {
  const byName = new Map(files.map((f, i) => [`/${i}/${encodeURIComponent(path.basename(f))}`, path.resolve(f)]));
  const server = http.createServer((req, res) => {
    const file = byName.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!file || !fs.existsSync(file)) return void res.writeHead(404).end();
    const size = fs.statSync(file).size;
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    const start = range?.[1] ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (range && start > end) return void res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
    res.writeHead(range ? 206 : 200, {
      'content-type': type,
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    if (req.method === 'HEAD') return void res.end();
    fs.createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = new Map([...byName].map(([route, file]) => [file, `${base}${route}`]));
  return {
    url: (file) => {
      const url = urls.get(path.resolve(file));
      if (!url) throw new Error(`${file} is not served`);
      return url;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
