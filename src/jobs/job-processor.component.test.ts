import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { brokenWorkRoot } from '../../test/support/broken-work-root.js';
import { testStepRegistry } from '../../test/support/test-steps.js';
import { KnownFailure } from '../engines/known-failure.js';
import { JobCancelled } from '../pipelines/job-cancelled.js';
import { loadPipelines } from '../pipelines/pipeline-loader.js';
import { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { defineStep } from '../steps/step.js';
import type { StepTools } from '../steps/step-tools.js';
import { JobService } from './job.service.js';
import { JobProcessor } from './job-processor.js';
import { MemoryJobQueue } from './memory-job-queue.js';
import { MemoryJobStore } from './memory-job-store.js';
import { MemoryJobWorker } from './memory-job-worker.js';

/** The job processor on the memory store and queue, running a real loaded pipeline of one test step. */
const workDirs: string[] = [];
const workStep = defineStep<{ ms: number; fail?: string }, { file: string }>({
  type: 'work',
  summary: 'test step',
  description: 'Writes a file in the work directory, names an engine, warns, waits `ms`, then fails with `fail` if given.',
  with: { type: 'object', required: ['ms'], properties: { ms: { type: 'number' }, fail: { type: 'string' } } },
  output: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
  example: '',
  async run(input, ctx) {
    workDirs.push(ctx.workDir);
    const file = path.join(ctx.workDir, 'scratch.txt');
    fs.writeFileSync(file, 'x');
    ctx.engine('thing', 'fake thing 1.0');
    ctx.warn('one frame was unreadable');
    await delay(input.ms, undefined, { signal: ctx.signal });
    if (input.fail) throw new KnownFailure(input.fail);
    return { file: path.basename(file) };
  },
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'processor-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function setUp(withValue: string, workRoot = path.join(root, 'work')) {
  const dir = fs.mkdtempSync(path.join(root, 'p-'));
  const yaml = `path: /w\nsummary: w\nprice_usd: "0.01"\nestimated_seconds: 5\nrequest: { type: object }\nresult: { type: object }
steps:\n  - id: first\n    uses: work\n    with: ${withValue}\n  - id: second\n    uses: echo\n    with: { value: "{{steps.first.file}}" }
output: { file: "{{steps.second.value}}" }\n`;
  fs.writeFileSync(path.join(dir, 'w.yaml'), yaml);
  const pipeline = loadPipelines({
    pipelinesDir: dir,
    schemasDir: path.resolve('schemas'),
    registry: testStepRegistry([workStep]),
  })[0];
  const store = new MemoryJobStore(3_600_000);
  const queue = new MemoryJobQueue(1, 100);
  const processor = new JobProcessor(new PipelineRegistry([pipeline]), store, workRoot, pino({ level: 'silent' }), {} as StepTools);
  const jobs = new JobService(store, queue);
  return { pipeline, store, queue, processor, jobs };
}

async function accepted(s: ReturnType<typeof setUp>) {
  const record = await s.jobs.accept({ pipeline: s.pipeline, request: {}, receipt: null });
  return { job_id: record.id, endpoint_path: '/w', pipeline: s.pipeline.source, request: {} };
}

describe('job processor', () => {
  it('records progress while running, then the result, engines and warnings, and removes the work directory', async () => {
    const s = setUp('{ ms: 1500 }');
    const job = await accepted(s);
    const run = s.processor.process(job);
    // Polled, not timed: a loaded machine may start the step late.
    let during = await s.store.get(job.job_id);
    for (let i = 0; i < 200 && during?.status === 'queued'; i++) {
      await delay(10);
      during = await s.store.get(job.job_id);
    }
    assert.equal(during?.status, 'processing');
    assert.deepEqual(during?.progress, { step: 'first', steps_done: 0, steps_total: 2 });
    assert.ok(fs.existsSync(workDirs.at(-1)!));
    await run;
    const done = await s.store.get(job.job_id);
    assert.equal(done?.status, 'complete');
    assert.deepEqual(done?.result, { file: 'scratch.txt' });
    assert.deepEqual(done?.engines, { thing: 'fake thing 1.0' });
    assert.deepEqual(done?.warnings, [{ step: 'first', message: 'one frame was unreadable' }]);
    assert.deepEqual(done?.progress, { step: null, steps_done: 2, steps_total: 2 });
    assert.equal(done?.attempts, 1);
    assert.equal(fs.existsSync(workDirs.at(-1)!), false);
  });

  it("fails the job with the step's message, keeps what it learnt, and removes the work directory", async () => {
    const s = setUp('{ ms: 0, fail: "the video has no audio track" }');
    const job = await accepted(s);
    await s.processor.process(job);
    const done = await s.store.get(job.job_id);
    assert.equal(done?.status, 'failed');
    assert.equal(done?.error, 'the video has no audio track');
    assert.deepEqual(done?.engines, { thing: 'fake thing 1.0' });
    assert.equal(done?.progress.step, null);
    assert.equal(fs.existsSync(workDirs.at(-1)!), false);
  });

  it('does not run a job again once it finished (a redelivery)', async () => {
    const s = setUp('{ ms: 0 }');
    const job = await accepted(s);
    await s.processor.process(job);
    const runs = workDirs.length;
    await s.processor.process(job);
    assert.equal(workDirs.length, runs);
    assert.equal((await s.store.get(job.job_id))?.attempts, 1);
  });

  it('fails a cancelled job saying so', async () => {
    const s = setUp('{ ms: 10000 }');
    const job = await accepted(s);
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(new JobCancelled('the server shut down before the job finished', false)), 100);
    await s.processor.process(job, cancel.signal);
    const done = await s.store.get(job.job_id);
    assert.equal(done?.status, 'failed');
    assert.equal(done?.error, 'the job was cancelled: the server shut down before the job finished');
    assert.equal(fs.existsSync(workDirs.at(-1)!), false);
  });

  it('records nothing for a job handed over to another worker, and removes the work directory', async () => {
    const s = setUp('{ ms: 10000 }');
    const job = await accepted(s);
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(new JobCancelled("this worker lost the job's lock; another worker runs it", true)), 100);
    await s.processor.process(job, cancel.signal);
    const after = await s.store.get(job.job_id);
    assert.equal(after?.status, 'processing');
    assert.equal(after?.error, undefined);
    assert.equal(fs.existsSync(workDirs.at(-1)!), false);
  });

  it('memory queue: a job starts on the next turn, so the request that queued it is answered before its work', async () => {
    const s = setUp('{ ms: 0 }');
    const started: string[] = [];
    await s.queue.startWorker(async (ticket, signal) => {
      started.push(ticket.job_id);
      await s.processor.runTicket(ticket, signal);
    });
    const job = await accepted(s);
    assert.deepEqual(started, [], 'the job ran inside the call that queued it');
    assert.equal((await s.store.get(job.job_id))?.status, 'queued');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, [job.job_id]);
    await s.queue.close();
    assert.equal((await s.store.get(job.job_id))?.status, 'complete');
  });

  it('memory queue: closing it cancels a running job after the grace period, and the job says so', async () => {
    const s = setUp('{ ms: 10000 }');
    await s.queue.startWorker((ticket, signal) => s.processor.runTicket(ticket, signal));
    const job = await accepted(s);
    await delay(50);
    const started = Date.now();
    await s.queue.close();
    assert.ok(Date.now() - started < 2000, 'close did not wait for the 10 s step');
    const done = await s.store.get(job.job_id);
    assert.equal(done?.status, 'failed');
    assert.equal(done?.error, 'the job was cancelled: the server shut down before the job finished');
  });
});

describe('in-process queue: a job its processor throws on (the work directory cannot be made)', () => {
  /** The queue's worker started, each try of the processor counted (and `afterFirst` run once the first has thrown). */
  async function started(s: ReturnType<typeof setUp>, afterFirst = () => {}) {
    const tries: unknown[] = [];
    const runTicket = s.processor.runTicket.bind(s.processor);
    s.processor.runTicket = async (...args) => {
      try {
        return await runTicket(...args);
      } catch (err) {
        if (tries.push(err) === 1) afterFirst();
        throw err;
      }
    };
    await new MemoryJobWorker(s.queue, s.processor).onApplicationBootstrap();
    return tries;
  }

  async function ended(s: ReturnType<typeof setUp>, id: string) {
    for (let i = 0; i < 400; i++) {
      const r = await s.store.get(id);
      if (r?.status === 'complete' || r?.status === 'failed') return r;
      await delay(25);
    }
    return s.store.get(id);
  }

  it('is tried again after a pause, and completes once the disk is usable', async () => {
    const workRoot = brokenWorkRoot(root);
    const s = setUp('{ ms: 0 }', workRoot);
    const tries = await started(s, () => fs.rmSync(path.join(workRoot, 'jobs')));
    const job = await accepted(s);
    const done = await ended(s, job.job_id);
    assert.equal(done?.status, 'complete', done?.error ?? undefined);
    assert.equal(tries.length, 1, 'one try threw, the next ran the job');
    await s.queue.close();
  });

  it('fails saying why once its tries are spent', async () => {
    const s = setUp('{ ms: 0 }', brokenWorkRoot(root));
    const tries = await started(s);
    const job = await accepted(s);
    const done = await ended(s, job.job_id);
    assert.equal(done?.status, 'failed');
    assert.match(done?.error ?? '', /^the job could not be run, 3 tries: .*ENOTDIR/);
    assert.equal(tries.length, 3);
    await s.queue.close();
  });
});
