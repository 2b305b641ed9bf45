import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { separateWords } from './word-spaces.js';

describe('separateWords', () => {
  it('reads a mark between two words as the space it stands in', () => {
    assert.equal(separateWords('Over 21000:km long'), 'Over 21000 km long');
    assert.equal(separateWords('Built’over'), 'Built over');
    assert.equal(separateWords('pasta fatta in,casa'), 'pasta fatta in casa');
    assert.equal(separateWords('TRES|PASOS FÁCILES'), 'TRES PASOS FÁCILES');
    assert.equal(separateWords('la“ricetta della nonna'), 'la ricetta della nonna');
  });

  it('keeps the marks words and numbers hold', () => {
    for (const text of ["don't", "we're", 'it’s', '1,000 km', 'Wait, for it', '"quoted"', 'vidint.com', '10:30'])
      assert.equal(separateWords(text), text);
  });
});
