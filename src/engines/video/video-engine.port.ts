/** What a media file holds, as a probe reads it. */
export interface MediaInfo {
  duration: number;
  width: number | null;
  height: number | null;
  /** The picture's frames a second (its average where the rate varies); null when the file does not say. */
  frame_rate: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  has_audio: boolean;
  size_bytes: number;
  format: string;
  title: string | null;
  description: string | null;
}

/** An audio track of a media file: its channels, and its start against the picture's (seconds). */
export interface AudioTrack {
  channels: number;
  start: number;
}

/** Which audio `extractAudio` took: track `track` (0-based) of `tracks`, with its channels and start. */
export interface ExtractedAudio extends AudioTrack {
  track: number;
  tracks: number;
}

/** One momentary-loudness reading (LUFS over a 400 ms window). */
export interface LoudnessReading {
  time: number;
  lufs: number;
}

/**
 * One decoding pass over a video for scene detection: thumbnails written, and each decoded frame (`cutFps` a second)
 * handed to `onCutFrame` at two sizes, `tiny` at `cutTiny` and `fine` at `cutFine`, each plain rgb24 (no padding).
 */
export interface SceneDecoding {
  source: string;
  cutFps: number;
  cutTiny: { width: number; height: number };
  cutFine: { width: number; height: number };
  onCutFrame(frame: { tiny: Buffer; fine: Buffer }): void;
  /** Thumbnails per second, written to `thumbsDir` with their grey copies (the SceneSamples decodeForScenes resolves to). */
  thumbFps: number;
  /** The grey copies' shorter side is at most this many pixels (binary PGM). */
  graySide: number;
  thumbsDir: string;
  signal: AbortSignal;
}

/** A frame decodeForScenes sampled: its time on the picture's timeline (its first frame at 0), its JPEG and grey copy (binary PGM). */
export interface SceneSample {
  time: number;
  path: string;
  gray: string;
}

/**
 * Video decoding (the port; ffmpeg/ffprobe is the adapter). Every method stops, and kills whatever it
 * started, when `signal` aborts; failures a user should read are KnownFailures.
 */
export interface VideoEngine {
  /** Duration, size, codecs and tags; an unreadable file or one without video is a KnownFailure. */
  probe(file: string, signal: AbortSignal): Promise<MediaInfo>;
  /**
   * The audio as 16 kHz mono 16-bit PCM WAV at `out`, on the picture's timeline: of several tracks the one with the
   * most speech, its channels mixed by their speech-band power, silence before it when it starts late.
   */
  extractAudio(source: string, out: string, signal: AbortSignal): Promise<ExtractedAudio>;
  /** Momentary loudness every 100 ms. */
  loudness(audio: string, signal: AbortSignal): Promise<LoudnessReading[]>;
  /** Decodes `source` once for scene detection (see SceneDecoding): the samples written, in order. */
  decodeForScenes(job: SceneDecoding): Promise<SceneSample[]>;
}
