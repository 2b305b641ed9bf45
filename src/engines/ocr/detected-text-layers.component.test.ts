import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import { ocrStep } from '../../steps/on-screen-text/ocr.step.js';
import { CpuPool } from '../cpu-pool/cpu-pool.js';
import { DetectedTextLayers } from './detected-text-layers.js';
import { PooledTextLayers } from './pooled-text-layers.js';
import { PpOcrTextBoxes } from './ppocr-text-boxes.js';
import { TesseractOcr } from './tesseract-ocr.js';

/**
 * PP-OCRv4's detector behind the region finder, read by Tesseract through the ocr step. The detector is not a
 * dependency of the service: installed apart and given as SCENE_TEXT_DETECTOR_DIR (docs/configuration.md), else skipped.
 */
const detectorDir = process.env.SCENE_TEXT_DETECTOR_DIR;
let frames: Array<{ time: number; path: string; scene: number }> = [];

before(async () => {
  const dir = stepContext(fakeTools()).workDir;
  // A small grey name off-centre on a grey picture: neither bright nor 80 grey levels off its surroundings.
  const svg = `<svg width="640" height="360" xmlns="http://www.w3.org/2000/svg"><rect width="640" height="360" fill="#606070"/>
    <text x="480" y="80" font-family="DejaVu Sans" font-size="22" fill="#a0a0b0" text-anchor="middle">Travel Writer</text></svg>`;
  const image = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  frames = [0, 0.5, 1, 1.5].map((time, i) => {
    const file = path.join(dir, `frame-${i}.jpg`);
    fs.writeFileSync(file, image);
    return { time, path: file, scene: 0 };
  });
});

describe('a scene-text detector where the region finder finds nothing', { skip: !detectorDir && 'SCENE_TEXT_DETECTOR_DIR not set' }, () => {
  it('reads a low-contrast caption the region finder misses', async () => {
    const pool = new CpuPool(1);
    try {
      const ocr = new TesseractOcr('tesseract');
      const finder = new PooledTextLayers(pool);
      const alone = await runStep(ocrStep, { frames }, stepContext(fakeTools({ ocr, textLayers: finder })));
      assert.deepEqual(alone.captions, [], 'the region finder alone reads nothing');
      const textLayers = new DetectedTextLayers(finder, new PpOcrTextBoxes(detectorDir as string));
      const out = await runStep(ocrStep, { frames }, stepContext(fakeTools({ ocr, textLayers })));
      assert.equal(out.text, 'Travel Writer', JSON.stringify(out.captions));
      assert.deepEqual([out.captions[0].start, out.captions[0].end], [0, 2]);
    } finally {
      await pool.close();
    }
  });
});
