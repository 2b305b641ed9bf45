import { franc } from 'franc-min';

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
