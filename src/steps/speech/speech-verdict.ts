import { type SpeechToText, type Transcript, underConfidenceBar, underFitBar } from '../../engines/speech/speech-to-text.port.js';

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
  /** Why the speech is not `recognised`, in the reader's words. */
  reason?: string;
}

type Engine = Pick<SpeechToText, 'confidenceBar' | 'fitBar' | 'identifiesLanguage' | 'agreementBar'>;

/**
 * The transcript judged against the engine's bars, its confidence and the fit of its words to the sounds: below
 * either, the words are dropped rather than passed on, and a language the engine only assumed (pocketsphinx
 * decodes English whatever is said) becomes `und`.
 */
export function judgeSpeech(transcript: Transcript, engine: Engine): JudgedTranscript {
  const words = transcript.segments.reduce((n, s) => n + (s.words?.length || s.text.split(/\s+/).filter(Boolean).length), 0);
  const bars = { confidence_bar: engine.confidenceBar, fit_bar: engine.fitBar };
  if (!transcript.text.trim() || words === 0) return { ...transcript, ...bars, speech: 'none', reason: 'no speech was heard' };
  const doubt = doubtOf(transcript, engine, words);
  if (!doubt) return { ...transcript, ...bars, speech: 'recognised' };
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

/** Why the transcript does not hold, or null when it does. */
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
