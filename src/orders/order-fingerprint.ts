import { createHash } from 'node:crypto';

/** Names a request (route and body, key order ignored), so a payment cannot be reused for another one. */
export function orderFingerprint(path: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  };
  return createHash('sha256')
    .update(`${path}\n${JSON.stringify(canonical(body))}`)
    .digest('hex');
}
