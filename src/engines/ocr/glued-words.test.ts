import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mayBeGlued, splitAtSpaces } from './glued-words.js';
import type { ReadLetter } from './hocr-letters.js';

/** Letters at [left, right] columns, one a character of `text`. */
const placed = (text: string, columns: [number, number][]): ReadLetter[] =>
  [...text].map((t, i) => ({ text: t, left: columns[i][0], right: columns[i][1], others: [] }));

/** No word is known: every space the letters show is split. */
const noWord = () => false;

describe('splitAtSpaces', () => {
  // Tesseract's own letter boxes for "BUILTIT" on a caption crop (caption families seed 82386, clip 25): a 52 px
  // high word whose I after the T stands 27 px off, the other letters 9-11 px or overlapping.
  const columns: [number, number][] = [
    [638, 683],
    [692, 737],
    [748, 758],
    [769, 807],
    [804, 854],
    [881, 892],
    [897, 941],
  ];
  const builtit = placed('BUILTIT', columns);
  const word = { text: 'BUILTIT', confidence: 71, box: { left: 638, top: 19, width: 303, height: 52 } };

  it('splits where the letters show a space, each piece boxed by its letters', () => {
    assert.ok(mayBeGlued(word, builtit));
    const words = splitAtSpaces(word, builtit, noWord);
    assert.deepEqual(
      words.map((w) => [w.text, w.box?.left, w.box?.width, w.confidence]),
      [
        ['BUILT', 638, 216, 71],
        ['IT', 881, 60, 71],
      ],
    );
  });

  it('leaves a word the dictionary knows whole, however wide its gaps', () => {
    // "Product" in italics on a lower third (caption families seed 84830, clip 27): the gap before its t is 15 px
    // at a height of 35, wider than the 13 px space before "Designer".
    const product = placed('Product', [
      [143, 173],
      [176, 194],
      [196, 218],
      [222, 246],
      [248, 270],
      [274, 281],
      [296, 309],
    ]);
    const w = { ...word, text: 'Product', box: { left: 143, top: 23, width: 166, height: 35 } };
    assert.ok(mayBeGlued(w, product));
    assert.deepEqual(
      splitAtSpaces(w, product, (text) => text === 'Product'),
      [w],
    );
  });

  it('leaves letters spaced out evenly as one word', () => {
    const spaced = placed('BUILT', [
      [600, 620],
      [650, 670],
      [700, 720],
      [750, 770],
      [800, 820],
    ]);
    assert.equal(mayBeGlued({ ...word, text: 'BUILT', box: { ...word.box, left: 600, width: 220 } }, spaced), false);
  });

  it('keeps a mark standing apart with its word', () => {
    const quoted = placed('"HOW', [
      [600, 610],
      [640, 670],
      [675, 700],
      [705, 740],
    ]);
    assert.equal(mayBeGlued({ ...word, text: '"HOW', box: { ...word.box, left: 600, width: 140 } }, quoted), false);
  });

  it('leaves the word whole where its letters stand out of order', () => {
    // "FOLLOW" in a drop shadow (caption families seed 82386, clip 14): the engine lost its place after "FOL".
    const follow = placed('FOLLOW', [
      [191, 211],
      [210, 229],
      [228, 249],
      [191, 311],
      [266, 284],
      [317, 531],
    ]);
    assert.equal(mayBeGlued({ ...word, text: 'FOLLOW', box: { left: 191, top: 930, width: 340, height: 30 } }, follow), false);
    // "TUTTI" in italics (seed 57387, clip 28): a T's box round the next T.
    const tutti = placed('TUTTI', [
      [662, 700],
      [694, 730],
      [702, 833],
      [770, 807],
      [829, 852],
    ]);
    assert.equal(mayBeGlued({ ...word, text: 'TUTTI', box: { left: 662, top: 23, width: 190, height: 50 } }, tutti), false);
  });

  it('leaves the word whole where its letters do not spell it', () => {
    assert.equal(mayBeGlued({ ...word, text: 'BUILT IT' }, builtit), false);
  });
});
