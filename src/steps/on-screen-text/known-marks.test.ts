import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ENGINES_DEFAULTS } from '../../engines/engines.config.js';
import { HunspellSpellCheck } from '../../engines/spelling/hunspell-spell-check.js';
import type { SpellCheck } from '../../engines/spelling/spell-check.port.js';
import { markVariants, withKnownMarks } from './known-marks.js';

/** The real hunspell with the service's default dictionaries, counting its calls. */
function counted(dictionaries = ENGINES_DEFAULTS.SPELL_DICTIONARIES.split(',')): SpellCheck & { calls: number } {
  const real = new HunspellSpellCheck('hunspell', dictionaries);
  const check = {
    name: real.name,
    calls: 0,
    unknown: (words: string[], budget: Parameters<SpellCheck['unknown']>[1]) => {
      check.calls++;
      return real.unknown(words, budget);
    },
  };
  return check;
}

const budget = () => ({ signal: new AbortController().signal, timeoutMs: 20_000 });
const caption = (text: string) => ({ text, lines: [{ text, confidence: 0.9 }] });
const texts = (captions: Array<{ text: string; lines: Array<{ text: string }> }>) =>
  captions.map((c) => [c.text, ...c.lines.map((l) => l.text)]);

describe('captions mended by the dictionaries where a mark was misread', () => {
  it('swaps a mark the dictionaries do not know for the one they do, case and punctuation kept', async () => {
    const out = await withKnownMarks(
      [
        caption('nåo perca o final'),
        caption('Receita Fácil De Pào!'),
        caption('CITTÀ PIU BELLA'),
        caption('la riceťta della nonna'),
        caption('TRES PASOS FÁCIĽES'),
      ],
      counted(),
      budget(),
    );
    assert.deepEqual(texts(out), [
      ['não perca o final', 'não perca o final'],
      ['Receita Fácil De Pão!', 'Receita Fácil De Pão!'],
      ['CITTÀ PIÙ BELLA', 'CITTÀ PIÙ BELLA'],
      ['la ricetta della nonna', 'la ricetta della nonna'],
      ['TRES PASOS FÁCILES', 'TRES PASOS FÁCILES'],
    ]);
  });

  it('keeps words a dictionary knows, and one-letter words', async () => {
    const kept = [
      caption('¿qué es esto? cómo lo hicimos, tres pasos fáciles'),
      caption('il segreto è qui'),
      caption('für dich, très bonne idée'),
    ];
    assert.deepEqual(texts(await withKnownMarks(kept, counted(), budget())), texts(kept));
  });

  it('keeps a word two known spellings fit (no guess), and text mostly in languages it has no dictionary of', async () => {
    // "frances": "francés" and "francês" are both words. Swedish: "på väg hem" is no misread Spanish.
    const kept = [caption('frances é fácil'), caption('på väg hem i kväll')];
    assert.deepEqual(texts(await withKnownMarks(kept, counted(), budget())), texts(kept));
  });

  it('runs no check for captions without a marked letter', async () => {
    const check = counted();
    const plain = [caption('MEET THE NEW TEAM'), caption('Joao Silva')];
    assert.equal(await withKnownMarks(plain, check, budget()), plain);
    assert.equal(check.calls, 0);
  });

  it('leaves captions as read where a dictionary or the program is missing', async () => {
    const misread = [caption('nåo perca o final')];
    assert.deepEqual(texts(await withKnownMarks(misread, counted(['pt_PT', 'xx_XX']), budget())), texts(misread));
    const missing = new HunspellSpellCheck('no-such-hunspell', ['pt_PT']);
    assert.equal(await missing.unknown(['nåo'], budget()), null);
  });

  it('tries each marked letter with each other mark or none, one at a time, and an unmarked word with one mark on any letter', () => {
    assert.deepEqual(markVariants('Pào').sort(), ['Pao', 'Páo', 'Pâo', 'Pão', 'Päo', 'Påo', 'Pāo', 'Păo', 'Pąo'].sort());
    assert.ok(markVariants('PIU').includes('PIÙ'));
    assert.ok(markVariants('FÁCIĽES').includes('FÁCILES'));
    assert.ok(!markVariants('FÁCIĽES').includes('FACILES'), 'one letter changed at a time');
  });
});
