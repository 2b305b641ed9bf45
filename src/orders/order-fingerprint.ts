import { createHash, type Hash } from 'node:crypto';

/** Names a request (route and body, key order ignored), so a payment cannot be reused for another one. */
export function orderFingerprint(path: string, body: unknown): string {
  const hash = createHash('sha256').update(`${path}\n`);
  writeCanonical(hash, body);
  return hash.digest('hex');
}

/** Characters JSON.stringify writes otherwise than as they are (quotes, backslash, controls, lone surrogates). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The bytes of JSON.stringify with every object's keys sorted, fed to the hash piece by piece: hand-written since
 * canonical-JSON libraries return the whole string, and a fresh copy of a 9 MB image cost 100-150 ms of the event loop.
 */
function writeCanonical(hash: Hash, value: unknown): void {
  if (typeof value === 'string') {
    if (ESCAPED.test(value)) hash.update(JSON.stringify(value));
    else hash.update('"').update(value).update('"');
  } else if (Array.isArray(value)) {
    hash.update('[');
    value.forEach((item, i) => {
      if (i) hash.update(',');
      if (item === undefined || typeof item === 'function') hash.update('null');
      else writeCanonical(hash, item);
    });
    hash.update(']');
  } else if (value && typeof value === 'object') {
    hash.update('{');
    let first = true;
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function') continue;
      hash.update(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      writeCanonical(hash, item);
    }
    hash.update('}');
  } else {
    hash.update(String(JSON.stringify(value)));
  }
}
