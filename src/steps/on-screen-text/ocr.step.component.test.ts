import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import type { OcrBudget, OcrEngine, OcrLine } from '../../engines/ocr/ocr-engine.port.js';
import { ocrStep } from './ocr.step.js';

/**
 * The ocr step against the OCR port: real frames with a caption (text regions are found and followed for real),
 * read by a fake engine that answers from a script, so voting, word confidence and timing can be checked.
 */
class ScriptedOcr implements OcrEngine {
  readonly name = 'scripted ocr';
  readonly batches: number[] = [];
  /** Per crop read, whether the step found its reading worth a second model's. */
  readonly rereadable: boolean[] = [];
  constructor(private readonly read: (call: number) => OcrLine[] | Error) {}
  async readBlocks(images: string[], budget: OcrBudget, worthRereading?: (lines: OcrLine[]) => boolean): Promise<OcrLine[][]> {
    assert.ok(
      images.every((i) => i.startsWith(budget.workDir) && fs.existsSync(i)),
      'crops are files in the work directory',
    );
    this.batches.push(images.length);
    return images.map(() => {
      const lines = this.read(this.batches.length);
      if (lines instanceof Error) throw lines;
      this.rereadable.push(worthRereading?.(lines) ?? true);
      return lines;
    });
  }
  async readPage(): Promise<string[]> {
    throw new Error('the ocr step reads blocks, not pages');
  }
}

const words = (...w: Array<[string, number]>): OcrLine => ({ words: w.map(([text, confidence]) => ({ text, confidence })) });
let frames: Array<{ time: number; path: string; scene: number }> = [];

before(async () => {
  const dir = stepContext(fakeTools()).workDir;
  const svg = `<svg width="640" height="360" xmlns="http://www.w3.org/2000/svg"><rect width="640" height="360" fill="#203040"/>
    <text x="320" y="300" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="white" text-anchor="middle">
    SALE 50% OFF TODAY</text></svg>`;
  const image = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  frames = [0, 0.5, 1, 1.5].map((time, i) => {
    const file = path.join(dir, `frame-${i}.jpg`);
    fs.writeFileSync(file, image);
    return { time, path: file, scene: 0 };
  });
});

describe('ocr against the OCR port', () => {
  it('reads a caption once, gets second opinions, drops unsure words, and times it over the frames it shows in', async () => {
    // The first reading misreads a word; the two second opinions agree with each other.
    const ocr = new ScriptedOcr((call) =>
      call === 1
        ? [words(['SALE', 91], ['5O%', 60], ['OFF', 90], ['~', 20])]
        : [words(['SALE', 92], ['50%', 88], ['OFF', 90], ['TODAY', 89])],
    );
    const ctx = stepContext(fakeTools({ ocr }));
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.equal(out.captions.length, 1, JSON.stringify(out.captions));
    const [caption] = out.captions;
    assert.equal(caption.text, 'SALE 50% OFF TODAY');
    assert.deepEqual([caption.start, caption.end], [0, 2]);
    assert.ok(caption.confidence > 0.85 && caption.confidence < 0.92, String(caption.confidence));
    assert.equal(out.text, 'SALE 50% OFF TODAY');
    assert.equal(ctx.engines.ocr, 'scripted ocr');
    assert.deepEqual(ocr.batches, [1, 1, 1]);
    assert.deepEqual(ocr.rereadable, [true, true, true]);
  });

  it("reads a region once where its first reading is texture under a caption's bar: no second opinion, no second model, no caption", async () => {
    const ocr = new ScriptedOcr(() => [words(['ad,', 62], ['<', 60], ['a', 61], ['An', 63], ['A,', 60], ['Ge', 62], ['Lae', 61])]);
    const out = await runStep(ocrStep, { frames }, stepContext(fakeTools({ ocr })));
    assert.deepEqual(out, { captions: [], text: '' });
    assert.deepEqual(ocr.batches, [1]);
    assert.deepEqual(ocr.rereadable, [false]);
  });

  it('reads texture as sure as a caption again (one reading cannot tell it from short words), and still reports nothing', async () => {
    const ocr = new ScriptedOcr(() => [words(['ad,', 72], ['<', 70], ['a', 71], ['An', 73], ['A,', 70], ['Ge', 72], ['Lae', 71])]);
    const out = await runStep(ocrStep, { frames }, stepContext(fakeTools({ ocr })));
    assert.deepEqual(out, { captions: [], text: '' });
    assert.deepEqual(ocr.batches, [1, 1, 1]);
    assert.deepEqual(ocr.rereadable, [false, false, false]);
  });

  it('asks for no second model where the engine made out nothing, and still keeps what it read surely', async () => {
    // Junk around the words (Tesseract's reading of a pattern beside them): 44 words at a mean under 30 of 100.
    const junk = Array.from({ length: 40 }, (): [string, number] => ['a', 0]);
    const ocr = new ScriptedOcr(() => [words(['SALE', 92], ['50%', 90], ['OFF', 91], ['TODAY', 90]), words(...junk)]);
    const out = await runStep(ocrStep, { frames }, stepContext(fakeTools({ ocr })));
    assert.equal(out.text, 'SALE 50% OFF TODAY');
    assert.deepEqual(ocr.rereadable, [false, false, false]);
  });

  it('reports the lines of a crop read surely where a line read badly beside them sinks the whole (a line cut by the frame)', async () => {
    // Read whole, the caption is 8 words at a mean of 0.78, four of them short: texture, and nothing was reported.
    const ocr = new ScriptedOcr(() => [
      words(['HOW', 90], ['WE', 91], ['BUILT', 90], ['IT', 89]),
      words(['THTC', 57], ['MY', 76], ['1', 57], ['TEE', 76]),
    ]);
    const out = await runStep(ocrStep, { frames }, stepContext(fakeTools({ ocr })));
    assert.deepEqual(
      out.captions.map((c) => [c.text, c.lines.length]),
      [['HOW WE BUILT IT', 1]],
    );
    assert.equal(out.text, 'HOW WE BUILT IT');
  });

  it('reports nothing of a crop whose lines are all read too unsurely, one by one as whole', async () => {
    const ocr = new ScriptedOcr(() => [words(['HOW', 66], ['WE', 64]), words(['THTC', 57], ['MY', 66])]);
    const out = await runStep(ocrStep, { frames }, stepContext(fakeTools({ ocr })));
    assert.deepEqual(out, { captions: [], text: '' });
  });

  it("reads a bar as tall as the capitals beside it as the letter I, and trims one taller (a box's edge)", async () => {
    const boxed = (...w: Array<[string, number, number]>): OcrLine => ({
      words: w.map(([text, top, height], i) => ({
        text,
        confidence: 90,
        box: { left: 40 + 120 * i, top, width: text.length * 30, height },
      })),
    });
    // Specks of the picture make a word's box taller than its capitals ('SALE' here): the bar is measured against the shortest.
    const letter = await runStep(
      ocrStep,
      { frames },
      stepContext(fakeTools({ ocr: new ScriptedOcr(() => [boxed(['|', 20, 48], ['SALE', 14, 60], ['TODAY', 20, 48])]) })),
    );
    assert.equal(letter.captions[0]?.text, 'I SALE TODAY', JSON.stringify(letter.captions));
    const edge = await runStep(
      ocrStep,
      { frames },
      stepContext(fakeTools({ ocr: new ScriptedOcr(() => [boxed(['|', 4, 80], ['SALE', 20, 48], ['TODAY', 20, 48])]) })),
    );
    assert.equal(edge.captions[0]?.text, 'SALE TODAY', JSON.stringify(edge.captions));
  });

  it('warns, and returns no caption, when the engine cannot read a region', async () => {
    const ctx = stepContext(fakeTools({ ocr: new ScriptedOcr(() => new Error('tesseract used more than 2.5 s of CPU')) }));
    const out = await runStep(ocrStep, { frames }, ctx);
    assert.deepEqual(out, { captions: [], text: '' });
    assert.deepEqual(ctx.warnings, ['on-screen text at 0.0 s was not read in its share of the time budget']);
  });

  it('returns nothing for no frames without calling the engine', async () => {
    assert.deepEqual(await runStep(ocrStep, { frames: [] }, stepContext(fakeTools())), { captions: [], text: '' });
  });
});
