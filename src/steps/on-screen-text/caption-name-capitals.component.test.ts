import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readCaptionClip, stillPhoto } from '../../../test/support/caption-still.js';

/**
 * A lower third's name above its smaller role (issue 39, caption families seed 28587, clip 3): one region holds both
 * lines, measured by the role's letters, and the name's capitals, taller than that line and than the name's own small
 * letters, were dropped from the crop ("ierre artin"). A shape standing on its row's baseline, at most 1.5 of that
 * row's small letters tall, is a capital.
 */
describe('ocr of a lower third whose name is larger than its role', () => {
  it("keeps the name's capitals", async () => {
    const photo = path.resolve('node_modules/@vladmandic/human/assets/screenshot-vrm.jpg');
    const font = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf';
    const line = (size: number, y: number, text: string) =>
      `drawtext=fontfile=${font}:text='${text}':fontsize=${size}:fontcolor=0xffe000:box=1:boxcolor=black@0.65:boxborderw=${Math.round(size / 4)}:x=77:y=${y}`;
    const filters = [
      'setsar=1',
      'scale=1664:936:force_original_aspect_ratio=increase',
      'crop=1280:720',
      line(36, 558, 'Pierre Martin'),
      line(29, 607, 'Data Scientist'),
      'format=yuv420p',
    ].join(',');
    const captions = await readCaptionClip(stillPhoto(photo), filters);
    assert.deepEqual(
      captions.map((c) => c.text),
      ['Pierre Martin Data Scientist'],
    );
  });
});
