import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { POCKETSPHINX_DECISION, wantsSecondOpinion } from './pocketsphinx.js';

/** Ten words over four seconds: a typical pace. */
const segments = [{ words: Array.from({ length: 10 }, (_, i) => ({ start: i * 0.4, end: i * 0.4 + 0.3 })) }];
const wants = (confidence: number | null, fit: number) => wantsSecondOpinion({ confidence, fit, segments }, POCKETSPHINX_DECISION);

describe('which transcripts get a second decoding', () => {
  it('one the decision keeps with a confidence in the grey zone', () => {
    assert.equal(wants(0.6, -3.5), true);
  });

  it('one the decision keeps confidently whose words fit the sounds under the knee', () => {
    assert.equal(wants(0.9, -4.6), true);
  });

  it('not a sure one that fits, nor one the decision withholds anyway, nor one without a confidence', () => {
    assert.equal(wants(0.9, -3.5), false);
    assert.equal(wants(0.55, -5.5), false);
    assert.equal(wants(0.3, -3.5), false);
    assert.equal(wants(null, -3.5), false);
  });
});
