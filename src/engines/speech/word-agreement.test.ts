import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wordAgreement } from './word-agreement.js';

describe('word agreement between two decodings', () => {
  it('counts the words the second decoding also heard, in order', () => {
    assert.equal(wordAgreement(['this', 'blender', 'crushes', 'ice'], ['this', 'land', 'air', 'crushes', 'ice']), 0.75);
    assert.equal(wordAgreement(['Honey', 'never', 'spoils'], ['honey', 'never', 'spoils']), 1);
  });

  it('gives no credit for the same words in another order', () => {
    assert.equal(wordAgreement(['a', 'b', 'c'], ['c', 'b', 'a']), 0.333);
  });

  it('is 1 for no words and 0 when the second heard nothing', () => {
    assert.equal(wordAgreement([], ['x']), 1);
    assert.equal(wordAgreement(['x', 'y'], []), 0);
  });
});
