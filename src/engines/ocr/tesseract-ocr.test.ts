import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { OcrLine } from './ocr-engine.port.js';
import { TesseractOcr } from './tesseract-ocr.js';

const SHIPPED = path.resolve('models/tessdata');

describe('TesseractOcr: the caption model', () => {
  let dir: string;
  let caption: string;
  const budget = () => ({ signal: new AbortController().signal, timeoutMs: 30_000, workDir: dir });
  const read = async (ocr: TesseractOcr, image = caption, worthRereading?: (lines: OcrLine[]) => boolean) =>
    (await ocr.readBlocks([image], budget(), worthRereading))[0].map((l) => l.words.map((w) => w.text).join(' ')).join(' / ');

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tesseract-ocr-'));
    caption = drawn('caption.png', 'città più bella');
  });
  const drawn = (name: string, text: string) => {
    const file = path.join(dir, name);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=white:s=640x90'],
      ...['-vf', `drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='${text}':fontsize=44:x=12:y=22`],
      ...['-frames:v', '1', file],
    ]);
    return file;
  };
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads an Italian caption with its accents with the shipped Latin model', async () => {
    assert.equal(await read(new TesseractOcr('tesseract', { lang: 'Latin', dataDir: SHIPPED })), 'città più bella');
  });

  it('keeps the English reading of a crop where the Latin model writes a letter no European alphabet has', async () => {
    // The Latin model alone reads this "FOR PART TWỌ" (a dot below, Vietnamese).
    const latin = new TesseractOcr('tesseract', { lang: 'Latin', dataDir: SHIPPED });
    assert.equal(await read(latin, drawn('two.png', 'FOR PART TWO')), 'FOR PART TWO');
    assert.equal(await read(latin), 'città più bella');
  });

  it('keeps the first reading of a crop the caller finds not worth a second (texture)', async () => {
    const first: string[] = [];
    const once = (lines: OcrLine[]) => {
      first.push(lines.map((l) => l.words.map((w) => w.text).join(' ')).join(' / '));
      return false;
    };
    const latin = new TesseractOcr('tesseract', { lang: 'Latin', dataDir: SHIPPED });
    assert.equal(await read(latin, drawn('two-once.png', 'FOR PART TWO'), once), 'FOR PART TWỌ');
    assert.deepEqual(first, ['FOR PART TWỌ']);
  });

  it("reads with a combination of models of which one is shipped and one is Tesseract's own", async () => {
    // English first, the Latin model for the words English is unsure of: eng alone reads "Nao 6 facil".
    const both = new TesseractOcr('tesseract', { lang: 'eng+Latin', dataDir: SHIPPED });
    assert.equal(await read(both, drawn('nao.png', 'Não é fácil')), 'Nao é facil');
  });

  it('reads it with the English model by default, and falls back to it when the model asked for is nowhere', async () => {
    assert.equal(await read(new TesseractOcr('tesseract')), 'citta piu bella');
    assert.equal(await read(new TesseractOcr('tesseract', { lang: 'Klingon', dataDir: SHIPPED })), 'citta piu bella');
  });
});
