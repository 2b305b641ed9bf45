import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { baseUrl } from './base-url.js';

const withHost = (host: string) => ({ protocol: 'http', headers: { host } }) as unknown as FastifyRequest;

test('a Host no URL can hold (a port over 65535, a malformed IPv6 address) is a 400, not a URL that throws later', () => {
  for (const host of ['evil.com:99999', 'evil.com:65536', '[1:2:3]', '[::zz]']) {
    assert.throws(
      () => baseUrl(withHost(host), null),
      (err) => err instanceof ApiError && err.status === 400 && /Host header is not a valid host/.test(err.message),
      host,
    );
  }
});

test('a valid Host (any port up to 65535, an IPv6 address) names the base URL', () => {
  for (const host of ['evil.com:65535', 'api.example.com', '[::1]:8080', '127.0.0.1:3000'])
    assert.equal(baseUrl(withHost(host), null), `http://${host}`);
});
