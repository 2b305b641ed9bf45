import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Content-Encodings a body is decoded from (what servers and compression middleware send). */
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createUnzip(),
  br: () => zlib.createBrotliDecompress(),
};

/** Whether a Content-Encoding header names a coding the body is decoded from. */
export function isDecodable(encoding: string | string[] | undefined): boolean {
  return codings(encoding).length > 0 && codings(encoding).every((c) => c in DECODERS);
}

/** The body decoded from its Content-Encoding (codings applied in order, so undone in reverse); unchanged when identity or unknown. */
export function decodedBody(body: Readable, encoding: string | string[] | undefined): Readable {
  if (!isDecodable(encoding)) return body;
  const steps = codings(encoding)
    .reverse()
    .map((c) => DECODERS[c]());
  // pipeline destroys every stage when one fails or the reader stops early, and hands the error to the last.
  return pipeline([body, ...steps] as unknown as [Readable, NodeJS.ReadWriteStream], () => undefined) as unknown as Readable;
}

function codings(encoding: string | string[] | undefined): string[] {
  return String(encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
}
