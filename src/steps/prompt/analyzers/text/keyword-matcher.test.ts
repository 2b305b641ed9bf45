import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countMatches, Keyword, keywordPattern, searchable } from './keyword-matcher.js';

describe('Keyword', () => {
  const texts = [
    'We BAKED bread, then baking more: the baker bakes.',
    'Skin-care routine; skin   care matters. Skincare is one word.',
    'ſale today: ſales up (long s folds to s under the pattern).',
    'The \u212Aitchen knife (Kelvin sign) and the KITCHEN.',
    'Café au lait at the café; cafe without the accent.',
    'nothing here',
    '',
  ];
  const keywords = ['bake', 'skin care', 'sale', 'kitchen', 'café', 'cafe', 'knife', 'recipe', 'car'];

  it('counts what its pattern counts, on every text, whether or not the shortcut skips it', () => {
    for (const k of keywords) {
      const keyword = new Keyword(k);
      for (const text of texts) {
        assert.equal(keyword.count(searchable(text)), countMatches(keywordPattern(k), text), `${k} in ${JSON.stringify(text)}`);
      }
    }
  });

  it('finds inflections, phrases across hyphens and case-folded letters', () => {
    assert.equal(new Keyword('bake').count(searchable(texts[0])), 3);
    assert.equal(new Keyword('skin care').count(searchable(texts[1])), 2);
    assert.equal(new Keyword('sale').count(searchable(texts[2])), 2);
    assert.equal(new Keyword('kitchen').count(searchable(texts[3])), 2);
    assert.equal(new Keyword('car').count(searchable(texts[1])), 0);
  });
});
