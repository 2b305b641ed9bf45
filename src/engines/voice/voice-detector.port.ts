/**
 * Whether a recording holds a voice at all (the port; silero-voice-detector.ts, Silero VAD in a process of its own,
 * is the adapter). Asked before speech-to-text: music or other sound alone is then neither decoded nor turned into
 * words.
 */
export interface VoiceDetector {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /**
   * Where the first speech in `audio` (a 16 kHz mono 16-bit WAV, as the `transcode` step writes) begins, in seconds;
   * null when it holds none. A file of another format is not judged: 0, as if it began with speech.
   */
  firstVoice(audio: string, signal: AbortSignal): Promise<number | null>;
}
