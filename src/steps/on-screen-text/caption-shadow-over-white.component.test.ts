import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionStill } from '../../../test/support/caption-still.js';

/**
 * A white lower third with a drop shadow whose end runs over a white part of the picture: there the letters and the
 * picture are one white shape, dropped as picture, and only the shadow shows the letters ("Pierre Mar", "Data Scienti").
 */
describe('ocr of white letters with a drop shadow running over a white part of the picture', () => {
  it('reads the letters over the white part by their shadow', async () => {
    const out = await readCaptionStill({
      size: '1280x720',
      background: 'drawbox=x=230:y=540:w=230:h=180:color=0xffffff:t=fill,',
      font: '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf',
      text: 'Data Scientist',
      x: '78',
      y: 'h*0.79',
      look: 'fontsize=30:fontcolor=white:shadowx=2:shadowy=2:shadowcolor=black@0.75',
    });
    assert.deepEqual(
      out.captions.map((c) => c.text),
      ['Data Scientist'],
      JSON.stringify(out.captions),
    );
  });
});
