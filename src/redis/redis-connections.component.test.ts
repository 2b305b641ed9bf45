import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { pino } from 'pino';
import { REDIS_URL } from '../../test/support/harness.js';
import { stallFor } from '../../test/support/stall.js';
import { duplicateOf } from './redis-client.js';
import { RedisConnections } from './redis-connections.js';
import { isRedisOutage } from './redis-outage.js';

const TIMEOUT_MS = 300;

describe('the fail-fast Redis connection (what HTTP requests use)', () => {
  const connections = new RedisConnections({ kind: 'server', url: REDIS_URL }, pino({ level: 'silent' }), TIMEOUT_MS);
  const key = `test:deadline:${randomUUID()}`;
  after(async () => {
    const redis = await connections.fast();
    await redis.del(key);
    connections.close();
  });

  it('answers a command Redis answered while this process was busy past the timeout, instead of an outage', async () => {
    const redis = await connections.fast();
    await redis.set(key, 'stored');
    const single = redis.get(key);
    const piped = redis.pipeline().get(key).exists(key).exec();
    await stallFor(TIMEOUT_MS * 3);
    assert.equal(await single, 'stored');
    assert.deepEqual(await piped, [
      [null, 'stored'],
      [null, 1],
    ]);
  });

  it('fails a command Redis does not answer within the timeout as an outage, on a duplicate too', async () => {
    const redis = await connections.failFast();
    const duplicate = duplicateOf(redis);
    try {
      for (const conn of [redis, duplicate]) {
        const started = Date.now();
        // BLPOP on an empty list holds the reply for 5 s: a Redis that does not answer, for this connection only.
        const err = await conn.blpop(`${key}:empty`, 5).then(
          () => assert.fail('BLPOP was answered'),
          (e: Error) => e,
        );
        assert.ok(isRedisOutage(err), err.message);
        assert.ok(Date.now() - started < 3000, `failed after ${Date.now() - started} ms`);
      }
    } finally {
      duplicate.disconnect();
    }
  });
});
