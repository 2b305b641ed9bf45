import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { paidPost } from '../support/devnet.js';
import { type Harness, pollJob, REDIS_URL, startHarness } from '../support/harness.js';
import { exited, startService } from '../support/processes.js';
import { serviceQueueCounts } from '../support/queue-counts.js';
import { waitFor } from '../support/wait-for.js';

const JOBS = 12;
const PAUSE_SECONDS = 3;
const CONCURRENCY = 2;
// Short locks, so that a job handed over by a stopping worker is taken by the other one within the test.
const LOCKS = { WORKER_LOCK_MS: '1500', WORKER_STALLED_INTERVAL_MS: '700', WORKER_MAX_STALLED: '2', WORKER_CONCURRENCY: `${CONCURRENCY}` };

type Worker = ReturnType<typeof startService>;

/** The worker's log lines (pino JSON), each with its msg and job_id. */
function logLines(worker: Worker): Array<{ msg: string; job_id?: string }> {
  return worker
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

/** vidint_queue_depth on the API process's GET /metrics. */
async function queueDepth(api: Harness): Promise<number> {
  const text = await (await fetch(`${api.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('vidint_queue_depth '));
  assert.ok(line, 'vidint_queue_depth is exported');
  return Number(line.split(' ')[1]);
}

/**
 * An API process that runs no jobs, and ROLE=worker processes started on its queue with short locks; all of them
 * stopped after the suite. Call inside a describe.
 */
function apiAndWorkers() {
  let api: Harness | undefined;
  const workers: Worker[] = [];
  after(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await Promise.all(workers.map(exited));
    await api?.close();
  });
  return {
    async api(): Promise<Harness> {
      api = await startHarness({ driver: 'bullmq', worker: false, env: { X402_NETWORKS: 'base', MPP_ENABLED: 'false', ...LOCKS } });
      return api;
    },
    worker(): Worker {
      const { KEY_PREFIX, QUEUE_NAME, PIPELINES_DIR, WORK_DIR } = (api as Harness).env;
      const w = startService({ ROLE: 'worker', REDIS_URL, KEY_PREFIX, QUEUE_NAME, PIPELINES_DIR, WORK_DIR, LOG_LEVEL: 'info', ...LOCKS });
      workers.push(w);
      return w;
    },
  };
}

/**
 * An API process and two ROLE=worker processes on one queue; a burst of paid jobs, and one worker stopped with
 * SIGTERM (what an orchestrator sends when it scales down) while it runs jobs of the burst.
 */
describe('a worker stopped (SIGTERM) during a burst of paid jobs queued before the workers start', () => {
  const fixture = apiAndWorkers();

  it('loses none: every job completes exactly once, and the stopping worker takes no new job', async () => {
    const api = await fixture.api();
    const answers = await Promise.all(
      Array.from({ length: JOBS }, (_, i) => paidPost(api, '/echo', { text: `burst ${i}`, pause: PAUSE_SECONDS })),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      answers.map(() => 202),
      answers.find((a) => a.status !== 202)?.text,
    );
    const ids = answers.map((a) => a.json.job_id as string);
    // No worker yet: the whole burst waits, and the depth an autoscaler reads says so.
    assert.equal(await queueDepth(api), JOBS);

    const workers = [fixture.worker(), fixture.worker()];
    for (const w of workers) await waitFor(() => w.output().includes('"msg":"worker started"'), `worker started: ${w.output()}`, 60_000);

    const [stopping, staying] = workers;
    // Stopped once every slot runs a job: a job taken before the signal but still being prepared would log its start
    // after 'shutting down', and be no new job.
    const started = () => logLines(stopping).filter((l) => l.msg === 'job started').length;
    await waitFor(() => started() >= CONCURRENCY, 'the first worker runs a job of the burst in each of its slots', 60_000);
    stopping.kill('SIGTERM');
    assert.equal(await exited(stopping), 0, stopping.output());

    const jobs = await Promise.all(ids.map((id) => pollJob(api.url, id, 90)));
    jobs.forEach((job, i) => {
      assert.equal(job.status, 'complete', job.error);
      assert.equal(job.result.greeting, `hello burst ${i}`);
    });
    // A worker logs a job's end after writing it, so the last lines may still be on their way when the poll sees the end.
    const completionsOf = (id: string) =>
      [...logLines(stopping), ...logLines(staying)].filter((l) => l.job_id === id && l.msg === 'job complete').length;
    await waitFor(() => ids.every((id) => completionsOf(id) > 0), 'every completion is in a worker log', 10_000).catch(() => undefined);
    const lines = [...logLines(stopping), ...logLines(staying)];
    for (const id of ids) {
      const completions = lines.filter((l) => l.job_id === id && l.msg === 'job complete').length;
      assert.equal(completions, 1, `job ${id} completed ${completions} times`);
      const starts = lines.filter((l) => l.job_id === id && l.msg === 'job started').length;
      assert.equal((await api.rt.store.get(id))?.attempts, starts, 'every run of the job is on its record');
    }
    const stoppingLines = logLines(stopping);
    const stopAt = stoppingLines.findIndex((l) => l.msg === 'shutting down');
    assert.ok(stopAt >= 0, stopping.output());
    assert.deepEqual(
      stoppingLines.slice(stopAt).filter((l) => l.msg === 'job started'),
      [],
      'no job started on the stopping worker after SIGTERM',
    );
    assert.ok(
      stoppingLines.slice(stopAt).some((l) => l.msg === 'job complete'),
      'the jobs it was running when told to stop finished there',
    );
    assert.equal(await queueDepth(api), 0);
    assert.deepEqual(await serviceQueueCounts(api.env, 'completed', 'failed', 'active', 'wait', 'delayed'), {
      completed: JOBS,
      failed: 0,
      active: 0,
      wait: 0,
      delayed: 0,
    });
  });
});

/** A job longer than the 10 s a stopping worker gives its running jobs: handed over, not lost, and completed once. */
describe('a worker stopped (SIGTERM) while it runs a job longer than its grace', () => {
  const fixture = apiAndWorkers();

  it('hands the job over: the other worker runs it from the start and completes it once', async () => {
    const api = await fixture.api();
    const stopping = fixture.worker();
    const paid = await paidPost(api, '/echo', { text: 'long', pause: 25 });
    assert.equal(paid.status, 202, paid.text);
    const id = paid.json.job_id;
    await waitFor(
      () => logLines(stopping).some((l) => l.job_id === id && l.msg === 'job started'),
      'the first worker runs the job',
      60_000,
    );
    const staying = fixture.worker();
    await waitFor(() => staying.output().includes('"msg":"worker started"'), 'the second worker started', 60_000);
    stopping.kill('SIGTERM');
    assert.equal(await exited(stopping), 0, stopping.output());

    const job = await pollJob(api.url, id, 90);
    assert.equal(job.status, 'complete', job.error);
    assert.equal(job.result.greeting, 'hello long');
    const completedOnStaying = () => logLines(staying).some((l) => l.job_id === id && l.msg === 'job complete');
    await waitFor(completedOnStaying, 'the completion is in the staying worker log', 10_000).catch(() => undefined);
    assert.match(stopping.output(), new RegExp(`"job_id":"${id}".*this worker shut down; another worker runs the job`), 'stopped there');
    assert.equal(logLines(stopping).filter((l) => l.msg === 'job complete').length, 0);
    assert.equal(logLines(staying).filter((l) => l.job_id === id && l.msg === 'job complete').length, 1);
    // Two runs, one on each worker, and one more for each time the staying worker handed it on too (its lock lapsed
    // on a starved machine); every run is on the record.
    const of = (w: Worker, msg: string) => logLines(w).filter((l) => l.job_id === id && l.msg === msg).length;
    const starts = of(stopping, 'job started') + of(staying, 'job started');
    const logs = `stopping:\n${stopping.output()}\nstaying:\n${staying.output()}`;
    assert.equal(starts, 2 + of(staying, 'job stopped here; another worker runs it'), logs);
    assert.equal((await api.rt.store.get(id))?.attempts, starts, logs);
    assert.deepEqual(await serviceQueueCounts(api.env, 'completed', 'failed', 'active', 'wait', 'delayed'), {
      completed: 1,
      failed: 0,
      active: 0,
      wait: 0,
      delayed: 0,
    });
  });
});
