import type { ChatModelProvider } from '../engines/chat/chat-model.port.js';
import type { PageVideoDownloader, WebFetcher } from '../engines/download/download.port.js';
import type { FactCheckSearch } from '../engines/fact-check/fact-check.port.js';
import type { DocumentScanner } from '../engines/images/document-scanner.port.js';
import type { FaceDetector } from '../engines/images/face-detector.port.js';
import type { ImageEditor } from '../engines/images/image-editor.port.js';
import type { PortraitComposer } from '../engines/images/portrait-composer.port.js';
import type { OcrEngine } from '../engines/ocr/ocr-engine.port.js';
import type { TextLayers } from '../engines/ocr/text-layers.port.js';
import type { PlaceDirectory } from '../engines/places/places.port.js';
import type { SpeechToText } from '../engines/speech/speech-to-text.port.js';
import type { SpellCheck } from '../engines/spelling/spell-check.port.js';
import type { VideoEngine } from '../engines/video/video-engine.port.js';
import type { VoiceDetector } from '../engines/voice/voice-detector.port.js';

/**
 * What step executors may use besides their `with:`: settings, and engines behind their ports, built once
 * from config by createStepTools. Steps reach programs and networks only through these, never from the
 * environment or by spawning a binary, so a test can hand a step exactly the engines it needs.
 */
export interface StepTools {
  /** Directories of the operator-editable files. */
  paths: {
    promptsDir: string;
    schemasDir: string;
    knowledgeDir: string;
  };
  /** Where the devnet's sample media are (a source the check before payment found to be one names its file). */
  samplesDir: string;
  /** Download limits: VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, FETCH_TIMEOUT_SECONDS. */
  limits: { maxBytes: number; maxSeconds: number; fetchTimeoutSeconds: number };
  /** Video decoding (ffmpeg/ffprobe). */
  video: VideoEngine;
  /** Text recognition (tesseract). */
  ocr: OcrEngine;
  /** Which words the dictionaries know (hunspell), or null: captions keep their marks as read. */
  spelling: SpellCheck | null;
  /** Caption regions found in frames and cut out for OCR (pixel work, in the CPU pool). */
  textLayers: TextLayers;
  /** User-given URLs, fetched through the address guard. */
  web: WebFetcher;
  /** Videos behind pages, platform links and manifests (yt-dlp). */
  pageVideos: PageVideoDownloader;
  /** The configured speech-to-text engine. */
  speech: SpeechToText;
  /** Whether a recording holds a voice, asked before `speech` (VOICE_DETECTION), or null: every recording is transcribed. */
  voice: VoiceDetector | null;
  /** The configured chat model, or null: prompt steps then run their offline analyzers. */
  llm: ChatModelProvider | null;
  /** Faces and their mesh in a photo (/hair-formula, /pfp). */
  faces: FaceDetector;
  /** The portrait composed offline from a face photo (/pfp without IMAGE_PROVIDER). */
  portraits: PortraitComposer;
  /** Photographed pages flattened into scans (/scan-style). */
  scanner: DocumentScanner;
  /** The configured image-generation model (IMAGE_PROVIDER), or null: /pfp composes offline. */
  imageEditor: ImageEditor | null;
  /** /menu-from-maps: extra map hosts, the Places API (or null), a live rates table URL (or null: knowledge/currencies.yaml). */
  maps: { extraHosts: string[]; places: PlaceDirectory | null; ratesUrl: string | null };
  /** The evidence source of fact-checks (FACTCHECK_API_URL), or null. */
  factCheck: FactCheckSearch | null;
}
