import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Harness, pollJob, type postJson, startHarness } from './harness.js';

/** Many agents paying /echo at the same instant, payer i asking for `payer i`: what every rail must give them. */
type Answer = Awaited<ReturnType<typeof postJson>>;

/** Every payer's request answered 202, each with a job of its own. */
export function assertOneJobPerPayer(answers: Answer[], payers: number): void {
  const refused = answers.filter((a) => a.status !== 202);
  assert.equal(refused.length, 0, `${refused.length} of ${payers} refused, e.g. ${refused[0]?.status} ${refused[0]?.text}`);
  assert.equal(new Set(answers.map((a) => a.json.job_id)).size, payers, 'one job per payer');
}

/** Every job completes with its own payer's greeting. */
export async function assertJobsGreetPayers(url: string, answers: Answer[]): Promise<void> {
  const jobs = await Promise.all(answers.map((a) => pollJob(url, a.json.job_id, 120)));
  jobs.forEach((job, i) => {
    assert.equal(job.status, 'complete');
    assert.equal(job.result.greeting, `hello payer ${i}`);
  });
}

/**
 * The crowd on the two set-ups: one process with the memory queue, then two API processes sharing Redis (key
 * prefix, queue) and the first one's chain (`sharedChain` names its RPC for the second process). `payAtOnce` gets
 * the processes the payers are spread over.
 */
export function describeCrowd(
  title: string,
  env: Record<string, string>,
  sharedChain: (first: Harness) => Record<string, string>,
  payAtOnce: (servers: Harness[]) => Promise<void>,
): void {
  describe(`${title} (memory queue)`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ env });
    });
    after(() => h.close());

    it('all get 202 and one job each, each charged once', () => payAtOnce([h]));
  });

  describe(`${title} (Redis, two API processes)`, () => {
    let first: Harness;
    let second: Harness;
    before(async () => {
      // Fifty payments verified at once hold a loaded test machine's event loop past the default 1 s a Redis
      // command may take, which then answers 503 as an outage would: the machine's load is not what this is about.
      const patient = { ...env, REDIS_COMMAND_TIMEOUT_MS: '5000' };
      first = await startHarness({ driver: 'bullmq', env: patient });
      const { KEY_PREFIX, QUEUE_NAME } = first.env;
      second = await startHarness({ driver: 'bullmq', env: { ...patient, KEY_PREFIX, QUEUE_NAME, ...sharedChain(first) } });
    });
    after(async () => {
      await second.close();
      await first.close();
    });

    it('all get 202 and one job each, each charged once, whichever process took the payment', () => payAtOnce([first, second]));
  });
}
