import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sentencesOf } from './sentences.js';

/** Words as [word, start, end], as pocketsphinx timed them. */
const timed = (words: Array<[string, number, number]>) => words.map(([word, start, end]) => ({ word, start, end }));

// pocketsphinx on flite saying the bench's ad script with 0.35 s between sentences: "soft" and "my" are 0.15 s
// apart, as long as a short pause between sentences, and "my" often starts one.
const ad = timed([
  ['this', 0.12, 0.48],
  ['green', 0.49, 0.81],
  ['removes', 0.82, 1.36],
  ['every', 1.37, 1.71],
  ['wrinkle', 1.72, 2.17],
  ['in', 2.18, 2.31],
  ['seven', 2.32, 2.71],
  ['days', 2.72, 3.11],
  ['it', 3.76, 3.91],
  ['is', 3.92, 4.02],
  ['clinically', 4.03, 4.61],
  ['proven', 4.62, 5.06],
  ['by', 5.07, 5.27],
  ['doctors', 5.28, 5.85],
  ['i', 6.59, 6.72],
  ['love', 6.73, 7.05],
  ['how', 7.06, 7.26],
  ['soft', 7.27, 7.55],
  ['my', 7.7, 7.93],
  ['skin', 7.94, 8.29],
  ['feels', 8.3, 8.86],
  ['order', 9.54, 9.83],
  ['yours', 9.84, 10.12],
  ['today', 10.13, 10.48],
  ['with', 10.49, 10.7],
  ['code', 10.71, 11.16],
  ['well', 11.17, 11.47],
]);

describe('sentences from timed words', () => {
  it('does not end a sentence inside a clause it opened ("I love how soft" waits for "my skin feels")', () => {
    assert.deepEqual(
      sentencesOf(ad).map((s) => s.text),
      [
        'This green removes every wrinkle in seven days.',
        'It is clinically proven by doctors.',
        'I love how soft my skin feels.',
        'Order yours today with code well.',
      ],
    );
  });

  it('still ends a sentence at the same short pause once the clause has its words', () => {
    // "You will see how fast it works" then "my skin feels new" 0.15 s later: two sentences.
    const words = timed([
      ['you', 0, 0.2],
      ['will', 0.21, 0.4],
      ['see', 0.41, 0.6],
      ['how', 0.61, 0.8],
      ['fast', 0.81, 1.1],
      ['it', 1.11, 1.2],
      ['works', 1.21, 1.6],
      ['my', 1.75, 1.95],
      ['skin', 1.96, 2.3],
      ['feels', 2.31, 2.8],
      ['new', 2.81, 3.1],
    ]);
    assert.deepEqual(
      sentencesOf(words).map((s) => s.text),
      ['You will see how fast it works.', 'My skin feels new.'],
    );
  });

  it('does not start a sentence on a word that only continues one ("of", "than")', () => {
    const words = timed([
      ['it', 0, 0.2],
      ['is', 0.21, 0.4],
      ['the', 0.41, 0.5],
      ['best', 0.51, 0.9],
      ['of', 1.35, 1.5],
      ['them', 1.51, 1.8],
      ['all', 1.81, 2.1],
    ]);
    assert.deepEqual(
      sentencesOf(words).map((s) => s.text),
      ['It is the best of them all.'],
    );
  });
});
