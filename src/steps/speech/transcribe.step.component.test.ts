import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TRANSCRIPT } from '../../../test/support/sample-transcript.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import type { SpeechToText } from '../../engines/speech/speech-to-text.port.js';
import { transcribeStep } from './transcribe.step.js';

/** transcribe against the speech port, with a fake engine. */
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
    const ctx = stepContext(fakeTools({ speech }));
    const out = await runStep(transcribeStep, { audio: '/a.wav', language: 'en' }, ctx);
    // An engine without a fitted decision model is judged on its confidence bar alone: no probability.
    const judged = { speech: 'recognised', confidence_bar: 0.5, fit_bar: null, probability: null, probability_bar: null, word_floor: null };
    assert.deepEqual(out, { ...TRANSCRIPT, ...judged, engine: 'fake speech 2' });
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
    const out = await runStep(transcribeStep, { audio: '/a.wav' }, stepContext(fakeTools({ speech: unsure(false) })));
    assert.equal(out.speech, 'unintelligible');
    assert.equal(out.text, '');
    assert.deepEqual(out.segments, []);
    assert.equal(out.language, 'und');
    assert.equal(out.confidence, 0.8);
    assert.match(out.reason ?? '', /not recognised with confidence .*0\.80, under the bar of 0\.9/);
    const identified = await runStep(transcribeStep, { audio: '/a.wav' }, stepContext(fakeTools({ speech: unsure(true) })));
    assert.equal(identified.language, 'en');
  });
});
