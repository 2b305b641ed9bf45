import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, timedCaption } from '../../../test/support/caption-still.js';

const FONT = '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf';

/**
 * A reading that only one frame makes, with nothing to agree with it, needs more confidence than a caption the frames
 * read again: over a fractal, one frame's crop of its fringe read "ou" at 0.77 (a caption family of seed 15383), and
 * was reported beside the two captions. Sampled as the service samples.
 */
describe('ocr of a caption over a fractal', () => {
  it('reports the captions, not what one frame alone read in the picture', async () => {
    const look = `fontfile=${FONT}:fontsize=47:fontcolor=0x80ff60:borderw=5:bordercolor=black:x=(w-text_w)/2:y=602`;
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-t', '3', '-i', 'mandelbrot=s=720x1280:r=25'],
      `setsar=1,${timedCaption(look, 'LA RICETTA DELLA NONNA', 0.1, 1.499)},${timedCaption(look, 'PASTA FATTA IN CASA', 1.6, 2.899)},format=yuv420p`,
    );
    const texts = captions.map((c) => c.text);
    assert.ok(texts.includes('LA RICETTA DELLA NONNA') && texts.some((t) => t.includes('IN CASA')), JSON.stringify(captions));
    assert.deepEqual(
      captions.filter((c) => c.readings === 1 && c.confidence < 0.8),
      [],
      JSON.stringify(captions),
    );
  });
});
