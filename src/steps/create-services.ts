import type { Config } from '../config/config.js';
import { resolveMediaBinaries } from '../engines/video/ffmpeg-binaries.js';
import { OpenAiSpeechToText } from '../engines/speech/openai-transcription.js';
import { PocketsphinxSpeechToText } from '../engines/speech/pocketsphinx.js';
import { createChatModelProvider } from '../engines/chat/chat-model.js';
import { createImageEditor } from '../engines/images/image-editor.js';
import { PlacesApi } from '../features/menus/places-api.js';
import { FactCheckToolsSearch } from '../engines/fact-check/fact-check-search.js';
import type { StepServices } from './services.js';

/** Builds the step services from the validated config (called once, by the composition root). */
export function createStepServices(config: Config): StepServices {
  const media = { ...config.media, ...resolveMediaBinaries(config.media) };
  return {
    paths: { promptsDir: config.promptsDir, schemasDir: config.schemasDir, knowledgeDir: config.knowledgeDir },
    media,
    speech:
      config.transcribe.provider === 'openai'
        ? new OpenAiSpeechToText(config.transcribe)
        : new PocketsphinxSpeechToText(config.media.pocketsphinxPath, media.ffmpeg, { isolateVoice: config.transcribe.voiceIsolation === 'rnnoise' }),
    llm: createChatModelProvider(config.llm),
    imageEditor: createImageEditor(config.image),
    maps: {
      extraHosts: config.maps.extraHosts,
      places: config.maps.places ? new PlacesApi({ ...config.maps.places, timeoutSeconds: config.media.fetchTimeoutSeconds }) : null,
      ratesUrl: config.maps.ratesUrl,
    },
    factCheck: config.factCheck ? new FactCheckToolsSearch(config.factCheck) : null,
  };
}
