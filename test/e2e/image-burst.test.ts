import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetClients, paidPost } from '../support/devnet.js';
import { photographedPage } from '../support/documents.js';
import { type Harness, pollJob, ROOT, startHarness } from '../support/harness.js';
import { watchStalls } from '../support/stall-watch.js';

/** A public-domain portrait (Debian's facedetect examples, unpacked by scripts/setup.sh). */
const PORTRAIT = path.join(ROOT, 'test-artifacts', 'photos', 'grace_hopper.jpg');
/**
 * The most CPU the service's main thread may spend in one stall of its event loop. The image jobs' own work (OpenCV, the
 * face mesh) takes about a second of CPU a photo: on the event loop, one document scan stalled it 1.3-4 s, long
 * enough for Redis commands to time out and settled jobs to fail. Counted in the main thread's CPU, not in wall time,
 * so that a machine busy with other work (which stretches every stall) does not fail the test: off the loop, what
 * is left between two turns is milliseconds of glue.
 */
const MAX_STALL_CPU_MS = 250;

/** A burst of paid /scan-style and /hair-formula jobs in one process with Redis (ROLE=all), the event loop watched. */
describe('a burst of paid image jobs in one process', () => {
  let h: Harness;
  let page: string;
  before(async () => {
    page = (await photographedPage()).file;
    await import('x402/client'); // the paying client's modules load before the watch starts (this process is the service's too)
    // What is asserted is the main thread's own CPU in a stall; a test machine busy with other work stretches the
    // start-up's stalls (Nest, the devnet chain) past the default 1 s Redis command timeout, which is not the point here.
    h = await startHarness({ driver: 'bullmq', env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), REDIS_COMMAND_TIMEOUT_MS: '5000' } });
  });
  after(() => h.close());

  it('keeps CPU work off the event loop, completes every job, and charges exactly the completed jobs', async () => {
    const { dev, balanceOf } = devnetClients(h);
    const payer = privateKeyToAccount(dev.payerKey).address;
    const spentBefore = await balanceOf(payer);
    const bodies = [
      ...Array.from({ length: 4 }, () => ['/scan-style', { image_b64: fs.readFileSync(page).toString('base64') }] as const),
      ...Array.from({ length: 6 }, () => ['/hair-formula', { image_b64: fs.readFileSync(PORTRAIT).toString('base64') }] as const),
    ];

    const stalls = watchStalls();
    const accepted = await Promise.all(bodies.map(([route, body]) => paidPost(h, route, body)));
    for (const res of accepted) assert.equal(res.status, 202, res.text);
    const jobs = await Promise.all(accepted.map((res) => pollJob(h.url, res.json.job_id, 180)));
    stalls.stop();

    for (const job of jobs) assert.equal(job.status, 'complete', `${job.endpoint_path}: ${job.error}`);
    assert.deepEqual(jobs.map((j) => j.endpoint_path).sort(), bodies.map(([route]) => route).sort());
    const charged = jobs.reduce((sum, j) => sum + parseUnits(String(j.cost_usd), 6), 0n);
    assert.equal(charged, 10n * parseUnits('0.50', 6));
    assert.equal(spentBefore - (await balanceOf(payer)), charged, "the payer's spend is the completed jobs' cost");
    const { wallMs, cpuMs } = stalls.take();
    assert.ok(
      cpuMs < MAX_STALL_CPU_MS,
      `the event loop stalled ${wallMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of it the main thread's own CPU work`,
    );
  });
});
