import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OcrLine } from './ocr-engine.port.js';
import { mendedReading, needsSecondModel } from './second-model.js';

/** A line of words 100 px wide each, side by side, with their confidences. */
const line = (...words: [string, number][]): OcrLine => ({
  words: words.map(([text, confidence], i) => ({ text, confidence, box: { left: i * 110, top: 10, width: 100, height: 40 } })),
});
const text = (lines: OcrLine[]) => lines.map((l) => l.words.map((w) => `${w.text}:${w.confidence}`).join(' ')).join(' / ');

describe('mendedReading', () => {
  it("keeps the primary model's accents where both read the same letters, at the surer confidence", () => {
    const mended = mendedReading([line(['Olá', 63], ['Pessoal', 91])], [line(['Ola', 96], ['Pessoal', 96])]);
    assert.equal(text(mended), 'Olá:96 Pessoal:96');
  });

  it('drops a marked letter the primary model read twice where the second reads the word without it', () => {
    const mended = mendedReading([line(['Påão', 38], ['Cittùà', 52], ['Oiá', 40])], [line(['Pao', 80], ['Citta', 90], ['Ola', 85])]);
    assert.equal(text(mended), 'Pão:80 Città:90 Ola:85');
  });

  it("takes the second model's word for a letter no European alphabet writes, or where it is surer", () => {
    const mended = mendedReading(
      [line(['FOR', 92], ['TWỌ', 40], ['Breađ', 63], ['It', 91])],
      [line(['FOR', 95], ['TWO', 95], ['Bread', 96], ['it', 69])],
    );
    assert.equal(text(mended), 'FOR:95 TWO:95 Bread:96 It:91');
  });

  it("keeps the primary's unsure word where the second reads other letters only in place of its marked ones", () => {
    const mended = mendedReading(
      [line(['Joãào', 1], ['Joào', 57], ['João', 4], ['Brcad', 40], ['Silva', 92])],
      [line(['Jodo', 96], ['Jodo', 95], ['Jodo', 96], ['Bread', 90], ['Silva', 96])],
    );
    assert.equal(text(mended), 'Joãào:1 Joào:57 João:4 Bread:90 Silva:96');
  });

  it('adds a word only the second model read to the line it stands on, in its place', () => {
    const primary: OcrLine[] = [{ words: [line(['HOW', 90]).words[0], { ...line(['x', 0], ['WE', 90]).words[1] }] }];
    const second = [line(['HOW', 95], ['WE', 95], ['BUILT', 96])];
    assert.equal(text(mendedReading(primary, second)), 'HOW:95 WE:95 BUILT:96');
  });

  it('leaves the primary reading as it is where the words have no boxes', () => {
    const bare: OcrLine[] = [{ words: [{ text: 'città', confidence: 91 }] }];
    assert.equal(text(mendedReading(bare, [line(['citta', 92])])), 'città:91');
  });

  it('asks for a second reading only where a word is unsure or holds a letter no European alphabet writes', () => {
    assert.equal(needsSecondModel([line(['città', 91], ['più', 92])]), false);
    assert.equal(needsSecondModel([line(['Olá', 63], ['Pessoal', 91])]), true);
    assert.equal(needsSecondModel([line(['FOR', 92], ['TWỌ', 90])]), true);
    assert.equal(needsSecondModel([]), false);
  });
});
