import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetClients, paidPost } from '../support/devnet.js';
import { photographedPage } from '../support/documents.js';
import { type Harness, pollJob, ROOT, startHarness } from '../support/harness.js';

/** A public-domain portrait (Debian's facedetect examples, unpacked by scripts/setup.sh). */
const PORTRAIT = path.join(ROOT, 'test-artifacts', 'photos', 'grace_hopper.jpg');
/**
 * The longest the service's event loop may stall while image jobs run. Their CPU work (OpenCV, the face mesh) takes
 * seconds a photo; on the event loop one document scan alone stalled it 1.3-4 s, long enough for Redis commands to
 * time out and settled jobs to fail. Off the loop what remains is milliseconds of glue; the margin is for a busy machine.
 */
const MAX_LAG_MS = 500;

/** A burst of paid /scan-style and /hair-formula jobs in one process with Redis (ROLE=all), the event loop watched. */
describe('a burst of paid image jobs in one process', () => {
  let h: Harness;
  let page: string;
  before(async () => {
    page = (await photographedPage()).file;
    h = await startHarness({ driver: 'bullmq', env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
  });
  after(() => h.close());

  it('keeps the event loop responsive, completes every job, and charges exactly the completed jobs', async () => {
    const { dev, balanceOf } = devnetClients(h);
    const payer = privateKeyToAccount(dev.payerKey).address;
    const spentBefore = await balanceOf(payer);
    const bodies = [
      ...Array.from({ length: 4 }, () => ['/scan-style', { image_b64: fs.readFileSync(page).toString('base64') }] as const),
      ...Array.from({ length: 6 }, () => ['/hair-formula', { image_b64: fs.readFileSync(PORTRAIT).toString('base64') }] as const),
    ];

    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const accepted = await Promise.all(bodies.map(([route, body]) => paidPost(h, route, body)));
    for (const res of accepted) assert.equal(res.status, 202, res.text);
    const jobs = await Promise.all(accepted.map((res) => pollJob(h.url, res.json.job_id, 180)));
    lag.disable();

    for (const job of jobs) assert.equal(job.status, 'complete', `${job.endpoint_path}: ${job.error}`);
    assert.deepEqual(jobs.map((j) => j.endpoint_path).sort(), bodies.map(([route]) => route).sort());
    const charged = jobs.reduce((sum, j) => sum + parseUnits(String(j.cost_usd), 6), 0n);
    assert.equal(charged, 10n * parseUnits('0.50', 6));
    assert.equal(spentBefore - (await balanceOf(payer)), charged, "the payer's spend is the completed jobs' cost");
    const maxLagMs = lag.max / 1e6;
    assert.ok(maxLagMs < MAX_LAG_MS, `the event loop stalled ${maxLagMs.toFixed(0)} ms (at most ${MAX_LAG_MS} ms allowed)`);
  });
});
