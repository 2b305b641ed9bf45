import assert from 'node:assert/strict';
import { after, beforeEach, describe, it } from 'node:test';
import { events, removeRunDirs, resetRuns, runSteps as run, task } from '../../test/support/pipeline-run.js';
import { JobFailure } from './pipeline-runner.js';

/** The runner's rules on real loaded pipelines: `when`, optional steps, the result schema (its schedule in time: pipeline-runner.component.test.ts). */
beforeEach(resetRuns);
after(removeRunDirs);

describe('pipeline runner: when and optional steps', () => {
  it('skips a step whose `when` is false (its output is null) and runs one whose `when` is true', async () => {
    const steps = [
      task('a', 'ms: 0'),
      task('b', 'ms: 0', '    when: "{{steps.a.missing}}"\n'),
      task('c', 'ms: 0', '    when: "{{steps.a.name}}"\n'),
    ];
    const { result } = run(steps.join('\n'), '{ b: "{{steps.b}}", c: "{{steps.c.name}}" }');
    assert.deepEqual(await result, { b: null, c: 'c' });
    assert.ok(!events.includes('start b'));
  });

  it('gives a failed optional step the output null and a warning, and goes on', async () => {
    const steps = [task('a', 'failures: 1', '    optional: true\n'), task('b', 'ms: 0')];
    const { result, warnings } = run(steps.join('\n'), '{ a: "{{steps.a}}", b: "{{steps.b.name}}" }');
    assert.deepEqual(await result, { a: null, b: 'b' });
    assert.deepEqual(warnings, [{ step: 'a', message: 'skipped: a failed on attempt 1' }]);
  });

  it('fails the job when the output breaks the result schema', async () => {
    const { result } = run(task('a', 'ms: 0'), '"{{steps.a.name}}"');
    await assert.rejects(result, /the result did not match the \/t result schema/);
  });
});

describe('pipeline runner: a skipped optional step and its readers', () => {
  /** `source` times out (optional or not); `reader` takes its name from source's output (optional or not). */
  function skipped(opts: { sourceOptional: boolean; readerOptional: boolean }) {
    const source = task('source', 'ms: 30000', `    optional: ${opts.sourceOptional}\n    timeout_seconds: 0.1\n`);
    // A reference into a null output is left out: the reader's input lacks its required `name`.
    const reader = `  - id: reader\n    uses: task\n    optional: ${opts.readerOptional}\n    with: { name: "{{steps.source.name}}" }`;
    return run(`${source}\n${reader}`, '{ source: "{{steps.source}}", reader: "{{steps.reader}}" }');
  }

  it('gives a timed-out optional step the output null, a warning, and skips an optional reader of it too', async () => {
    const { result, warnings } = skipped({ sourceOptional: true, readerOptional: true });
    assert.deepEqual(await result, { source: null, reader: null });
    assert.equal(warnings.length, 2);
    assert.deepEqual(warnings[0], { step: 'source', message: "skipped: step 'source' (task) timed out after 0.1 s" });
    assert.equal(warnings[1].step, 'reader');
    assert.match(warnings[1].message, /cannot run without the output of 'source', which was skipped/);
  });

  it('fails the job when a mandatory step needs the output of a skipped optional step, naming it', async () => {
    const { result, warnings } = skipped({ sourceOptional: true, readerOptional: false });
    await assert.rejects(result, (err: Error) => {
      assert.ok(err instanceof JobFailure);
      assert.match(err.message, /^step 'reader' \(task\) cannot run without the output of 'source', which was skipped/);
      return true;
    });
    assert.deepEqual(warnings, [{ step: 'source', message: "skipped: step 'source' (task) timed out after 0.1 s" }]);
  });

  it('fails the job when a mandatory step fails, with no warning', async () => {
    const { result, warnings } = skipped({ sourceOptional: false, readerOptional: true });
    await assert.rejects(result, (err) => err instanceof JobFailure && err.message === "step 'source' (task) timed out after 0.1 s");
    assert.deepEqual(warnings, []);
  });
});
