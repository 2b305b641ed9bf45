import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { linesReadLikeTexture, madeOutNothing, readsLikeTexture } from './texture-reading.js';

/** Readings the caption families' bench kept as captions (seeds 90437, 41233, 23981): texture, and captions beside them. */
describe('a reading of texture', () => {
  it('is one of mostly one- and two-letter words, four or more, read with doubt', () => {
    for (const [text, confidence] of [
      ['ad, < a An A, ad Ge a Lae “oy Ge “de th “f ate Ge “le', 0.71],
      ['rA FA 4, TY C i å', 0.78],
      ['wa 4g 1 ad', 0.75],
    ] as const)
      assert.equal(readsLikeTexture(text, confidence), true, text);
  });

  it('is not a caption with short words read surely, nor a short or doubtful caption of longer words', () => {
    for (const [text, confidence] of [
      ['A LA DE EL', 0.9], // sure: text whatever its words
      ['HOW WE BUILT IT', 0.83],
      ['Ye r 1y', 0.77], // three words: too few to tell
      ['HOLA A TODOS', 0.72],
      ['nåo perca 0 o0 final', 0.79], // two short words of five
    ] as const)
      assert.equal(readsLikeTexture(text, confidence), false, text);
  });
});

describe("a crop's reading of texture", () => {
  it('is judged on its lines together, at their mean confidence', () => {
    const texture = [
      { text: 'ad, < a An', confidence: 0.74 },
      { text: 'A, ad Ge a Lae', confidence: 0.7 },
    ];
    assert.equal(linesReadLikeTexture(texture), true);
    assert.equal(linesReadLikeTexture([{ text: 'A LA DE EL', confidence: 0.9 }]), false);
    assert.equal(linesReadLikeTexture([]), false);
  });
});

describe('a crop Tesseract made out nothing of', () => {
  const line = (...confidences: number[]) => ({ words: confidences.map((confidence, i) => ({ text: `w${i}`, confidence })) });
  const many = (n: number, confidence: number) => Array.from({ length: n }, () => confidence);
  it('is one read as 30 words or more at a mean under 30 of 100, some of them above the word floor', () => {
    // A cellular pattern: 98 words over 13 lines at a mean of 26.
    assert.equal(madeOutNothing([line(80, 80, 57, ...many(40, 28)), line(...many(55, 22))]), true);
    assert.equal(madeOutNothing([line(...many(30, 5))]), true);
  });
  it('is not a caption read with doubt or as nothing (the English model reads "qui" of a crop read as one word at 29), nor sure text', () => {
    assert.equal(madeOutNothing([line(29)]), false);
    assert.equal(madeOutNothing([line(...many(20, 15))]), false);
    assert.equal(madeOutNothing([line(...many(40, 90))]), false);
    assert.equal(madeOutNothing([]), false);
  });
});
