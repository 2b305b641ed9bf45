import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A calibrated decision for a whole transcript: the probability that it is right enough (at most half its words
 * wrong) from the engine's own measures, by a logistic model, and the bars applied to it. The coefficients are
 * data (models/speech-decision.json), refitted by bench/fit-speech-decision.mjs on one family of voices and
 * checked for calibration on the others (bench/quality, section families-voices).
 */
export interface TranscriptModel {
  intercept: number;
  /** One weight per feature of FEATURE_NAMES. */
  weights: Record<(typeof FEATURE_NAMES)[number], number>;
  /** The probability at or over which the transcript is kept. */
  keep: number;
  /** A word whose own confidence is under this is marked uncertain (and not built on downstream). */
  word_floor: number;
}

/** What the model reads of a transcript (the port's Transcript has all of it). */
export interface TranscriptMeasures {
  confidence: number | null;
  fit?: number | null;
  agreement?: number;
  segments: Array<{ words?: Array<{ start: number; end: number }> }>;
}

/** The measures the model weighs, in the order transcriptFeatures gives them. */
export const FEATURE_NAMES = ['confidence', 'fit_shortfall', 'agreement_shortfall', 'words_per_second'] as const;

/** A typical pace of speech (words per second): the pace feature is counted from it, so it does not stand in for the intercept. */
export const PACE = 2.5;

/** The acoustic fit under which a shortfall counts (nats per frame): English that fits better gains nothing more. */
export const FIT_KNEE = -4.4;

/** The agreement with a second decoding under which a shortfall counts: more agreement than that says nothing more. */
export const AGREEMENT_KNEE = 0.62;

/**
 * The transcript's measures: its confidence (speech-confidence.ts), how far its acoustic fit per frame falls under
 * FIT_KNEE (0 above it, down to -3.6 at -8, so one far-off clip cannot dominate), how far its agreement with a
 * second decoding falls under AGREEMENT_KNEE (0 above it, or when none was run), and the words per second of speech (held to 6) over PACE. NaN where the engine gives
 * no confidence or fit.
 */
export function transcriptFeatures(t: TranscriptMeasures): number[] {
  const words = t.segments.flatMap((s) => s.words ?? []);
  const span = words.length ? words[words.length - 1].end - words[0].start : 0;
  const perSecond = (span > 0 ? Math.min(6, words.length / span) : 0) - PACE;
  const fit = t.fit == null ? Number.NaN : Math.min(0, Math.max(-8, t.fit) - FIT_KNEE);
  const agreement = t.agreement === undefined ? 0 : Math.min(0, t.agreement - AGREEMENT_KNEE);
  return [t.confidence ?? Number.NaN, fit, agreement, perSecond];
}

/** The probability that the transcript is right enough, or null when the engine gave a measure the model needs no value for. */
export function probabilityRight(t: TranscriptMeasures, model: TranscriptModel): number | null {
  const x = transcriptFeatures(t);
  if (!x.every(Number.isFinite)) return null;
  const z = FEATURE_NAMES.reduce((sum, name, i) => sum + model.weights[name] * x[i], model.intercept);
  return Math.round((1 / (1 + Math.exp(-z))) * 1000) / 1000;
}

/** The pocketsphinx model (models/speech-decision.json), read once. */
export function loadTranscriptModel(
  file = fileURLToPath(new URL('../../../../models/speech-decision.json', import.meta.url)),
): TranscriptModel {
  const m = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const name of FEATURE_NAMES) if (typeof m.weights?.[name] !== 'number') throw new Error(`${file}: no weight for ${name}`);
  if (typeof m.intercept !== 'number' || typeof m.keep !== 'number' || typeof m.word_floor !== 'number') {
    throw new Error(`${file}: intercept, keep and word_floor must be numbers`);
  }
  return m;
}
