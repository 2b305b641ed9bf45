import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeSpeech } from './speech-verdict.js';

describe('speech judged on its fit', () => {
  const engine = { confidenceBar: 0.5, fitBar: -4.4, identifiesLanguage: false };
  const heard = (confidence: number, fit: number | null) => ({
    text: 'Op op op got on tommy.',
    language: 'en',
    segments: [{ start: 0, end: 2, text: 'Op op op got on tommy.' }],
    confidence,
    fit,
  });

  it('keeps a sure transcript whose words fit the sounds', () => {
    const judged = judgeSpeech(heard(0.61, -3.1), engine);
    assert.equal(judged.speech, 'recognised');
    assert.equal(judged.fit_bar, -4.4);
  });

  it('abstains on a sure transcript whose words do not fit the sounds: no text, language und, the reason given', () => {
    const judged = judgeSpeech(heard(0.61, -4.78), engine);
    assert.equal(judged.speech, 'unintelligible');
    assert.equal(judged.text, '');
    assert.deepEqual(judged.segments, []);
    assert.equal(judged.language, 'und');
    assert.match(judged.reason ?? '', /do not fit its sounds \(acoustic fit -4\.78 per frame, under the bar of -4\.4\)/);
  });

  it('judges no fit when the engine gives none', () => {
    assert.equal(judgeSpeech(heard(0.61, null), engine).speech, 'recognised');
    assert.equal(judgeSpeech(heard(0.61, -9), { ...engine, fitBar: null }).speech, 'recognised');
  });

  it('abstains on a transcript a second decoding did not hear again, and keeps one it did', () => {
    const withBar = { ...engine, agreementBar: 0.62 };
    const doubted = judgeSpeech({ ...heard(0.61, -3.1), agreement: 0.43 }, withBar);
    assert.equal(doubted.speech, 'unintelligible');
    assert.equal(doubted.text, '');
    assert.equal(doubted.agreement, 0.43);
    assert.match(doubted.reason ?? '', /a second decoding of it did not hear the same words \(43% of them again, under the bar of 62%\)/);
    assert.equal(judgeSpeech({ ...heard(0.61, -3.1), agreement: 0.8 }, withBar).speech, 'recognised');
    assert.equal(judgeSpeech(heard(0.61, -3.1), withBar).speech, 'recognised', 'no second decoding, nothing to judge');
  });
});
