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
 * The language of a short text such as a caption or a title, only when two signals agree: franc's trigram
 * statistics and a function word of that language in the text ("de", "der", "the"), which for a language other
 * than English must be one English does not use. On a few words franc alone guesses (it reads "ANTI WRINKLE
 * SERUM" as Italian and "WORLD RECORDS" as Dutch); the function word is the evidence it lacks. null otherwise.
 */
export function corroboratedLanguage(text: string): string | null {
  const code = franc(text, { minLength: 10 });
  const language = ISO1[code];
  const own = STOPWORDS[code];
  if (!language || !own) return null;
  const words = new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);
  const mark = own.filter((w) => words.has(w) && (code === 'eng' || !ENGLISH.has(w)));
  return mark.length ? language : null;
}
