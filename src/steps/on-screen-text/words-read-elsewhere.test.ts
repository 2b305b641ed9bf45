import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addWordsReadElsewhere, type WordsReadElsewhere } from './words-read-elsewhere.js';

const reading = (...lines: string[]) => ({ lines: lines.map((text) => ({ text, confidence: 0.9 })) });
const asObject = (read: WordsReadElsewhere) => Object.fromEntries([...read].map(([w, m]) => [w, Object.fromEntries(m)]));

describe('words read elsewhere', () => {
  it("pairs each voted word with what the caption's other readings read in its place, counted", () => {
    // The readings of 1968#75's role line (caption families), one a sample.
    const chosen = reading('Data Scientst');
    const read: WordsReadElsewhere = new Map();
    addWordsReadElsewhere(read, chosen, [
      reading('Data Scien'),
      reading('Data'),
      chosen,
      reading('Datit Scientist'),
      reading('Data Scientist'),
    ]);
    assert.deepEqual(asObject(read), { Data: { Datit: 1 }, Scientst: { Scien: 1, Scientist: 2 } });
  });

  it('pairs words across lines and lost words, and never a word with one its letters do not resemble', () => {
    const read: WordsReadElsewhere = new Map();
    addWordsReadElsewhere(read, reading('Maria Rossl', 'Head Chef'), [reading('Rossi', 'Head Chet'), reading('Mario Hello Chef')]);
    assert.deepEqual(asObject(read), { Rossl: { Rossi: 1 }, Chef: { Chet: 1 }, Maria: { Mario: 1 } });
  });

  it("takes words' letters without the punctuation around them, and no number or one-letter word", () => {
    const read: WordsReadElsewhere = new Map();
    addWordsReadElsewhere(read, reading('café, 10 a'), [reading('cafe! 1O e')]);
    assert.deepEqual(asObject(read), { café: { cafe: 1 } });
    addWordsReadElsewhere(read, reading('«Data Scientst»,'), [reading('Data Scientist.')]);
    assert.deepEqual(asObject(read), { café: { cafe: 1 }, Scientst: { Scientist: 1 } });
  });
});
