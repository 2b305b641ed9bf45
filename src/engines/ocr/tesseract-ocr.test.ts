import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TesseractOcr } from './tesseract-ocr.js';

const SHIPPED = path.resolve('models/tessdata');

describe('TesseractOcr: the caption model', () => {
  let dir: string;
  let caption: string;
  const budget = () => ({ signal: new AbortController().signal, timeoutMs: 30_000, workDir: dir });
  const read = async (ocr: TesseractOcr) =>
    (await ocr.readBlocks([caption], budget()))[0].map((l) => l.words.map((w) => w.text).join(' ')).join(' / ');

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tesseract-ocr-'));
    caption = path.join(dir, 'caption.png');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=white:s=640x90'],
      ...['-vf', "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='città più bella':fontsize=44:x=12:y=22"],
      ...['-frames:v', '1', caption],
    ]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads an Italian caption with its accents with the shipped Latin model', async () => {
    assert.equal(await read(new TesseractOcr('tesseract', { lang: 'Latin', dataDir: SHIPPED })), 'città più bella');
  });

  it('reads it with the English model by default, and falls back to it when the model asked for is nowhere', async () => {
    assert.equal(await read(new TesseractOcr('tesseract')), 'citta piu bella');
    assert.equal(await read(new TesseractOcr('tesseract', { lang: 'Klingon', dataDir: SHIPPED })), 'citta piu bella');
  });
});
