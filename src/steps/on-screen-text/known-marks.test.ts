import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ENGINES_DEFAULTS } from '../../engines/engines.config.js';
import { HunspellSpellCheck } from '../../engines/spelling/hunspell-spell-check.js';
import type { SpellCheck } from '../../engines/spelling/spell-check.port.js';
import { addChoices, glyphSplits, type LetterChoices, letterSwaps, markVariants, withKnownMarks } from './known-marks.js';

/** The real hunspell with the service's default dictionaries, counting the dictionaries it was asked with. */
function counted(dictionaries = ENGINES_DEFAULTS.SPELL_DICTIONARIES.split(',')): SpellCheck & { asked: string[] } {
  const real = new HunspellSpellCheck('hunspell', dictionaries);
  const check = {
    name: real.name,
    dictionaries: real.dictionaries,
    asked: [] as string[],
    unknown: (words: string[], asked: readonly string[], budget: Parameters<SpellCheck['unknown']>[2]) => {
      check.asked.push(...asked);
      return real.unknown(words, asked, budget);
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
    const jobs = ['nåo perca o final', 'Receita Fácil De Pào!', 'CITTÀ PIU BELLA', 'la riceťta della nonna', 'TRES PASOS FÁCIĽES'];
    const out = await Promise.all(jobs.map((text) => withKnownMarks([caption(text)], counted(), budget())));
    assert.deepEqual(out.map(texts), [
      [['não perca o final', 'não perca o final']],
      [['Receita Fácil De Pão!', 'Receita Fácil De Pão!']],
      [['CITTÀ PIÙ BELLA', 'CITTÀ PIÙ BELLA']],
      [['la ricetta della nonna', 'la ricetta della nonna']],
      [['TRES PASOS FÁCILES', 'TRES PASOS FÁCILES']],
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

  it("mends by the dictionaries of the captions' language, where another language knows the word as read", async () => {
    // es_ES knows "Nao", fr_FR "faciles": neither is a word in the captions' own language.
    // pt_BR alone knows "cafe": Portuguese is what pt_PT and pt_BR both know.
    const captions = [caption('NAO PERCA O FINAL'), caption('MELHOR CAFE DA CIDADE'), caption('Receita de pão')];
    assert.deepEqual(texts(await withKnownMarks(captions, counted(), budget())), [
      ['NÃO PERCA O FINAL', 'NÃO PERCA O FINAL'],
      ['MELHOR CAFÉ DA CIDADE', 'MELHOR CAFÉ DA CIDADE'],
      ['Receita de pão', 'Receita de pão'],
    ]);
    // "holà" is French and Italian as read: a mark another language writes is taken off by no dictionary.
    const spanish = await withKnownMarks([caption('tres pasos faciles'), caption('holà a todos')], counted(), budget());
    assert.deepEqual(texts(spanish), [
      ['tres pasos fáciles', 'tres pasos fáciles'],
      ['holà a todos', 'holà a todos'],
    ]);
    // en_US knows "tres" and "bonne", fr_FR the rest.
    const french = await withKnownMarks([caption('TRES BONNE IDÉE'), caption('ATTENDEZ LA FIN')], counted(), budget());
    assert.deepEqual(texts(french), [
      ['TRÈS BONNE IDÉE', 'TRÈS BONNE IDÉE'],
      ['ATTENDEZ LA FIN', 'ATTENDEZ LA FIN'],
    ]);
  });

  it('takes the language an identifier names for the text over the dictionary that knows most of its words', async () => {
    // es_ES knows "PAO" and "NAO" too, and so knows six of these seven words, Portuguese five (caption families seed
    // 36378, #65).
    const out = await withKnownMarks([caption('RECEITA FÁCIL DE PAO'), caption('NAO PERCA O FINAL')], counted(), budget());
    assert.deepEqual(texts(out), [
      ['RECEITA FÁCIL DE PÃO', 'RECEITA FÁCIL DE PÃO'],
      ['NÃO PERCA O FINAL', 'NÃO PERCA O FINAL'],
    ]);
  });

  it("takes a spelling of another language where none of the captions' language fits a word no dictionary knows", async () => {
    const out = await withKnownMarks([caption('João Silva'), caption('Produçt De igner')], counted(), budget());
    assert.deepEqual(texts(out), [
      ['João Silva', 'João Silva'],
      ['Product De igner', 'Product De igner'],
    ]);
  });

  it('asks only the first dictionary where it knows three quarters of the words, and mends by it', async () => {
    const check = counted();
    const english = [caption('MEET THE NEW TEAM'), caption('Joao Silva, Head Chef')];
    assert.equal(await withKnownMarks(english, check, budget()), english);
    assert.deepEqual(check.asked, ['en_US']);
    // The first (en_US) knows no "café": the others are asked, know it, and so it keeps its mark.
    const cafe = [caption('the best café in town')];
    assert.deepEqual(texts(await withKnownMarks(cafe, counted(), budget())), texts(cafe));
  });

  it('leaves captions as read where a dictionary or the program is missing', async () => {
    const misread = [caption('nåo perca o final')];
    assert.deepEqual(texts(await withKnownMarks(misread, counted(['pt_PT', 'xx_XX']), budget())), texts(misread));
    const missing = new HunspellSpellCheck('no-such-hunspell', ['pt_PT']);
    assert.equal(await missing.unknown(['nåo'], ['pt_PT'], budget()), null);
  });

  it('tries each marked letter with each other mark or none, one at a time, and an unmarked word with one mark on any letter', () => {
    assert.deepEqual(markVariants('Pào').sort(), ['Pao', 'Páo', 'Pâo', 'Pão', 'Päo', 'Påo', 'Pāo', 'Păo', 'Pąo'].sort());
    assert.ok(markVariants('PIU').includes('PIÙ'));
    assert.ok(markVariants('FÁCIĽES').includes('FÁCILES'));
    assert.ok(!markVariants('FÁCIĽES').includes('FACILES'), 'one letter changed at a time');
  });
});

describe('captions mended where a letter was misread, by the letters the engine weighed there', () => {
  /** Choices as Tesseract's hOCR gave them for these readings of the caption families' clips (seeds 1968, 29052). */
  const read: LetterChoices = new Map();
  addChoices(read, [
    {
      words: [
        {
          text: 'Street',
          confidence: 92,
          choices: [
            ['N', '$'],
            ['r', 'i'],
            ['e', 'c'],
            ['c', 'a'],
            ['c', 'a'],
            ['f', 'i'],
          ],
        },
        { text: 'Arlist', confidence: 84, choices: [[], ['p', 'c'], ['t', 'k', 'h'], ['í'], ['a'], ['l', 'i']] },
      ],
    },
    { words: [{ text: 'Korning', confidence: 74, choices: [['R', 'B', 'M', 'H'], [], [], [], [], [], []] }] },
    { words: [{ text: 'tresh', confidence: 54, choices: [['f', 'i', 'I', 'T', 'H'], [], [], [], []] }] },
    { words: [{ text: 'bax', confidence: 40, choices: [['f'], [], ['t']] }] },
    { words: [{ text: 'Lasy', confidence: 40, choices: [['E'], [], [], ['w', 't']] }] },
  ]);
  const choices = (w: string) => read.get(w);

  it('swaps a letter of a word no dictionary knows for the likeliest choice a dictionary knows', async () => {
    const captions = [caption('Lucía Gómez'), caption('Street Arlist'), caption('Fresh Bread Every Korning'), caption('tresh bread')];
    assert.deepEqual(texts(await withKnownMarks(captions, counted(), budget(), { choices })), [
      ['Lucía Gómez', 'Lucía Gómez'],
      ['Street Artist', 'Street Artist'],
      ['Fresh Bread Every Morning', 'Fresh Bread Every Morning'],
      ['fresh bread', 'fresh bread'],
    ]);
  });

  it('keeps a word a dictionary knows, one without choices, and one two swaps as likely would mend', async () => {
    // "bax": its first choices make "fax" and "bat", both words.
    const kept = [caption('Street Morning'), caption('mornng light'), caption('bax machine')];
    assert.deepEqual(texts(await withKnownMarks(kept, counted(), budget(), { choices })), texts(kept));
  });

  it("takes the engine's likelier choice where swaps of two ranks make words", async () => {
    // "Lasy": "Easy" with the first letter's first choice, "Last" only with the last letter's second.
    assert.deepEqual(texts(await withKnownMarks([caption('Lasy steps')], counted(), budget(), { choices })), [
      ['Easy steps', 'Easy steps'],
    ]);
  });

  it("gathers each letter's choices from every reading, and swaps one letter at a time by rank", () => {
    const more: LetterChoices = new Map([['Arlist', [[], ['p'], ['t'], [], [], []]]]);
    addChoices(more, [{ words: [{ text: 'Arlist', confidence: 80, choices: [['R'], ['p', 'n'], ['k'], [], [], []] }] }]);
    addChoices(more, [{ words: [{ text: 'A1', confidence: 80, choices: [['R'], ['l']] }] }]);
    assert.deepEqual(more.get('Arlist'), [['R'], ['p', 'n'], ['t', 'k'], [], [], []]);
    assert.equal(more.has('A1'), false);
    assert.deepEqual(letterSwaps('Arlist', more.get('Arlist')), [
      ['Rrlist', 'Aplist', 'Artist'],
      ['Anlist', 'Arkist'],
    ]);
    assert.deepEqual(letterSwaps('Arlist', [['R']]), []);
    const punctuated: LetterChoices = new Map();
    // A word's punctuation is no letter of it: its letters' choices are gathered under its letters.
    addChoices(punctuated, [{ words: [{ text: '"Arlist,', confidence: 80, choices: [['!'], ['B'], [], ['t'], [], [], [], ['.']] }] }]);
    assert.deepEqual([...punctuated], [['Arlist', [['B'], [], ['t'], [], [], []]]]);
  });
});

describe('captions mended where a word was misread, by what other readings of the caption read there', () => {
  const elsewhere = (read: Record<string, Record<string, number>>) => ({
    readElsewhere: (w: string) => (read[w] ? new Map(Object.entries(read[w])) : undefined),
  });

  it("takes the word another reading read that a dictionary knows, the most read first, in the caption's case", async () => {
    const read = elsewhere({ Scientst: { Scien: 1, Scientist: 2 }, MORNNG: { morning: 1 }, Gren: { Green: 1, Grey: 2 } });
    const captions = [caption('Data Scientst,'), caption('FRESH BREAD EVERY MORNNG!'), caption('Gren light')];
    assert.deepEqual(texts(await withKnownMarks(captions, counted(), budget(), read)), [
      ['Data Scientist,', 'Data Scientist,'],
      ['FRESH BREAD EVERY MORNING!', 'FRESH BREAD EVERY MORNING!'],
      ['Grey light', 'Grey light'],
    ]);
  });

  it('keeps a word a dictionary knows, a name read otherwise elsewhere, and one two words read as often would mend', async () => {
    const read = elsewhere({ Data: { Date: 3 }, Schmidt: { Schmid: 1 }, bax: { box: 1, bay: 1 } });
    const kept = [caption('Data Scientist'), caption('Anna Schmidt'), caption('bax of bread')];
    assert.deepEqual(texts(await withKnownMarks(kept, counted(), budget(), read)), texts(kept));
  });
});

describe('captions mended where one shape was read as two letters or two as one', () => {
  it('undoes the one confusion that makes a known word, in small letters, after the evidence of the readings', async () => {
    const captions = [caption('fresh bread every moming'), caption('the vvhole team'), caption('a bold iclea'), caption('Anna Schmidt')];
    assert.deepEqual(texts(await withKnownMarks(captions, counted(), budget())), [
      ['fresh bread every morning', 'fresh bread every morning'],
      ['the whole team', 'the whole team'],
      ['a bold idea', 'a bold idea'],
      ['Anna Schmidt', 'Anna Schmidt'],
    ]);
    // The word another reading read there comes first.
    const read = { readElsewhere: (w: string) => (w === 'moming' ? new Map([['mooring', 1]]) : undefined) };
    assert.deepEqual(texts(await withKnownMarks([caption('every moming')], counted(), budget(), read)), [
      ['every mooring', 'every mooring'],
    ]);
  });

  it('tries each confusion each way round at each place', () => {
    assert.deepEqual(glyphSplits('moming').sort(), ['morning', 'rnoming']);
    assert.deepEqual(glyphSplits('clown').sort(), ['clovvn', 'down']);
  });
});
