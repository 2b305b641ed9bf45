import type { TranscriptModel } from './transcript-model.js';

/** One word with its times (seconds from the start of the audio). */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
  /** 0-1: the engine's posterior probability of the word (with several readings, weighed by how many heard it). */
  confidence?: number;
  /** Set when the word's confidence is under the engine's word floor (TranscriptModel.word_floor): nothing is built on it. */
  uncertain?: boolean;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  words?: TimedWord[];
  /** 0-1: how sure the engine is of the segment (its words' confidences, weighted by duration); absent when it does not tell. */
  confidence?: number;
}

export interface Transcript {
  text: string;
  /** BCP 47 language of the speech, when the engine tells. */
  language: string | null;
  segments: TranscriptSegment[];
  /** 0-1: how sure the engine is of the whole transcript; null when it does not tell. */
  confidence: number | null;
  /**
   * How well the decoded words fit the sounds, on the engine's own scale (pocketsphinx: acoustic log-likelihood per
   * frame, acoustic-fit.ts); absent or null when the engine does not tell.
   */
  fit?: number | null;
  /**
   * 0-1: the share of the words a second, perturbed decoding of the same audio heard again (pocketsphinx, on
   * transcripts it would keep unsure, see wantsSecondOpinion); absent when no second decoding was run.
   */
  agreement?: number;
}

/** A speech-to-text engine: a 16 kHz mono WAV in, a timed transcript out. */
export interface SpeechToText {
  /** Shown in the job's `engines`, e.g. "pocketsphinx 5prealpha (local)". */
  readonly name: string;
  /**
   * Below this transcript confidence the speech is "unintelligible": heard but not recognised well enough to be
   * used (each engine's confidence has its own scale). null: the engine gives no confidence to judge by.
   */
  readonly confidenceBar: number | null;
  /**
   * Below this fit the words do not fit the sounds, however sure the engine is of its choice among them: speech in
   * a language the engine does not decode, or a voice unlike any it knows. null: the engine gives no fit.
   */
  readonly fitBar: number | null;
  /**
   * Below this agreement with a second decoding (`Transcript.agreement`) the words are the language model's guesses,
   * not what was said. Absent or null: the engine runs no second decoding.
   */
  readonly agreementBar?: number | null;
  /**
   * The calibrated decision (transcript-model.ts): a transcript is kept when the probability that it is right enough
   * reaches the model's bar, and its words under the floor are marked uncertain. Absent or null: the transcript is
   * judged on `confidenceBar` alone.
   */
  readonly decision?: TranscriptModel | null;
  /** Whether `language` is identified from the audio (a Whisper server) or only assumed by the decoder (pocketsphinx). */
  readonly identifiesLanguage: boolean;
  transcribe(audioPath: string, opts: { signal: AbortSignal; workDir: string; language?: string }): Promise<Transcript>;
}

/** Whether a transcript's confidence is under the engine's bar (never, when either is null). */
export function underConfidenceBar(engine: Pick<SpeechToText, 'confidenceBar'>, confidence: number | null): boolean {
  return engine.confidenceBar !== null && confidence !== null && confidence < engine.confidenceBar;
}

/** Whether a transcript's words fit its sounds worse than the engine's bar (never, when either is absent). */
export function underFitBar(engine: Pick<SpeechToText, 'fitBar'>, fit: number | null | undefined): boolean {
  return engine.fitBar !== null && fit != null && fit < engine.fitBar;
}
