import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { orderFingerprint } from './order-fingerprint.js';

/** The fingerprint's definition: sha256 of the route, a newline and the body's JSON with every object's keys sorted. */
function definition(path: string, body: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(`${path}\n${JSON.stringify(sorted(body))}`)
    .digest('hex');
}

describe('order fingerprint', () => {
  const bodies: unknown[] = [
    { url: 'https://example.com/reel/1', language: 'en' },
    { language: 'en', url: 'https://example.com/reel/1' },
    { image_b64: Buffer.alloc(300_000, 7).toString('base64'), color_palette: 'warm "earth" tones\\ \n\t' },
    { claims: ['zwölf Äpfel', 'emoji 😀 and a lone \ud800 surrogate', '\u0000\u001f'], nested: { b: [1, 2.5, null, true], a: {} } },
    { a: undefined, b: [undefined, () => 1], c: Number.NaN, d: -0, e: 1e21 },
    [],
    'text',
    null,
  ];

  it('is the sha256 of the route and the body as JSON with sorted keys, for every kind of JSON value', () => {
    for (const body of bodies) assert.equal(orderFingerprint('/pfp', body), definition('/pfp', body), JSON.stringify(body)?.slice(0, 60));
  });

  it('ignores key order and tells routes and bodies apart', () => {
    assert.equal(orderFingerprint('/analyze', bodies[0]), orderFingerprint('/analyze', bodies[1]));
    assert.notEqual(orderFingerprint('/analyze', bodies[0]), orderFingerprint('/verify', bodies[0]));
    assert.notEqual(orderFingerprint('/analyze', { url: 'a' }), orderFingerprint('/analyze', { url: 'b' }));
    assert.notEqual(orderFingerprint('/analyze', { url: 'a,"b":1' }), orderFingerprint('/analyze', { url: 'a', b: 1 }));
  });
});
