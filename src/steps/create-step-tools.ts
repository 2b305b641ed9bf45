import { createChatModelProvider } from '../engines/chat/langchain-chat-model.js';
import { CpuPool } from '../engines/cpu-pool/cpu-pool.js';
import { GuardedWebFetcher } from '../engines/download/guarded-web-fetcher.js';
import { YtDlpDownloader } from '../engines/download/yt-dlp-downloader.js';
import type { EnginesConfig } from '../engines/engines.config.js';
import { FactCheckToolsSearch } from '../engines/fact-check/fact-check-tools.js';
import { HumanFaceDetector } from '../engines/images/human-face-detector.js';
import { createImageEditor } from '../engines/images/openai-image-editor.js';
import { OpenCvDocumentScanner } from '../engines/images/opencv-document-scanner.js';
import { SelfiePortraitComposer } from '../engines/images/selfie-portrait-composer.js';
import { PooledTextLayers } from '../engines/ocr/pooled-text-layers.js';
import { TesseractOcr } from '../engines/ocr/tesseract-ocr.js';
import { PlacesApi } from '../engines/places/places-api.js';
import { OpenAiSpeechToText } from '../engines/speech/openai-transcription.js';
import { PocketsphinxSpeechToText } from '../engines/speech/pocketsphinx.js';
import { HunspellSpellCheck } from '../engines/spelling/hunspell-spell-check.js';
import { resolveMediaBinaries } from '../engines/video/ffmpeg-binaries.js';
import { FfmpegVideoEngine } from '../engines/video/ffmpeg-video-engine.js';
import { SileroVoiceDetector } from '../engines/voice/silero-voice-detector.js';
import type { StepTools } from './step-tools.js';

/**
 * Builds the step tools, each engine's adapter chosen from the engines' validated settings (called once, by
 * StepsModule); `paths`: where the prompts, schemas and knowledge files are; `pool`: the process's CPU pool, which
 * its owner closes (idle, its threads do not keep a process alive).
 */
export function createStepTools(config: EnginesConfig, paths: StepTools['paths'], pool = new CpuPool(config.cpuThreads)): StepTools {
  const { media } = config;
  const bin = resolveMediaBinaries(media);
  const speech =
    config.transcribe.provider === 'openai'
      ? new OpenAiSpeechToText(config.transcribe)
      : new PocketsphinxSpeechToText(media.pocketsphinxPath, bin.ffmpeg, {
          isolateVoice: config.transcribe.voiceIsolation === 'rnnoise',
          bedReadings: config.transcribe.bedReadings,
          decoder: config.transcribe.decoder,
          warmBinary: media.pocketsphinxWarmPath,
        });
  return {
    paths,
    samplesDir: media.samplesDir,
    limits: { maxBytes: media.maxBytes, maxSeconds: media.maxSeconds, fetchTimeoutSeconds: media.fetchTimeoutSeconds },
    video: new FfmpegVideoEngine(bin),
    ocr: new TesseractOcr(media.tesseractPath, { lang: media.tesseractLang, dataDir: media.tesseractDataDir }),
    spelling: media.spellDictionaries.length ? new HunspellSpellCheck(media.hunspellPath, media.spellDictionaries) : null,
    textLayers: new PooledTextLayers(pool),
    web: new GuardedWebFetcher(media.allowLoopback),
    pageVideos: new YtDlpDownloader({ ytDlp: media.ytDlpPath, ffmpeg: bin.ffmpeg, allowLoopback: media.allowLoopback }),
    speech,
    voice: config.transcribe.voiceDetection === 'silero' ? new SileroVoiceDetector() : null,
    llm: createChatModelProvider(config.llm),
    faces: new HumanFaceDetector(pool),
    portraits: new SelfiePortraitComposer(pool),
    scanner: new OpenCvDocumentScanner(pool),
    imageEditor: createImageEditor(config.image),
    maps: {
      extraHosts: config.maps.extraHosts,
      places: config.maps.places ? new PlacesApi({ ...config.maps.places, timeoutSeconds: media.fetchTimeoutSeconds }) : null,
      ratesUrl: config.maps.ratesUrl,
    },
    factCheck: config.factCheck ? new FactCheckToolsSearch(config.factCheck) : null,
  };
}
