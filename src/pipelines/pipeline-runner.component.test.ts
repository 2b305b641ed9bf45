import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { attempts, events, removeRunDirs, resetRuns, runSteps as run, task } from '../../test/support/pipeline-run.js';
import { stallFor } from '../../test/support/stall.js';
import { JobCancelled } from './job-cancelled.js';
import { JobFailure } from './pipeline-runner.js';

/** The runner's schedule in time: order and concurrency, retries, timeouts and cancellation (its rules: pipeline-runner.test.ts). */
beforeEach(resetRuns);
after(removeRunDirs);

describe('pipeline runner: order and concurrency', () => {
  it('starts a step when the steps it references end, and independent steps together', async () => {
    // b and c reference a; d references both (the test step takes any extra `with:` field).
    const steps = [
      task('a', 'ms: 10'),
      task('b', 'ms: 150, ref: "{{steps.a.name}}"'),
      task('c', 'ms: 150, ref: "{{steps.a.name}}"'),
      task('d', 'ms: 0, ref: ["{{steps.b.name}}", "{{steps.c.name}}"]'),
    ];
    const { result, progress } = run(steps.join('\n'), '"{{steps.d}}"');
    assert.deepEqual(await result, { name: 'd', attempt: 1 });
    const at = (e: string) => events.indexOf(e);
    assert.ok(at('end a') < at('start b') && at('end a') < at('start c'), events.join(' '));
    assert.ok(at('start c') < at('end b') && at('start b') < at('end c'), `b and c overlap: ${events.join(' ')}`);
    assert.ok(at('start d') > at('end b') && at('start d') > at('end c'), events.join(' '));
    assert.ok(
      progress.some((p) => p === 'b,c|1' || p === 'c,b|1'),
      `progress shows b and c running together: ${progress.join(' ')}`,
    );
    assert.equal(progress.at(-1), '|4');
  });

  it('shows a running step at every progress report between the first step and the end (never a gap between steps)', async () => {
    const chain = [task('a', 'ms: 20'), task('b', 'ms: 20, ref: "{{steps.a.name}}"'), task('c', 'ms: 20, ref: "{{steps.b.name}}"')];
    const { result, progress } = run(chain.join('\n'), '"{{steps.c}}"');
    await result;
    assert.deepEqual(progress, ['a|0', 'b|1', 'c|2', '|3']);
  });
});

describe('pipeline runner: retries', () => {
  it('retries a transient failure up to `retries` times', async () => {
    const { result } = run(task('a', 'failures: 2, transient: true', '    retries: 2\n'), '"{{steps.a}}"');
    assert.deepEqual(await result, { name: 'a', attempt: 3 });
  });

  it('does not retry a failure that is not transient, and fails the job with its message', async () => {
    const { result } = run(task('a', 'failures: 1, transient: false', '    retries: 3\n'));
    await assert.rejects(result, (err) => err instanceof JobFailure && err.message === 'a failed on attempt 1');
    assert.equal(attempts.get('a'), 1);
  });

  it('fails the job once the retries are spent', async () => {
    const { result } = run(task('a', 'failures: 5, transient: true', '    retries: 1\n'));
    await assert.rejects(result, (err) => err instanceof JobFailure && err.message === 'a failed on attempt 2');
    assert.equal(attempts.get('a'), 2);
  });
});

describe('pipeline runner: timeouts and cancellation', () => {
  it('keeps a step that ended within timeout_seconds while the main thread was busy past them', async () => {
    const { result } = run(task('a', 'ms: 300, in_child: true', '    timeout_seconds: 1\n'), '"{{steps.a}}"');
    await delay(100);
    await stallFor(1500);
    assert.deepEqual(await result, { name: 'a', attempt: 1 });
  });

  it("fails a step that overruns timeout_seconds, aborting the step's signal", async () => {
    const { result } = run(task('a', 'ms: 5000', '    timeout_seconds: 0.1\n'));
    await assert.rejects(result, (err) => err instanceof JobFailure && err.message === "step 'a' (task) timed out after 0.1 s");
    await delay(20);
    assert.deepEqual(events, ['start a', 'aborted a', 'end a']);
  });

  it('stops every running step when the job is cancelled, and says the job was cancelled', async () => {
    const cancel = new AbortController();
    const { result } = run([task('a', 'ms: 5000'), task('b', 'ms: 5000')].join('\n'), undefined, cancel.signal);
    setTimeout(() => cancel.abort(new JobCancelled('the server shut down', false)), 50);
    await assert.rejects(result, (err) => err instanceof JobCancelled && err.message === 'the server shut down' && !err.handedOver);
    assert.deepEqual(events.filter((e) => e.startsWith('aborted')).sort(), ['aborted a', 'aborted b']);
  });

  it('fails the other running steps when one mandatory step fails', async () => {
    const { result } = run([task('a', 'ms: 5000'), task('b', 'failures: 1')].join('\n'));
    await assert.rejects(result, /b failed on attempt 1/);
    assert.ok(events.includes('aborted a'), events.join(' '));
  });
});
