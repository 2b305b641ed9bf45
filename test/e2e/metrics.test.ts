import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paidJob } from '../support/devnet.js';
import { type Harness, postJson, startHarness } from '../support/harness.js';

const ADMIN_TOKEN = 'operator-token-for-metrics-tests-0123';

/** The value of one sample of a Prometheus text scrape, by metric name and exact labels (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return 0;
}

/** GET /metrics after paid jobs on the devnet (BullMQ on Redis), and the operators' queue dashboard. */
describe('watching the running service (Redis)', () => {
  let h: Harness;
  let jobs: any[];
  let text: string;

  before(async () => {
    h = await startHarness({ driver: 'bullmq', env: { ADMIN_TOKEN } });
    jobs = [await paidJob(h, '/echo', { text: 'one' }), await paidJob(h, '/echo', { text: 'two', shout: true })];
    assert.equal((await postJson(`${h.url}/echo`, { text: 'unpaid' })).status, 402);
    assert.equal((await postJson(`${h.url}/echo`, { text: 'garbled' }, { 'x-payment': 'not base64 json' })).status, 402);
    const res = await fetch(`${h.url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    text = await res.text();
  });
  after(() => h?.close());

  it('counts requests by route pattern and status, and 402s by route', () => {
    // Each paid job: a 402 (the challenge) then a 202; plus one request left unpaid and one with an unreadable payment.
    assert.equal(sample(text, 'vidint_http_requests_total', { method: 'POST', route: '/echo', status: '402' }), 4);
    assert.equal(sample(text, 'vidint_http_requests_total', { method: 'POST', route: '/echo', status: '202' }), 2);
    assert.ok(sample(text, 'vidint_http_requests_total', { method: 'GET', route: '/jobs/:id', status: '200' }) >= 2);
    assert.doesNotMatch(text, new RegExp(jobs[0].id), 'a raw URL (with a job id) was used as a label');
    assert.equal(sample(text, 'vidint_payment_required_total', { route: '/echo' }), 4);
  });

  it('counts settled payments by method, network and outcome', () => {
    assert.equal(sample(text, 'vidint_payments_total', { method: 'x402', network: 'base', outcome: 'settled' }), 2);
    // A payment offered and refused is counted too; what cannot be read is `unknown`, never the header's text.
    assert.equal(sample(text, 'vidint_payments_total', { method: 'x402', network: 'unknown', outcome: 'refused' }), 1);
  });

  it('counts jobs by pipeline and outcome and times each step in a histogram', () => {
    assert.equal(sample(text, 'vidint_jobs_total', { pipeline: '/echo', outcome: 'complete' }), 2);
    const step = { pipeline: '/echo', step: 'greeting', uses: 'echo', outcome: 'done' };
    assert.equal(sample(text, 'vidint_step_duration_seconds_count', step), 2);
    assert.equal(sample(text, 'vidint_step_duration_seconds_bucket', { ...step, le: '+Inf' }), 2);
    // `loud` runs only when asked to shout: skipped once, done once.
    assert.equal(sample(text, 'vidint_step_duration_seconds_count', { ...step, step: 'loud', outcome: 'skipped' }), 1);
    assert.equal(sample(text, 'vidint_step_duration_seconds_count', { ...step, step: 'loud', outcome: 'done' }), 1);
  });

  it('reports the queue depth by state and the worker count', () => {
    assert.equal(sample(text, 'vidint_queue_jobs', { state: 'completed' }), 2);
    assert.equal(sample(text, 'vidint_queue_jobs', { state: 'failed' }), 0);
    assert.equal(sample(text, 'vidint_workers', {}), h.rt.config.jobs.workerConcurrency);
  });

  it("names the process's own metrics with the prefix once", () => {
    assert.ok(sample(text, 'vidint_process_cpu_seconds_total', {}) > 0);
    assert.ok(sample(text, 'vidint_process_resident_memory_bytes', {}) > 0);
    assert.doesNotMatch(text, /vidint_process_process_|vidint_process_nodejs_/);
  });

  it("carries each step's timing on the job", () => {
    const [plain, shouted] = jobs;
    assert.deepEqual(plain.steps.map((s: any) => s.id).sort(), ['greeting', 'left', 'loud', 'right']);
    assert.deepEqual(
      plain.steps.find((s: any) => s.id === 'loud'),
      { id: 'loud', uses: 'echo', state: 'skipped', ms: 0 },
    );
    for (const s of shouted.steps) {
      assert.equal(s.state, 'done');
      assert.ok(Number.isInteger(s.ms) && s.ms >= 0);
    }
  });

  it('serves the queue dashboard behind ADMIN_TOKEN: 401 without it, 200 with it', async () => {
    const refused = await fetch(`${h.url}/admin/queues`);
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('www-authenticate'), 'Bearer');
    assert.ok(((await refused.json()) as any).error);
    const wrong = await fetch(`${h.url}/admin/queues/api/queues`, { headers: { authorization: 'Bearer not-the-token-at-all-0123456789' } });
    assert.equal(wrong.status, 401);

    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const page = await fetch(`${h.url}/admin/queues`, { headers: auth });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const api = await fetch(`${h.url}/admin/queues/api/queues?activeQueue=${h.env.QUEUE_NAME}&status=completed`, { headers: auth });
    assert.equal(api.status, 200);
    const queue = ((await api.json()) as any).queues.find((q: any) => q.name === h.env.QUEUE_NAME);
    assert.ok(queue, 'the dashboard does not list the service queue');
    assert.equal(queue.counts.completed, 2);
    assert.deepEqual(
      queue.jobs.map((j: any) => j.progress),
      [100, 100],
      "the dashboard shows each job's progress in percent of its steps (100 once complete)",
    );
  });
});
