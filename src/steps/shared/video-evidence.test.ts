import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statementsOf, type VideoEvidence } from './video-evidence.js';

describe('statements built on the sure words of speech', () => {
  const word = (w: string, start: number, confidence: number, uncertain?: boolean) => ({
    word: w,
    start,
    end: start + 0.4,
    confidence,
    ...(uncertain ? { uncertain } : {}),
  });
  const evidence = (words: ReturnType<typeof word>[]): VideoEvidence => ({
    metadata: { duration: 3 },
    transcript: {
      text: 'This serum removes wrinkles.',
      language: 'en',
      segments: [{ start: 0, end: 1.6, text: 'This serum removes wrinkles.', words }],
      speech: 'recognised',
    },
    scenes: null,
    ocr: null,
  });

  it('leaves out the words the engine marked uncertain', () => {
    const said = statementsOf(
      evidence([word('this', 0, 0.9), word('serum', 0.4, 0.1, true), word('removes', 0.8, 0.8), word('wrinkles', 1.2, 0.7)]),
    );
    assert.deepEqual(
      said.map((s) => [s.source, s.text]),
      [['speech', 'This removes wrinkles.']],
    );
  });

  it('keeps the sentence as said when no word is uncertain, and gives none when every word is', () => {
    const sure = [word('this', 0, 0.9), word('serum', 0.4, 0.6), word('removes', 0.8, 0.8), word('wrinkles', 1.2, 0.7)];
    assert.deepEqual(
      statementsOf(evidence(sure)).map((s) => s.text),
      ['This serum removes wrinkles.'],
    );
    assert.deepEqual(statementsOf(evidence(sure.map((w) => ({ ...w, uncertain: true })))), []);
  });
});
