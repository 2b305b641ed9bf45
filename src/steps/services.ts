import type { Config } from '../config/config.js';
import type { MediaBinaries } from '../engines/video/ffmpeg-binaries.js';
import type { ChatModelProvider } from '../engines/chat/chat-model.js';
import type { SpeechToText } from '../engines/speech/speech-to-text.js';
import type { ImageEditor } from '../engines/images/image-editor.js';
import type { PlacesApi } from '../features/menus/places-api.js';
import type { FactCheckSearch } from '../engines/fact-check/fact-check-search.js';

/**
 * What step executors may use besides their `with:`: settings and engines built once from config in
 * the composition root. Steps read config only through this, never from the environment, so a test
 * can hand a step exactly the services it needs.
 */
export interface StepServices {
  /** Directories of the operator-editable files. */
  paths: {
    promptsDir: string;
    schemasDir: string;
    knowledgeDir: string;
  };
  /** ffmpeg/ffprobe and the download limits. */
  media: Config['media'] & MediaBinaries;
  /** The configured speech-to-text engine. */
  speech: SpeechToText;
  /** The configured chat model, or null: prompt steps then run their offline analyzers. */
  llm: ChatModelProvider | null;
  /** The configured image-generation model (IMAGE_PROVIDER), or null: /pfp composes offline. */
  imageEditor: ImageEditor | null;
  /** /menu-from-maps: extra map hosts, the Places API (or null), a live rates table URL (or null: knowledge/currencies.yaml). */
  maps: { extraHosts: string[]; places: PlacesApi | null; ratesUrl: string | null };
  /** The evidence source of fact-checks (FACTCHECK_API_URL), or null. */
  factCheck: FactCheckSearch | null;
}
