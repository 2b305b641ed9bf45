import type { Transcript } from '../engines/speech/speech-to-text.port.js';

/**
 * What the service says of a clip's speech: `recognised` (the transcript holds), `unintelligible` (speech was
 * heard but not recognised with confidence: no transcript is given), or `none` (no words were heard).
 */
export type SpeechState = 'recognised' | 'unintelligible' | 'none';

export interface JudgedTranscript extends Transcript {
  speech: SpeechState;
  /** The engine's bar the confidence was judged against (null: the engine gives no confidence to judge by). */
  confidence_bar: number | null;
  /** Why the speech is not `recognised`, in the reader's words. */
  reason?: string;
}

/**
 * The transcript judged against the engine's bar: below it, the words are dropped rather than passed on, and a
 * language the engine only assumed (pocketsphinx decodes English whatever is said) becomes `und`.
 */
export function judgeSpeech(
  transcript: Transcript,
  engine: { confidenceBar: number | null; identifiesLanguage: boolean },
): JudgedTranscript {
  const words = transcript.segments.reduce((n, s) => n + (s.words?.length || s.text.split(/\s+/).filter(Boolean).length), 0);
  const bar = engine.confidenceBar;
  if (!transcript.text.trim() || words === 0) return { ...transcript, speech: 'none', reason: 'no speech was heard', confidence_bar: bar };
  const { confidence } = transcript;
  if (bar === null || confidence === null || confidence >= bar) return { ...transcript, speech: 'recognised', confidence_bar: bar };
  return {
    text: '',
    language: engine.identifiesLanguage ? transcript.language : 'und',
    segments: [],
    confidence,
    confidence_bar: bar,
    speech: 'unintelligible',
    reason:
      `speech was heard but not recognised with confidence (${words} words at ${confidence.toFixed(2)}, under the bar of ${bar}): ` +
      'an unfamiliar voice, a recording the engine does not handle, or a language other than the one it decodes',
  };
}
