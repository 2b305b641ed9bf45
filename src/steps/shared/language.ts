import { createRequire } from 'node:module';
import { franc } from 'franc-min';
import stopwords from 'stopword';

/** ISO 639-3 (franc) to ISO 639-1 for the languages written most often. */
const ISO1: Record<string, string> = {
  eng: 'en',
  ita: 'it',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  por: 'pt',
  nld: 'nl',
  jpn: 'ja',
  cmn: 'zh',
  kor: 'ko',
  tha: 'th',
  vie: 'vi',
  tur: 'tr',
  pol: 'pl',
  ces: 'cs',
  swe: 'sv',
  dan: 'da',
  nob: 'no',
  ell: 'el',
  rus: 'ru',
  arb: 'ar',
  hin: 'hi',
  ind: 'id',
  hun: 'hu',
  ron: 'ro',
};

/** The ISO 639-1 language of a text (franc trigram statistics), or null when it is too short or unclear. */
export function detectLanguage(text: string, minLength = 10): string | null {
  return ISO1[franc(text, { minLength })] ?? null;
}

const STOPWORDS = stopwords;
const ENGLISH = new Set(STOPWORDS.eng ?? []);

/**
 * The language of a short text such as a caption or a title, only when three signals agree: franc's trigram
 * statistics, a function word of that language in the text ("de", "der", "the"), which for a language other than
 * English must be one English does not use, and lande (a small neural identifier trained on short sentences) ranking
 * the same language first. On a few words each identifier alone guesses: franc reads "ANTI WRINKLE SERUM" as Italian
 * and "Tre trucchi per la pasta" as French; a function word can be shared ("di" is Italian and Indonesian). Two
 * identifiers built differently rarely make the same mistake. null otherwise: the caller says "und".
 */
export function corroboratedLanguage(text: string): string | null {
  const code = franc(text, { minLength: 10 });
  const language = ISO1[code];
  const own = STOPWORDS[code];
  if (!language || !own) return null;
  const words = new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);
  const mark = own.filter((w) => words.has(w) && (code === 'eng' || !ENGLISH.has(w)));
  return mark.length && neuralGuess(text) === code ? language : null;
}

type Lande = (text: string) => Array<[string, number]>;
let lande: Lande | undefined;

/** lande's first guess (ISO 639-3), its model loaded on first use (about 10 MB), synchronously: lande is ESM only. */
function neuralGuess(text: string): string | undefined {
  lande ??= (createRequire(import.meta.url)('lande') as { default: Lande }).default;
  return lande(text)[0]?.[0];
}
