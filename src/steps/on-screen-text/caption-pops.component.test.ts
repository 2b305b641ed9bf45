import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto } from '../../../test/support/caption-still.js';
import { PHOTOS, shotFilters } from '../../../test/support/reel-clips.js';

const WORDS = ['BEST', 'COFFEE', 'IN', 'TOWN'];

/**
 * One-word pops, 0.7 s each, white with a black outline (or in the drawtext `look` given) over colour bars (or the
 * lavfi `source` given), as the caption families draw them, through the real scenes and ocr steps: their captions.
 */
async function readPops(pop: { font: string; size: number; border?: number; y: number; look?: string; source?: string }, words = WORDS) {
  const look = pop.look ?? `fontcolor=white:borderw=${pop.border}:bordercolor=black`;
  const pops = words.map((word, k) => {
    const [from, to] = [0.1 + k * 0.7, 0.1 + (k + 1) * 0.7 - 0.001];
    return `drawtext=fontfile=${pop.font}:text='${word}':fontsize=${pop.size}:${look}:x=(w-text_w)/2:y=${pop.y}:enable='between(t,${from.toFixed(2)},${to.toFixed(3)})'`;
  });
  const source = pop.source ?? 'smptebars=r=25';
  return readCaptionClip(['-f', 'lavfi', '-i', `${source}:s=1280x720`, '-t', '3'], [...pops, 'format=yuv420p'].join(','));
}

describe('ocr of one-word pops', () => {
  /**
   * "IN", two letters, is no line of text to the region finder, which looks for three letters or more. It is read where
   * the words before and after it were read, in the sample between them.
   */
  it('reads a two-letter word where the words around it were', async () => {
    const captions = await readPops({ font: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', size: 89, border: 9, y: 590 });
    const read = captions.map((c) => c.text);
    assert.deepEqual(
      WORDS.filter((w) => !read.includes(w)),
      [],
      JSON.stringify(captions),
    );
    const inAt = captions.find((c) => c.text === 'IN');
    assert.ok(inAt && inAt.start >= 1.5 && inAt.end <= 2.5, `"IN" is shown from 1.5 s to 2.2 s: ${JSON.stringify(inAt)}`);
  });

  /**
   * Pops taller than a caption line (98 px on a 720 px frame; caption families seed 41233, clip 29): the bars' grey patch
   * is a light box with no ink in it, and taken for a line it kept the words aside, so nothing was read.
   */
  it('reads words taller than a caption line beside a blank light box', async () => {
    const captions = await readPops({
      font: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
      size: 98,
      border: 10,
      y: 530,
    });
    const read = captions.map((c) => c.text);
    assert.deepEqual(
      WORDS.filter((w) => !read.includes(w)),
      [],
      JSON.stringify(captions),
    );
  });

  /**
   * A lone light "A" on a dark box over a blue field (caption families seed 57387, clip 37: "HOLA A TODOS"): all its ink
   * closes around its counter, so it was taken for the ring of an outlined letter, and the crop kept only the counter,
   * a dark triangle, which read as nothing.
   */
  it('reads a one-letter word with a counter on a dark box', async () => {
    const words = ['HOLA', 'A', 'TODOS'];
    const captions = await readPops(
      {
        font: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
        size: 90,
        y: 560,
        look: 'fontcolor=0xffe000:box=1:boxcolor=black@0.65:boxborderw=22',
        source: 'color=c=0x2050a0:r=25',
      },
      words,
    );
    const read = captions.map((c) => c.text);
    assert.deepEqual(
      words.filter((w) => !read.includes(w)),
      [],
      JSON.stringify(captions),
    );
  });

  /**
   * A one-letter pop over a fractal (caption families seed 16371, clip 13: "BUONGIORNO A TUTTI"): no line of letters,
   * so read by a probe where the words before it were, surely (0.97); but "ah", read unsurely in the fractal's fringe
   * in the same scene, was taken for a caption the probe only read again, and the probe was dropped.
   */
  it('reads a one-letter pop beside the picture read as letters', async () => {
    const words = ['BUONGIORNO', 'A', 'TUTTI'];
    const pops = words.map((word, k) => {
      const [from, to] = [0.1 + k * 0.8, 0.1 + (k + 1) * 0.8 - 0.001];
      const font = '/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf';
      return `drawtext=fontfile=${font}:text='${word}':fontsize=91:fontcolor=white:borderw=9:bordercolor=black:x=(w-text_w)/2:y=252:enable='between(t,${from.toFixed(2)},${to.toFixed(3)})'`;
    });
    const captions = await readCaptionClip(
      ['-f', 'lavfi', '-t', '3', '-i', 'mandelbrot=s=720x1280:r=25'],
      [...pops, 'format=yuv420p'].join(','),
    );
    const read = captions.map((c) => c.text);
    assert.deepEqual(
      words.filter((w) => !read.includes(w)),
      [],
      JSON.stringify(captions),
    );
  });

  /**
   * Outlined pops over a panning mosaic of faces (caption families seed 82386, clip 21): the highlights of the faces
   * beside each word are bright shapes with no outline, and by their ink they outweighed the outlined word, so the crop
   * kept them and its word read as "®%bread*" at confidence 0. Only the ink on the outlined letters' baseline counts now.
   */
  it('reads outlined words over the highlights of faces', async () => {
    const words = ['fresh', 'bread', 'every', 'morning'];
    const pops = words.map((word, k) => {
      const [from, to] = [0.1 + k * 0.7, 0.1 + (k + 1) * 0.7 - 0.001];
      const font = '/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf';
      return `drawtext=fontfile=${font}:text='${word}':fontsize=97:fontcolor=white:borderw=10:bordercolor=black:x=(w-text_w)/2:y=1030:enable='between(t,${from.toFixed(2)},${to.toFixed(3)})'`;
    });
    const captions = await readCaptionClip(
      stillPhoto(PHOTOS.mosaic.file),
      [...shotFilters({ seconds: 3, photo: 'mosaic', motion: 'pan' }, 720, 1280), ...pops].join(','),
    );
    const read = captions.map((c) => c.text);
    assert.deepEqual(
      words.filter((w) => !read.includes(w)),
      [],
      JSON.stringify(captions),
    );
  });
});
