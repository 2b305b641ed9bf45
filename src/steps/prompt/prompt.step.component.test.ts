import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TRANSCRIPT } from '../../../test/support/sample-transcript.js';
import { fakeTools, stepContext } from '../../../test/support/step-context.js';
import type { ChatModelProvider, StructuredCall } from '../../engines/chat/chat-model.port.js';
import { KnownFailure } from '../../engines/known-failure.js';
import { promptStep } from './prompt.step.js';

/** prompt against the chat port, with a scripted chat model (and its offline analyzer when none is configured). */
/** A chat model that answers from a script and records what it was asked. */
class ScriptedChat implements ChatModelProvider {
  readonly name = 'scripted chat 1';
  readonly vision = false;
  readonly calls: StructuredCall[] = [];
  constructor(private readonly answers: Array<unknown | Error>) {}
  async structured(call: StructuredCall): Promise<unknown> {
    this.calls.push(call);
    const next = this.answers.shift();
    if (next instanceof Error) throw next;
    return next;
  }
}

const VALID = {
  claims: [{ claim: 'removes all wrinkles in 7 days', verdict: 'false', explanation: 'no evidence', confidence: 0.8 }],
  overall_credibility: 'low',
  summary: 'x',
};
const PROMPT = {
  template: 'verify',
  schema: 'results/verify.json',
  offline: 'verify',
  input: { transcript: TRANSCRIPT, ocr: null, evidence: null },
};

describe('prompt against the chat port', () => {
  it('sends an answer that breaks the schema back once with the errors, and returns the corrected one', async () => {
    const llm = new ScriptedChat([{ claims: 'none' }, VALID]);
    const ctx = stepContext(fakeTools({ llm }));
    // The corrected answer, its claim tied to the sentence it came from (its times, source and confidence).
    const sourced = { ...VALID.claims[0], confidence: 0.64, start: 0, end: 3, source: 'speech', evidence_confidence: 0.8 };
    assert.deepEqual(await promptStep.run(PROMPT, ctx), { ...VALID, claims: [sourced] });
    assert.equal(llm.calls.length, 2);
    assert.match(llm.calls[0].prompt, /removes all wrinkles in 7 days/);
    assert.deepEqual(llm.calls[1].repair?.answer, { claims: 'none' });
    assert.ok(
      llm.calls[1].repair?.errors.some((e) => /claims/.test(e)),
      String(llm.calls[1].repair?.errors),
    );
    assert.equal(ctx.engines.analysis, 'scripted chat 1');
  });

  it('fails after a second broken answer, and marks a failed call transient when the service was busy', async () => {
    const twice = stepContext(fakeTools({ llm: new ScriptedChat([{}, {}]) }));
    await assert.rejects(
      promptStep.run(PROMPT, twice),
      (err) => err instanceof KnownFailure && /^the model's answer did not match the result schema twice/.test(err.message),
    );
    const busy = stepContext(fakeTools({ llm: new ScriptedChat([Object.assign(new Error('Service Unavailable'), { status: 503 })]) }));
    await assert.rejects(
      promptStep.run(PROMPT, busy),
      (err) => err instanceof KnownFailure && err.transient && err.message === 'the model call failed (HTTP 503): Service Unavailable',
    );
  });

  it('runs the offline analyzer when no model is configured, and refuses when none is named', async () => {
    const ctx = stepContext(fakeTools());
    const out = (await promptStep.run(PROMPT, ctx)) as { claims: Array<{ claim: string; verdict: string }> };
    assert.ok(
      out.claims.some((c) => /wrinkles/.test(c.claim) && c.verdict === 'unverifiable'),
      JSON.stringify(out.claims),
    );
    assert.equal(ctx.engines.analysis, 'offline verify analyzer');
    const { offline: _none, ...named } = PROMPT;
    await assert.rejects(
      promptStep.run(named, ctx),
      /no model is configured \(LLM_PROVIDER=none\) and this step names no offline analyzer/,
    );
  });
});
