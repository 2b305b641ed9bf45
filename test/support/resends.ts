import assert from 'node:assert/strict';
import type { postJson } from './harness.js';

type Answer = Awaited<ReturnType<typeof postJson>>;

/**
 * One payment sent 50 times at the same instant, then once more later, as an agent retrying on a timeout does:
 * every answer is a 202 naming the same job, and the payee received `price` once (its balance read before and after).
 */
export async function assertResendsSettleOnce(send: () => Promise<Answer>, balance: () => Promise<bigint>, price: bigint): Promise<void> {
  const before = await balance();
  const answers = await Promise.all(Array.from({ length: 50 }, send));
  assert.deepEqual(
    [...new Set(answers.map((a) => a.status))],
    [202],
    answers.map((a) => a.text).find((t) => !t.includes('job_id')),
  );
  const ids = new Set(answers.map((a) => a.json.job_id));
  assert.equal(ids.size, 1, 'one job');
  assert.equal(await balance(), before + price, 'one transfer');
  const later = await send();
  assert.equal(later.status, 202);
  assert.equal(later.json.job_id, [...ids][0]);
  assert.equal(await balance(), before + price);
}
