import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acousticFitOf, addFits, fitPerFrame } from './acoustic-fit.js';

/** A pocketsphinx log as `-backtrace yes` writes it: the word table interleaved with INFO lines. */
const LOG = `INFO: pocketsphinx.c(1168): this blender crushers ice (-39253)
word                 start end   pprob ascr       lscr       lback
INFO: ngram_search.c(1025): bestpath 0.00 CPU 0.000 xRT
<s>                  7     11    1.000 -147456    0          1
this                 12    51    0.752 -1207296   -279       2
<sil>                52    60    0.868 -331776    -524288    2
blender(2)           61    96    0.889 -919552    -978       1
</s>                 97    110   1.000 -1451008   -176       2
INFO: ngram_search.c(1028): bestpath 0.00 wall 0.000 xRT
`;

describe('acoustic fit of the decoded words', () => {
  it("sums the words' acoustic scores in nats and their frames, leaving markers and silence out", () => {
    const fit = acousticFitOf(LOG);
    assert.equal(fit.frames, 40 + 36);
    assert.ok(Math.abs(fit.score - (-1207296 - 919552) * Math.log(1.0001)) < 1e-6);
    assert.equal(fitPerFrame(fit), Math.round(((-2126848 * Math.log(1.0001)) / 76) * 100) / 100);
  });

  it("leaves out a piece's warm-up words, heard again from the piece before", () => {
    assert.equal(acousticFitOf(LOG, 0.6).frames, 36);
  });

  it('adds stretches, and has no fit without words', () => {
    assert.deepEqual(
      addFits([
        { score: -3, frames: 1 },
        { score: -5, frames: 1 },
      ]),
      { score: -8, frames: 2 },
    );
    assert.equal(fitPerFrame(acousticFitOf('INFO: nothing decoded\n')), null);
  });
});
