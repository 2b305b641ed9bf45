import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadTranscriptModel } from '../../engines/speech/transcript-model.js';
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

describe('speech judged by the calibrated decision', () => {
  // A model of the shape models/speech-decision.json holds, with round numbers so the expected values can be worked by hand.
  const decision = {
    intercept: -8,
    weights: { confidence: 10, fit_shortfall: 2, agreement_shortfall: 10, words_per_second: 0.5 },
    keep: 0.5,
    word_floor: 0.3,
  };
  const engine = { confidenceBar: 0.5, fitBar: -4.4, identifiesLanguage: false, decision };
  const words = [
    { word: 'honey', start: 0, end: 0.5, confidence: 0.9 },
    { word: 'never', start: 0.5, end: 1, confidence: 0.2 },
    { word: 'spoils', start: 1, end: 2, confidence: 0.8 },
  ];
  const heard = (confidence: number, fit: number, agreement?: number) => ({
    text: 'Honey never spoils.',
    language: 'en',
    segments: [{ start: 0, end: 2, text: 'Honey never spoils.', words }],
    confidence,
    fit,
    ...(agreement !== undefined ? { agreement } : {}),
  });

  // The three words span 2 s: 1.5 words a second, 1 under the pace counted from (2.5), -0.5 of every sum below; a fit
  // of -4.44 falls 0.04 under its knee (-4.4).
  it('keeps a sure transcript a hair under the old fit bar and withholds a middling one with the same fit', () => {
    const sure = judgeSpeech(heard(0.9, -4.44), engine); // z = -8 + 9 - 0.08 - 0.5 = 0.42
    assert.equal(sure.speech, 'recognised');
    assert.equal(sure.probability, 0.603);
    assert.equal(sure.probability_bar, 0.5);
    const middling = judgeSpeech(heard(0.6, -4.44), engine); // z = -8 + 6 - 0.08 - 0.5 = -2.58
    assert.equal(middling.speech, 'unintelligible');
    assert.equal(middling.probability, 0.07);
  });

  it('withholds a transcript a second decoding did not hear again, saying the probability and the measures', () => {
    assert.equal(judgeSpeech(heard(0.9, -3), engine).probability, 0.622); // z = -8 + 9 - 0.5
    assert.equal(judgeSpeech(heard(0.9, -3, 0.8), engine).probability, 0.622, 'agreement over its knee (0.62) costs nothing');
    const doubted = judgeSpeech(heard(0.9, -3, 0.3), engine); // z = -8 + 9 + 10 * (0.3 - 0.62) - 0.5 = -2.7
    assert.equal(doubted.speech, 'unintelligible');
    assert.equal(doubted.probability, 0.063);
    assert.equal(doubted.text, '');
    assert.deepEqual(doubted.segments, []);
    assert.equal(doubted.language, 'und');
    assert.match(
      doubted.reason ?? '',
      /probability 0\.06 that at most half its words are wrong, under the bar of 0\.5; confidence 0\.90, acoustic fit -3\.00 per frame, a second decoding heard 30% of them again/,
    );
  });

  it('marks the words under the floor uncertain in a kept transcript and leaves the others as they were', () => {
    const kept = judgeSpeech(heard(0.9, -3), engine);
    assert.equal(kept.speech, 'recognised');
    assert.deepEqual(
      kept.segments[0].words?.map((w) => [w.word, w.uncertain ?? false]),
      [
        ['honey', false],
        ['never', true],
        ['spoils', false],
      ],
    );
    assert.equal(kept.word_floor, 0.3);
    assert.equal(kept.text, 'Honey never spoils.', 'the transcript shows every word');
  });

  it('falls back to the bars when the engine has no model or the transcript lacks a measure', () => {
    const bare = judgeSpeech(heard(0.45, -3), { ...engine, decision: null });
    assert.equal(bare.speech, 'unintelligible');
    assert.equal(bare.probability, null);
    assert.match(bare.reason ?? '', /under the bar of 0\.5/);
    const noFit = judgeSpeech({ ...heard(0.6, -3), fit: null }, { ...engine, decision: { ...decision, intercept: -100 } });
    assert.equal(noFit.speech, 'recognised');
    assert.equal(noFit.probability, null);
  });
});

describe('the decision model pocketsphinx ships (models/speech-decision.json)', () => {
  const engine = { confidenceBar: 0.5, fitBar: -4.4, identifiesLanguage: false, decision: loadTranscriptModel() };
  // Ten words over 4 s: 2.5 words a second, as a clearly spoken ad.
  const words = Array.from({ length: 10 }, (_, i) => ({ word: `word${i}`, start: i * 0.4, end: i * 0.4 + 0.35, confidence: 0.8 }));
  const heard = (confidence: number, fit: number, agreement?: number) => ({
    text: 'Ten words.',
    language: 'en',
    segments: [{ start: 0, end: 4, text: 'Ten words.', words }],
    confidence,
    fit,
    ...(agreement !== undefined ? { agreement } : {}),
  });

  it('keeps a clearly spoken clip whose fit is a hair under the old bar (confidence 0.78, fit -4.44)', () => {
    assert.equal(judgeSpeech(heard(0.78, -4.44), engine).speech, 'recognised');
  });

  it('withholds an unsure transcript however well its words fit, and one whose words do not fit at all', () => {
    assert.equal(judgeSpeech(heard(0.4, -3.2), engine).speech, 'unintelligible');
    assert.equal(judgeSpeech(heard(0.61, -5.6), engine).speech, 'unintelligible');
  });
});
