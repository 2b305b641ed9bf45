import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { type ClaimStore, MemoryClaimStore, RedisClaimStore } from './claim-store.js';
import type { Order, PrecheckResult } from './paid-request.js';
import { PrecheckOnce, REFUSAL_KEPT_MS } from './precheck-once.js';
import type { SettlementAttempt } from './settlement.types.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `vidint-test-${randomUUID().slice(0, 8)}`;
const connections: Redis[] = [];
const connect = () => {
  const c = new Redis(REDIS_URL);
  connections.push(c);
  return c;
};
after(async () => {
  const keys = await connections[0].keys(`${prefix}:*`);
  if (keys.length) await connections[0].del(...keys);
  for (const c of connections) c.disconnect();
});

/** A precheck that counts its runs and answers `result` after a moment (a source being fetched). */
function countedCheck(result: PrecheckResult) {
  const check = async () => {
    check.runs++;
    await delay(30);
    return result;
  };
  check.runs = 0;
  return check;
}

const refusal: PrecheckResult = { refused: { status: 422, error: 'the page at the URL holds no video' } };

/** An order carrying the seller's check of it (the Fulfilment below runs it). */
type CheckedOrder = Order & { check: () => Promise<PrecheckResult> };
const fulfilment = { precheck: (order: Order) => (order as CheckedOrder).check() };

/** Only what PrecheckOnce reads of a payment's send: its key, proof, expiry and the request with its order. */
function send(key: string, fingerprint: string, check: () => Promise<PrecheckResult>, more: Partial<SettlementAttempt> = {}) {
  const job: CheckedOrder = { affiliateId: null, check };
  return { key, proof: null, request: { fingerprint, job }, ...more } as SettlementAttempt;
}

describe('the check before settlement, once per payment and request', () => {
  it('merges sends that arrive together and answers later ones from the refusal recorded', async () => {
    const once = new PrecheckOnce(new MemoryClaimStore(), fulfilment);
    const check = countedCheck(refusal);
    const answers = await Promise.all(Array.from({ length: 20 }, () => once.run(send('p1', 'fp-a', check))));
    assert.equal(check.runs, 1);
    assert.deepEqual(new Set(answers.map((a) => JSON.stringify(a))), new Set([JSON.stringify(refusal)]));
    assert.deepEqual(await once.run(send('p1', 'fp-a', check)), refusal);
    assert.equal(check.runs, 1, 'the resend was answered from the record');
  });

  it('checks again for another request, another proof, and after the payment expired', async () => {
    const once = new PrecheckOnce(new MemoryClaimStore(), fulfilment);
    const check = countedCheck(refusal);
    await once.run(send('p2', 'fp-a', check));
    await once.run(send('p2', 'fp-b', check));
    await once.run(send('p2', 'fp-a', check, { proof: 'another challenge' }));
    assert.equal(check.runs, 3, 'each is another order');
    await once.run(send('p3', 'fp-a', check, { expiresAt: Date.now() + 50 }));
    await delay(80);
    await once.run(send('p3', 'fp-a', check));
    assert.equal(check.runs, 5, 'the record lasted no longer than the payment');
  });

  it('keeps no record of a check that passed: its order is recorded with the claim, and a resend meets the claim', async () => {
    const once = new PrecheckOnce(new MemoryClaimStore(), fulfilment);
    const check = countedCheck({ order: { affiliateId: null } });
    await Promise.all([once.run(send('p4', 'fp-a', check)), once.run(send('p4', 'fp-a', check))]);
    await once.run(send('p4', 'fp-a', check));
    assert.equal(check.runs, 2);
  });

  it('on Redis, a refusal recorded by one API process answers the resend another one receives, for as long as the payment lasts', async () => {
    const [first, second]: ClaimStore[] = [new RedisClaimStore(connect(), prefix), new RedisClaimStore(connect(), prefix)];
    const check = countedCheck(refusal);
    await new PrecheckOnce(first, fulfilment).run(send('p5', 'fp-a', check, { expiresAt: Date.now() + 120_000 }));
    assert.deepEqual(await new PrecheckOnce(second, fulfilment).run(send('p5', 'fp-a', check)), refusal);
    assert.equal(check.runs, 1);
    await new PrecheckOnce(first, fulfilment).run(send('p6', 'fp-a', check, { expiresAt: Date.now() + 3600_000 }));
    const kept = await Promise.all((await connections[0].keys(`${prefix}:refusal:*`)).map((k) => connections[0].pttl(k)));
    assert.equal(kept.length, 2);
    assert.ok(Math.min(...kept) > 100_000 && Math.min(...kept) <= 120_000, `the 2-minute payment's record: ${kept}`);
    assert.ok(Math.max(...kept) > 120_000 && Math.max(...kept) <= REFUSAL_KEPT_MS, `the hour-long payment's record: ${kept}`);
  });
});
