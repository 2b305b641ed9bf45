import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Driver, type Harness, pollJob, startHarness } from '../support/harness.js';

// The same job tests run on both queue drivers.
for (const driver of ['memory', 'bullmq'] as Driver[]) {
  describe(`jobs on the ${driver} driver`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ driver });
    });
    after(() => h.close());

    const accept = (pipelinePath: string, request: Record<string, unknown>, affiliateId: string | null = null) =>
      h.rt.jobs.accept({ pipeline: h.rt.pipelines.byPath(pipelinePath)!, request, receipt: null, affiliateId });

    it('runs a pipeline to a complete job with the full envelope', async () => {
      const record = await accept('/echo', { text: 'hi', pause: 0.3, shout: true }, 'agent-7');
      assert.equal(record.status, 'queued');
      const job = await pollJob(h.url, record.id);
      assert.equal(job.status, 'complete', job.error);
      assert.equal(job.id, record.id);
      assert.equal(job.job_id, record.id);
      assert.equal(job.endpoint_path, '/echo');
      assert.equal(job.cost_usd, 0.01);
      assert.equal(job.affiliate_id, 'agent-7');
      assert.ok(Number.isInteger(job.created_at) && job.completed_at >= job.created_at);
      assert.deepEqual(job.progress, { step: null, steps_done: 4, steps_total: 4 });
      assert.equal(job.receipt, null);
      assert.deepEqual(job.engines, {});
      assert.deepEqual(job.warnings, []);
      assert.equal('error' in job, false);
      assert.equal(job.result.text, 'hi');
      assert.equal(job.result.greeting, 'hello hi');
      assert.equal(job.result.shouted, 'hello hi!');
      assert.equal(job.result.job, record.id);
    });

    it('runs independent steps concurrently', async () => {
      const job = await pollJob(h.url, (await accept('/echo', { text: 'x', pause: 0.5 })).id);
      const { left, right } = job.result;
      assert.ok(left.started_at < right.ended_at && right.started_at < left.ended_at, `no overlap: ${JSON.stringify({ left, right })}`);
    });

    it('skips a step whose condition is false (references to its fields resolve to nothing)', async () => {
      const job = await pollJob(h.url, (await accept('/echo', { text: 'quiet', shout: false })).id);
      assert.equal(job.status, 'complete', job.error);
      assert.equal(job.result.greeting, 'hello quiet');
      assert.equal('shouted' in job.result, false);
    });

    it('shows progress and Retry-After while a job runs', async () => {
      const { id } = await accept('/echo', { text: 'slow', pause: 1.5 });
      let seen: any = null;
      for (let i = 0; i < 100 && !seen; i++) {
        const res = await fetch(`${h.url}/jobs/${id}`);
        const body: any = await res.json();
        if (body.status === 'processing' && body.progress.step) seen = { body, retryAfter: res.headers.get('retry-after') };
        else await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(seen, 'never saw the job processing');
      assert.equal(seen.retryAfter, '3');
      assert.match(seen.body.progress.step, /left/);
      assert.match(seen.body.progress.step, /right/);
      assert.equal(seen.body.progress.steps_total, 4);
      assert.ok(seen.body.progress.steps_done < 4);
      assert.equal('result' in seen.body, false);
      assert.equal((await pollJob(h.url, id)).status, 'complete');
    });

    it('fails a job with the step message after retrying transient failures', async () => {
      const job = await pollJob(h.url, (await accept('/failing', { message: 'the source is unreachable' })).id);
      assert.equal(job.status, 'failed');
      assert.equal(job.error, 'the source is unreachable');
      assert.ok(job.completed_at >= job.created_at);
      assert.equal('result' in job, false);
    });

    it('completes a job whose optional steps fail or time out, listing them in warnings', async () => {
      const job = await pollJob(h.url, (await accept('/degraded', { text: 'kept', message: 'the captions were unreadable' })).id);
      assert.equal(job.status, 'complete', job.error);
      assert.deepEqual(job.result, { text: 'kept', extra: null, nap: null });
      assert.deepEqual(
        job.warnings,
        [
          { step: 'nap', message: "skipped: step 'nap' (sleep) timed out after 0.2 s" },
          { step: 'extra', message: 'skipped: the captions were unreadable' },
        ].sort((a, b) => job.warnings.findIndex((w: any) => w.step === a.step) - job.warnings.findIndex((w: any) => w.step === b.step)),
      );
      assert.equal(job.warnings.length, 2);
    });

    it('still fails a job when a mandatory step fails, with no warnings', async () => {
      const job = await pollJob(h.url, (await accept('/failing', { message: 'the download broke' })).id);
      assert.equal(job.status, 'failed');
      assert.equal(job.error, 'the download broke');
      assert.deepEqual(job.warnings, []);
    });

    it('fails a job whose result breaks the result schema, saying why', async () => {
      const job = await pollJob(h.url, (await accept('/broken-result', { text: 'seven' })).id);
      assert.equal(job.status, 'failed');
      assert.match(job.error, /did not match the \/broken-result result schema: result\.count: must be integer/);
    });

    it('fails a step that runs past its timeout, and removes the work directory', async () => {
      const { id } = await accept('/slow', { seconds: 30 });
      const job = await pollJob(h.url, id);
      assert.equal(job.status, 'failed');
      assert.equal(job.error, "step 'nap' (sleep) timed out after 2 s");
      assert.equal(fs.existsSync(path.join(h.env.WORK_DIR, 'jobs', id)), false);
    });

    it('removes each job work directory when the job completes', async () => {
      const { id } = await accept('/echo', { text: 'clean' });
      await pollJob(h.url, id);
      assert.equal(fs.existsSync(path.join(h.env.WORK_DIR, 'jobs', id)), false);
    });
  });
}

describe('job retention', () => {
  for (const driver of ['memory', 'bullmq'] as Driver[]) {
    it(`answers 404 once a job is past retention (${driver})`, async () => {
      // Three seconds, not one: the poll that sees the job complete must come before it expires, and a loaded 2-core
      // machine stalled this process past one second.
      const h = await startHarness({ driver, env: { JOB_RETENTION_SECONDS: '3' } });
      try {
        const { id } = await h.rt.jobs.accept({ pipeline: h.rt.pipelines.byPath('/echo')!, request: { text: 'x' }, receipt: null });
        assert.equal((await pollJob(h.url, id)).status, 'complete');
        await new Promise((r) => setTimeout(r, 3100));
        const res = await fetch(`${h.url}/jobs/${id}`);
        assert.equal(res.status, 404);
        assert.match(((await res.json()) as any).error, /expired/);
      } finally {
        await h.close();
      }
    });
  }
});
