/** One word with its times (seconds from the start of the audio). */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
  confidence?: number;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  words?: TimedWord[];
}

export interface Transcript {
  text: string;
  /** BCP 47 language of the speech, when the engine tells. */
  language: string | null;
  segments: TranscriptSegment[];
}

/** A speech-to-text engine: a 16 kHz mono WAV in, a timed transcript out. */
export interface SpeechToText {
  /** Shown in the job's `engines`, e.g. "pocketsphinx 5prealpha (local)". */
  readonly name: string;
  transcribe(audioPath: string, opts: { signal: AbortSignal; workDir: string; language?: string }): Promise<Transcript>;
}
