import { corroboratedLanguage } from '../../shared/language.js';
import type { VideoEvidence } from '../../shared/video-evidence.js';

/** ISO 639-1 codes as names, for the reasons given to readers. */
const NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * The video's evidence with its speech judged once more, against the on-screen text and title: when they are in
 * another language than the speech's, that speech must be surer, halfway from the engine's bar to certainty
 * (pocketsphinx: 0.75), or it is unintelligible too. A decoder that only knows English turns Italian into
 * English words with middling confidence; captions in Italian make English the less likely language.
 */
export function heldEvidence<T extends VideoEvidence>(input: T): T {
  const t = input.transcript;
  if (!t || t.speech !== 'recognised' || t.confidence == null || t.confidence_bar == null || !t.language) return input;
  const text = textLanguage(input);
  const surer = Math.round(((t.confidence_bar + 1) / 2) * 100) / 100;
  if (!text || text.language === t.language.slice(0, 2) || t.confidence >= surer) return input;
  const other = NAMES.of(text.language) ?? text.language;
  const where = text.source === 'title' ? 'title' : 'on-screen text';
  const reason =
    `the speech does not fit ${NAMES.of(t.language.slice(0, 2)) ?? t.language} well enough (confidence ${t.confidence.toFixed(2)}, ` +
    `under the ${surer} asked when the ${where} is in ${other})`;
  return { ...input, transcript: { ...t, text: '', segments: [], speech: 'unintelligible', language: 'und', reason } };
}

/** Where a result's language came from: the speech (its engine), the on-screen text or the title. */
export type LanguageSource = 'speech' | 'on_screen_text' | 'title';

/**
 * The spoken language and where it came from. Speech that was recognised gives its own (pocketsphinx decodes
 * English, so recognised means English fits; a Whisper server identifies it). Speech heard but unintelligible
 * takes the language of the captions or the title only when that is not English: English decoding failing
 * agrees with another language and contradicts English, so an English text says nothing and the answer is `und`.
 * A video without speech takes the language of its text, or null.
 */
export function languageOf(input: VideoEvidence): { language: string | null; source: LanguageSource | null } {
  const t = input.transcript;
  const state = t?.speech ?? (t?.text.trim() ? 'recognised' : 'none');
  if (state === 'recognised' && t?.language) return { language: t.language, source: 'speech' };
  const fromText = textLanguage(input);
  if (state === 'unintelligible') {
    if (t?.language && t.language !== 'und') return { language: t.language, source: 'speech' };
    return fromText && fromText.language !== 'en' ? fromText : { language: 'und', source: null };
  }
  return fromText ?? { language: null, source: null };
}

/** The language of the on-screen text, else of the title, when corroborated (steps/shared/language.ts). */
function textLanguage(input: VideoEvidence): { language: string; source: LanguageSource } | null {
  const captions = [...new Set((input.ocr?.captions ?? []).map((c) => c.text.trim()).filter(Boolean))].join('. ');
  const onScreen = captions ? corroboratedLanguage(captions) : null;
  if (onScreen) return { language: onScreen, source: 'on_screen_text' };
  const title = input.title?.trim() || input.metadata?.title?.trim();
  const titled = title ? corroboratedLanguage(title) : null;
  return titled ? { language: titled, source: 'title' } : null;
}

/** The speech fields of a result: its state, why it is not recognised, and the transcript's confidence and probability of being right. */
export function speechFields(input: VideoEvidence): {
  speech?: string;
  speech_reason?: string;
  transcript_confidence?: number | null;
  transcript_probability?: number | null;
} {
  const t = input.transcript;
  if (!t?.speech) return {};
  return {
    speech: t.speech,
    ...(t.reason ? { speech_reason: t.reason } : {}),
    transcript_confidence: t.confidence ?? null,
    ...(t.probability !== undefined ? { transcript_probability: t.probability } : {}),
  };
}
