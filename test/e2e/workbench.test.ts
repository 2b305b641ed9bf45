import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { type OpenAiServer, startOpenAiServer } from '../support/openai-server.js';

const exec = promisify(execFile);
const CLI = path.resolve('dist/src/cli/vidint.js');
const CASES = path.resolve('examples/eval/ad-debunk');
const SPOKEN_AD = path.join(CASES, 'media/spoken-ad.mp4');
const PHOTO = path.resolve('test-artifacts/photos/grace_hopper.jpg');

/** Runs the CLI as a user does (not a terminal: plain progress lines); resolves with its exit code and output. */
async function vidint(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [CLI, ...args], {
      env: { ...process.env, LLM_PROVIDER: 'none', ...env },
      timeout: 240_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    if (typeof err.code !== 'number') throw err;
    return { code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string };
  }
}

describe('the workbench: vidint run and vidint eval, on this machine, with no server and no payment', () => {
  let model: OpenAiServer;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-'));
  const modelEnv = () => ({ LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: model.url, LLM_MODEL: 'test-model' });
  before(async () => {
    await exec('bash', [path.join(CASES, 'make-media.sh')]);
    model = await startOpenAiServer();
  });
  after(async () => {
    await model?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs a pipeline on a local clip with per-step progress and times; --step prints one step whole, --save keeps the evidence', async () => {
    const save = path.join(tmp, 'evidence');
    const run = await vidint(['run', 'ad-debunk', '--video', SPOKEN_AD, '--step', 'speech', '--save', save]);
    assert.equal(run.code, 0, run.stderr);
    for (const step of ['video', 'speech', 'scenes', 'captions', 'analysis'])
      assert.match(run.stderr, new RegExp(`^ok +${step} +\\S+ +\\d+\\.\\d s$`, 'm'), step);
    assert.match(run.stderr, /\/ad-debunk done in \d+\.\d s/);
    const speech = JSON.parse(run.stdout);
    assert.ok(speech.segments.length >= 2, 'the transcript in sentences');
    assert.match(speech.text, /wrinkle/i);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(save, 'steps/speech.json'), 'utf8')), speech);
    const report = JSON.parse(fs.readFileSync(path.join(save, 'report.json'), 'utf8'));
    assert.equal(report.ok, true);
    assert.ok(
      report.result.claims.some((c: any) => /wrinkle/i.test(c.claim) && c.verdict === 'misleading'),
      JSON.stringify(report.result),
    );
    assert.ok(report.steps.every((s: any) => typeof s.ms === 'number'));
    const kept = fs.readdirSync(path.join(save, 'work'), { recursive: true }).map(String);
    assert.ok(
      kept.some((f) => f.endsWith('.wav')),
      `the audio is kept: ${kept.join(', ')}`,
    );
    assert.ok(
      kept.some((f) => f.endsWith('.jpg')),
      'the keyframes are kept',
    );
  });

  it('previews the prompt with the real evidence and calls no model (--prompt-only)', async () => {
    model.chatRequests.length = 0;
    const run = await vidint(['run', 'ad-debunk', '--video', SPOKEN_AD, '--prompt-only'], modelEnv());
    assert.equal(run.code, 0, run.stderr);
    assert.equal(model.chatRequests.length, 0, 'the model server saw no request');
    assert.match(run.stdout, /=== model call 1 \(step analysis\) ===/);
    assert.match(run.stdout, /--- message 1: human ---\nYou evaluate the advertising claims/);
    assert.match(run.stdout, /- \[\d+\.\d-\d+\.\d\] .*wrinkle.*\n- \[\d+\.\d-\d+\.\d\] .*clinically/i, 'the sentences with their times');
    assert.match(run.stdout, /--- result schema \(structured output, function "result"\) ---\n\{\n {2}"title": "AdDebunkResult"/);
    assert.match(run.stderr, /skip +analysis +prompt .*rendered; the model was not called/);
  });

  it('runs an image pipeline from a photo', async () => {
    const run = await vidint(['run', '/hair-formula', '--image', PHOTO]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(JSON.parse(run.stdout).face_shape);
  });

  it('refuses a bad request or an unknown pipeline with exit code 3, and bad usage with 2', async () => {
    const bad = await vidint(['run', 'ad-debunk', '--url', 'ftp://example.com/x.mp4']);
    assert.equal(bad.code, 3);
    assert.match(bad.stderr, /invalid request for \/ad-debunk: .*url/);
    const unknown = await vidint(['run', 'no-such']);
    assert.equal(unknown.code, 3);
    assert.match(unknown.stderr, /no pipeline 'no-such' .*there are: ad-debunk, analyze/);
    assert.equal((await vidint(['run'])).code, 2);
    assert.equal((await vidint(['run', 'analyze', '--body', '{nope'])).code, 2);
  });

  it('evaluates the example cases under two variants side by side, and writes the results as JSON', async () => {
    // The "model" variant's answer flags nothing: its cases must fail where the offline analyzer passes.
    model.answers.length = 0;
    model.answers.push({
      json: {
        product: 'cream',
        claims: [{ claim: 'This cream removes every wrinkle in seven days.', verdict: 'true', evidence: 'x' }],
        overall_rating: 'trustworthy',
        recommendation: 'fine',
      },
    });
    const out = path.join(tmp, 'eval.json');
    const env = modelEnv();
    const run = await vidint([
      'eval',
      'ad-debunk',
      CASES,
      '--out',
      out,
      '--variant',
      'offline=env:LLM_PROVIDER=none',
      '--variant',
      `model=env:LLM_PROVIDER=openai-compatible,LLM_BASE_URL=${env.LLM_BASE_URL},LLM_MODEL=test-model`,
    ]);
    assert.equal(run.code, 1, 'a failed case makes the exit code 1');
    assert.match(run.stdout, /case spoken ad\n +offline +model\n/);
    assert.match(run.stdout, /flagged 'wrinkle' +pass +FAIL \(found with verdict true\)/);
    assert.match(run.stdout, /^offline: 2\/2 cases passed, 10\/10 expectations$/m);
    assert.match(run.stdout, /^model: 0\/2 cases passed/m);
    const results = JSON.parse(fs.readFileSync(out, 'utf8'));
    assert.equal(results.outcomes.length, 4);
    assert.ok(results.outcomes.every((o: any) => typeof o.ms === 'number' && Array.isArray(o.expectations)));
    assert.ok(model.chatRequests.length >= 2, 'the model variant called the model');
  });
});
