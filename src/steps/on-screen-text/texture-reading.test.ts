import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readsLikeTexture } from './texture-reading.js';

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
