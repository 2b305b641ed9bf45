import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip } from '../../../test/support/caption-still.js';

const FONTS = '/usr/share/fonts/truetype';

/**
 * Accents lost by the crop's letters, each in a way blind to the language: a tilde as wide as a bold mono capital cut
 * by the crop's top was taken for the picture ("PÃO" read "PAO"); a grave over a letter with a drop shadow on a bright
 * picture has too little dark edge to count as outlined ("Très" read "Tres"). Sampled as the service samples (the scenes
 * step's copies), which the region finder and the crops work on.
 */
describe('ocr of accents over letters', () => {
  const cases = [
    {
      name: 'a tilde over a bold mono capital, on a dark box',
      source: 'color=c=0x1f4fa0:s=720x1280:r=25',
      draw: `fontfile=${FONTS}/liberation/LiberationMono-Bold.ttf:text='RECEITA FÁCIL DE PÃO':fontsize=34:fontcolor=0x40e0ff:box=1:boxcolor=black@0.65:boxborderw=8:x=(w-text_w)/2:y=980`,
      text: 'RECEITA FÁCIL DE PÃO',
    },
    {
      name: 'a grave over a letter with a drop shadow, on a bright picture',
      source: 'mandelbrot=s=1280x720:r=25',
      draw: `fontfile=${FONTS}/dejavu/DejaVuSerif-BoldItalic.ttf:text='Très Bonne Idée':fontsize=65:fontcolor=white:shadowx=5:shadowy=5:shadowcolor=black@0.75:x=(w-text_w)/2:y=560`,
      text: 'Très Bonne Idée',
    },
  ];
  for (const c of cases) {
    it(`keeps ${c.name}`, async () => {
      const captions = await readCaptionClip(['-f', 'lavfi', '-i', c.source, '-t', '1.5'], `drawtext=${c.draw},format=yuv420p`);
      assert.ok(
        captions.some((cap) => cap.text === c.text),
        JSON.stringify(captions),
      );
    });
  }
});
