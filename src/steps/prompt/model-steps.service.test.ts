import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fakeServices, runStep, stepContext } from '../../../test/support/step-context.js';
import type { ChatModelProvider, StructuredCall } from '../../engines/chat/chat-model.port.js';
import type { ClaimReview, FactCheckSearch } from '../../engines/fact-check/fact-check.port.js';
import type { SpeechToText, Transcript } from '../../engines/speech/speech-to-text.port.js';
import { StepError } from '../../engines/step-error.js';
import { factCheckSearchStep } from '../fact-check/fact-check-search.step.js';
import { transcribeStep } from '../speech/transcribe.step.js';
import { promptStep } from './prompt.step.js';

/** transcribe, prompt and fact_check_search against the speech, chat and fact-check ports, with fake engines. */
const TRANSCRIPT: Transcript = {
  text: 'This serum removes all wrinkles in 7 days. Doctors hate it.',
  language: 'en',
  segments: [
    { start: 0, end: 3, text: 'This serum removes all wrinkles in 7 days.' },
    { start: 3, end: 5, text: 'Doctors hate it.' },
  ],
  confidence: 0.8,
};

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

describe('transcribe against the speech port', () => {
  it('returns the engine transcript with its name, passing the language on', async () => {
    let asked: string | undefined;
    const speech: SpeechToText = {
      name: 'fake speech 2',
      confidenceBar: 0.5,
      fitBar: null,
      identifiesLanguage: false,
      transcribe: async (_audio, opts) => {
        asked = opts.language;
        return TRANSCRIPT;
      },
    };
    const ctx = stepContext(fakeServices({ speech }));
    const out = await runStep(transcribeStep, { audio: '/a.wav', language: 'en' }, ctx);
    assert.deepEqual(out, { ...TRANSCRIPT, speech: 'recognised', confidence_bar: 0.5, fit_bar: null, engine: 'fake speech 2' });
    assert.equal(asked, 'en');
    assert.equal(ctx.engines.speech, 'fake speech 2');
  });

  it('abstains below the engine bar: no text, no segments, and a language the engine only assumed becomes und', async () => {
    const unsure = (identifiesLanguage: boolean): SpeechToText => ({
      name: 'fake speech 3',
      confidenceBar: 0.9,
      fitBar: null,
      identifiesLanguage,
      transcribe: async () => TRANSCRIPT,
    });
    const out = await runStep(transcribeStep, { audio: '/a.wav' }, stepContext(fakeServices({ speech: unsure(false) })));
    assert.equal(out.speech, 'unintelligible');
    assert.equal(out.text, '');
    assert.deepEqual(out.segments, []);
    assert.equal(out.language, 'und');
    assert.equal(out.confidence, 0.8);
    assert.match(out.reason ?? '', /not recognised with confidence .*0\.80, under the bar of 0\.9/);
    const identified = await runStep(transcribeStep, { audio: '/a.wav' }, stepContext(fakeServices({ speech: unsure(true) })));
    assert.equal(identified.language, 'en');
  });
});

describe('prompt against the chat port', () => {
  it('sends an answer that breaks the schema back once with the errors, and returns the corrected one', async () => {
    const llm = new ScriptedChat([{ claims: 'none' }, VALID]);
    const ctx = stepContext(fakeServices({ llm }));
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
    const twice = stepContext(fakeServices({ llm: new ScriptedChat([{}, {}]) }));
    await assert.rejects(
      promptStep.run(PROMPT, twice),
      (err) => err instanceof StepError && /^the model's answer did not match the result schema twice/.test(err.message),
    );
    const busy = stepContext(fakeServices({ llm: new ScriptedChat([Object.assign(new Error('Service Unavailable'), { status: 503 })]) }));
    await assert.rejects(
      promptStep.run(PROMPT, busy),
      (err) => err instanceof StepError && err.transient && err.message === 'the model call failed (HTTP 503): Service Unavailable',
    );
  });

  it('runs the offline analyzer when no model is configured, and refuses when none is named', async () => {
    const ctx = stepContext(fakeServices());
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

describe('fact_check_search against the fact-check port', () => {
  const review: ClaimReview = {
    claim: 'Serum removes wrinkles in a week',
    claimant: 'an ad',
    publisher: 'Checkers',
    rating: 'False',
    url: 'https://check.example/1',
    title: null,
  };

  it("looks up the transcript's check-worthy claims and returns the reviews found", async () => {
    const queries: string[] = [];
    const factCheck: FactCheckSearch = {
      name: 'fake fact-checks',
      search: async (q) => {
        queries.push(q);
        return /wrinkles/.test(q) ? [review] : [];
      },
    };
    const ctx = stepContext(fakeServices({ factCheck }));
    const out = await runStep(factCheckSearchStep, { transcript: TRANSCRIPT, ocr: null }, ctx);
    assert.equal(out.source, 'fake fact-checks');
    const wrinkles = out.claims.find((c) => /wrinkles/.test(c.claim));
    assert.deepEqual(wrinkles?.reviews, [review]);
    assert.equal(wrinkles?.time, 0);
    assert.ok(queries.length >= 1);
  });

  it('answers with no source and no claims when no evidence source is configured', async () => {
    assert.deepEqual(await runStep(factCheckSearchStep, { transcript: TRANSCRIPT }, stepContext(fakeServices())), {
      source: null,
      claims: [],
    });
  });
});
