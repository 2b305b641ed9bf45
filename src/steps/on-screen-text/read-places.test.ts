import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { placeOfWords, wordPlaces } from './read-places.js';

describe('where words were read', () => {
  // A crop of 200 x 50 layer pixels cut at (100, 300), zoomed to 800 x 200 crop pixels.
  const crop = { box: { left: 100, top: 300, width: 200, height: 50 }, width: 800, height: 200 };

  it('places the words read sure enough on the layer, leaving out marks and unsure words', () => {
    const lines = [
      {
        words: [
          { text: '~', confidence: 90, box: { left: 0, top: 0, width: 40, height: 200 } },
          { text: 'hola', confidence: 91, box: { left: 200, top: 40, width: 160, height: 80 } },
          { text: 'todos', confidence: 88, box: { left: 400, top: 40, width: 200, height: 80 } },
          { text: 'xq', confidence: 20, box: { left: 700, top: 0, width: 100, height: 200 } },
        ],
      },
    ];
    assert.deepEqual(placeOfWords(lines, crop), { left: 150, top: 310, width: 100, height: 20 });
  });

  it('has no place for a reading without a word of letters', () => {
    assert.equal(placeOfWords([{ words: [{ text: '-', confidence: 95, box: { left: 0, top: 0, width: 9, height: 9 } }] }], crop), null);
  });

  it('follows the samples read where their words were placed, else the regions found', () => {
    const boxes = [0, 1, 2].map((k) => ({ left: 10 * k, top: 0, width: 100, height: 20, line: 10 }));
    const place = { left: 5, top: 1, width: 80, height: 18 };
    const read = {
      samples: [4, 5, 6],
      boxes,
      readings: [
        { lines: [], sample: 4, place },
        { lines: [], sample: 6, place },
      ],
    };
    assert.deepEqual(wordPlaces(read), {
      samples: [4, 6],
      boxes: [
        { ...place, line: 10 },
        { ...place, line: 10 },
      ],
    });
    const unplaced = { ...read, readings: [{ lines: [], sample: 4, place: null }] };
    assert.deepEqual(wordPlaces(unplaced), { samples: [4, 5, 6], boxes });
  });
});
