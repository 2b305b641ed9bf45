import {
  type SpeechToText,
  type Transcript,
  type TranscriptSegment,
  underConfidenceBar,
  underFitBar,
} from '../../engines/speech/speech-to-text.port.js';
import { probabilityRight, type TranscriptModel } from '../../engines/speech/transcript-model.js';

/**
 * What the service says of a clip's speech: `recognised` (the transcript holds), `unintelligible` (speech was
 * heard but not recognised with confidence: no transcript is given), or `none` (no words were heard).
 */
export type SpeechState = 'recognised' | 'unintelligible' | 'none';

export interface JudgedTranscript extends Transcript {
  speech: SpeechState;
  /** The engine's bar the confidence was judged against (null: the engine gives no confidence to judge by). */
  confidence_bar: number | null;
  /** The engine's bar the words' fit to the sounds was judged against (null: the engine gives no fit). */
  fit_bar: number | null;
  /** 0-1: the probability that the transcript is right enough (at most half its words wrong), from the engine's decision model; null without one. */
  probability: number | null;
  /** The probability at or over which the transcript is kept (null: the engine has no decision model). */
  probability_bar: number | null;
  /** A word whose own confidence is under this is marked `uncertain` (null: the engine has no decision model). */
  word_floor: number | null;
  /** Why the speech is not `recognised`, in the reader's words. */
  reason?: string;
}

type Engine = Pick<SpeechToText, 'confidenceBar' | 'fitBar' | 'identifiesLanguage' | 'agreementBar' | 'decision'>;

/**
 * The transcript judged by the engine's decision model when it has one (transcript-model.ts: the probability that
 * it is right enough, from its confidence, acoustic fit, agreement with a second decoding and pace), else against
 * the engine's bars. A transcript that does not hold loses its words rather than passing them on, and a language
 * the engine only assumed (pocketsphinx decodes English whatever is said) becomes `und`; one that holds has its
 * words under the model's floor marked `uncertain`.
 */
export function judgeSpeech(transcript: Transcript, engine: Engine): JudgedTranscript {
  const words = transcript.segments.reduce((n, s) => n + (s.words?.length || s.text.split(/\s+/).filter(Boolean).length), 0);
  const model = engine.decision ?? null;
  const probability = model ? probabilityRight(transcript, model) : null;
  const bars = barsOf(engine, probability);
  if (!transcript.text.trim() || words === 0) return { ...transcript, ...bars, speech: 'none', reason: 'no speech was heard' };
  const doubt = model && probability !== null ? doubtOfProbability(transcript, probability, model) : doubtOf(transcript, engine, words);
  if (!doubt) {
    const segments = model ? markUncertain(transcript.segments, model.word_floor) : transcript.segments;
    return { ...transcript, segments, ...bars, speech: 'recognised' };
  }
  // The measures stay (confidence, fit, agreement): they say why; the words go.
  return {
    ...transcript,
    text: '',
    language: engine.identifiesLanguage ? transcript.language : 'und',
    segments: [],
    ...bars,
    speech: 'unintelligible',
    reason: doubt,
  };
}

/**
 * What is said of a recording the voice detector (`detector`: its name) found no speech in: nothing was transcribed,
 * so there is no text, language or measure, and the state is `none`.
 */
export function noVoiceHeard(engine: Engine, detector: string): JudgedTranscript {
  return {
    text: '',
    language: null,
    segments: [],
    confidence: null,
    fit: null,
    ...barsOf(engine, null),
    speech: 'none',
    reason: `no voice was heard: ${detector} found no speech in the audio (music, other sound or silence), so it was not transcribed`,
  };
}

/** The engine's bars a transcript is judged against, and `probability`, the decision model's for it. */
function barsOf(engine: Engine, probability: number | null) {
  const model = engine.decision ?? null;
  return {
    confidence_bar: engine.confidenceBar,
    fit_bar: engine.fitBar,
    probability,
    probability_bar: model?.keep ?? null,
    word_floor: model?.word_floor ?? null,
  };
}

/** The segments with each word under `floor` marked uncertain. */
export function markUncertain(segments: TranscriptSegment[], floor: number): TranscriptSegment[] {
  return segments.map((s) =>
    s.words ? { ...s, words: s.words.map((w) => (w.confidence !== undefined && w.confidence < floor ? { ...w, uncertain: true } : w)) } : s,
  );
}

/** Why the model does not keep the transcript, with the measures it weighed, or null when it does. */
function doubtOfProbability(transcript: Transcript, probability: number, model: TranscriptModel): string | null {
  if (probability >= model.keep) return null;
  const { confidence, fit, agreement } = transcript;
  const second = agreement !== undefined ? `, a second decoding heard ${Math.round(agreement * 100)}% of them again` : '';
  return (
    `speech was heard but its transcript is unlikely to be right (probability ${probability.toFixed(2)} that at most half its words ` +
    `are wrong, under the bar of ${model.keep}; confidence ${confidence?.toFixed(2)}, acoustic fit ${fit?.toFixed(2)} per frame${second}): ` +
    'an unfamiliar voice, a recording the engine does not handle, or a language other than the one it decodes'
  );
}

/** Why the transcript does not hold against the engine's bars, or null when it does. */
function doubtOf(transcript: Transcript, engine: Engine, words: number): string | null {
  const { confidence, fit } = transcript;
  const bar = engine.confidenceBar;
  if (underConfidenceBar(engine, confidence)) {
    return (
      `speech was heard but not recognised with confidence (${words} words at ${confidence!.toFixed(2)}, under the bar of ${bar}): ` +
      'an unfamiliar voice, a recording the engine does not handle, or a language other than the one it decodes'
    );
  }
  if (underFitBar(engine, fit)) {
    return (
      `speech was heard but the words decoded do not fit its sounds (acoustic fit ${fit!.toFixed(2)} per frame, under the bar of ${engine.fitBar}): ` +
      'a language other than the one the engine decodes, or a voice unlike any it knows'
    );
  }
  const { agreement } = transcript;
  if (engine.agreementBar != null && agreement !== undefined && agreement < engine.agreementBar) {
    return (
      `speech was heard but a second decoding of it did not hear the same words (${Math.round(agreement * 100)}% of them again, ` +
      `under the bar of ${Math.round(engine.agreementBar * 100)}%): the words are the engine's guesses, not what was said`
    );
  }
  return null;
}
