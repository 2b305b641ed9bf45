import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EnvReader } from '../config/env-reader.js';

/** The engines steps run on: media programs and limits, speech, chat and image models, map and fact-check services. */
export interface EnginesConfig {
  /** External programs and download limits of the media steps. */
  media: {
    ffmpegPath: string;
    ffprobePath: string;
    ytDlpPath: string;
    tesseractPath: string;
    /** Tesseract's model for on-screen text (captions): `Latin` reads every Latin-script language with its accents. */
    tesseractLang: string;
    /** Where that model is looked for first (models/tessdata ships `Latin`); else Tesseract's own tessdata. */
    tesseractDataDir: string;
    hunspellPath: string;
    /** The hunspell dictionaries captions' marks are checked against (known-marks.ts); none: not checked. */
    spellDictionaries: string[];
    pocketsphinxPath: string;
    /** The warm decoder (warm-decoder.ts); null: a pocketsphinx process per piece. */
    pocketsphinxWarmPath: string | null;
    maxBytes: number;
    maxSeconds: number;
    fetchTimeoutSeconds: number;
    /** The check of a paid request's sources before settlement gives up (and refuses, charging nothing) after this long. */
    sourceCheckSeconds: number;
    /** Lets fetches reach 127.0.0.1 and ::1 (tests serve clips there); the rest of 127.0.0.0/8 and private ranges stay blocked. */
    allowLoopback: boolean;
    /** Devnet mode: the service's own sample media (/devnet/samples/<name>) are sources, read from `samplesDir` (sources/devnet-samples.ts). */
    devnetSamples: boolean;
    samplesDir: string;
  };
  /** Threads of the CPU pool (engines/cpu-pool) that image, OCR-preparation and other pixel work runs in. */
  cpuThreads: number;
  /** Speech-to-text: the local engine, or an OpenAI-compatible /v1/audio/transcriptions endpoint. */
  transcribe: {
    provider: 'local' | 'openai';
    baseUrl: string;
    apiKey: string | null;
    model: string;
    /** Voice isolation before the local engine: `rnnoise` (removes music beds and noise) or `off`. */
    voiceIsolation: 'rnnoise' | 'off';
    /** Whether the audio is asked for a voice before any engine transcribes it: `silero` (Silero VAD) or `off`. */
    voiceDetection: 'silero' | 'off';
    /** Under a music bed, how many readings of the voice the local engine recognises and votes between (1 or 3). */
    bedReadings: number;
    /** How the local engine runs its pieces: `continuous` (a process per piece) or `batch` (a process per core). */
    decoder: 'continuous' | 'batch';
  };
  /** The chat model of `prompt` steps; `none` runs their offline analyzers. */
  llm: {
    provider: 'none' | 'openai' | 'anthropic' | 'google' | 'ollama' | 'openai-compatible';
    model: string | null;
    apiKey: string | null;
    baseUrl: string | null;
    vision: boolean;
    timeoutSeconds: number;
  };
  /** The image-generation model of /pfp: an OpenAI-compatible images/edits endpoint; `none` composes offline. */
  image: {
    provider: 'none' | 'openai';
    baseUrl: string;
    apiKey: string | null;
    model: string;
    timeoutSeconds: number;
  };
  /** /menu-from-maps: extra map-service hosts, Google's Places API (optional), and a live rates table (optional). */
  maps: {
    extraHosts: string[];
    places: { url: string; apiKey: string } | null;
    ratesUrl: string | null;
  };
  /** An evidence source for /verify: a fact-check search API (Google Fact Check Tools shape); null: none. */
  factCheck: { url: string; apiKey: string | null } | null;
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const ENGINES_CONFIG = Symbol('ENGINES_CONFIG');

export const ENGINES_DEFAULTS = {
  YTDLP_PATH: '.venv/bin/yt-dlp',
  TESSERACT_PATH: 'tesseract',
  TESSERACT_LANG: 'Latin',
  HUNSPELL_PATH: 'hunspell',
  SPELL_DICTIONARIES: 'en_US,es_ES,pt_PT,pt_BR,it_IT,fr_FR,de_DE',
  POCKETSPHINX_PATH: 'pocketsphinx_continuous',
  VIDEO_MAX_BYTES: String(200 * 1024 * 1024),
  VIDEO_MAX_SECONDS: '600',
  FETCH_TIMEOUT_SECONDS: '120',
  SOURCE_CHECK_TIMEOUT_SECONDS: '20',
  FETCH_ALLOW_LOOPBACK: 'false',
  TRANSCRIBE_PROVIDER: 'local',
  TRANSCRIBE_BASE_URL: 'https://api.openai.com/v1',
  TRANSCRIBE_MODEL: 'whisper-1',
  VOICE_ISOLATION: 'rnnoise',
  VOICE_DETECTION: 'silero',
  SPEECH_BED_READINGS: '3',
  SPEECH_DECODER: 'continuous',
  LLM_PROVIDER: 'none',
  LLM_VISION: 'false',
  LLM_TIMEOUT_SECONDS: '90',
  PLACES_API_URL: 'https://places.googleapis.com/v1',
  IMAGE_PROVIDER: 'none',
  IMAGE_BASE_URL: 'https://api.openai.com/v1',
  IMAGE_MODEL: 'gpt-image-1',
  IMAGE_TIMEOUT_SECONDS: '180',
} as const;

type Reader = EnvReader<typeof ENGINES_DEFAULTS>;

export function enginesConfig(r: Reader): EnginesConfig {
  return {
    media: media(r),
    cpuThreads: cpuThreads(r),
    transcribe: transcribe(r),
    llm: llm(r),
    image: image(r),
    maps: maps(r),
    factCheck: factCheck(r),
  };
}

/** CPU_THREADS, else every core but one, which stays for HTTP, queue locks and Redis (at least one thread). */
function cpuThreads(r: Reader): number {
  const raw = r.optional('CPU_THREADS');
  if (raw === null) return Math.max(1, os.availableParallelism() - 1);
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) r.problems.push(`CPU_THREADS=${raw}: must be a whole number from 1 to 64`);
  return Math.min(64, Math.max(1, Number(raw) || 1));
}

/** YTDLP_PATH, else the pinned copy scripts/setup.sh installs in .venv, else `yt-dlp` on PATH. */
function ytDlpPath(r: Reader): string {
  if (r.env.YTDLP_PATH) return r.env.YTDLP_PATH;
  const local = path.resolve(r.projectRoot, ENGINES_DEFAULTS.YTDLP_PATH);
  return fs.existsSync(local) ? local : 'yt-dlp';
}

/**
 * POCKETSPHINX_WARM_PATH: the warm decoder npm run build compiles into dist/native (where a C compiler and
 * pocketsphinx's headers are there); `off`: a pocketsphinx process per piece. A path that is not there counts as off.
 */
function pocketsphinxWarmPath(r: Reader): string | null {
  const value = r.optional('POCKETSPHINX_WARM_PATH');
  return value === 'off' ? null : path.resolve(r.projectRoot, value ?? 'dist/native/pocketsphinx_warm');
}

/** SPELL_DICTIONARIES: hunspell dictionary names, comma-separated; `off` (or empty): none. */
function spellDictionaries(r: Reader): string[] {
  const value = r.get('SPELL_DICTIONARIES').trim();
  return value === 'off'
    ? []
    : value
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean);
}

function media(r: Reader): EnginesConfig['media'] {
  return {
    ffmpegPath: r.optional('FFMPEG_PATH') ?? '',
    ffprobePath: r.optional('FFPROBE_PATH') ?? '',
    ytDlpPath: ytDlpPath(r),
    tesseractPath: r.get('TESSERACT_PATH'),
    tesseractLang: r.get('TESSERACT_LANG'),
    tesseractDataDir: path.resolve(r.projectRoot, r.optional('TESSERACT_DATA_DIR') ?? 'models/tessdata'),
    hunspellPath: r.get('HUNSPELL_PATH'),
    spellDictionaries: spellDictionaries(r),
    pocketsphinxPath: r.get('POCKETSPHINX_PATH'),
    pocketsphinxWarmPath: pocketsphinxWarmPath(r),
    maxBytes: r.int('VIDEO_MAX_BYTES', 1024, 16 * 1024 ** 3),
    maxSeconds: r.int('VIDEO_MAX_SECONDS', 1, 24 * 3600),
    fetchTimeoutSeconds: r.int('FETCH_TIMEOUT_SECONDS', 1, 3600),
    sourceCheckSeconds: r.int('SOURCE_CHECK_TIMEOUT_SECONDS', 1, 300),
    allowLoopback: r.bool('FETCH_ALLOW_LOOPBACK'),
    // Set by the composition (app/load-config.ts), which knows the payment mode.
    devnetSamples: false,
    samplesDir: path.resolve(r.projectRoot, 'samples'),
  };
}

function transcribe(r: Reader): EnginesConfig['transcribe'] {
  const provider = r.oneOf('TRANSCRIBE_PROVIDER', ['local', 'openai'] as const);
  const apiKey = r.optional('TRANSCRIBE_API_KEY');
  const baseUrl = r.url('TRANSCRIBE_BASE_URL', r.get('TRANSCRIBE_BASE_URL'))!;
  if (provider === 'openai' && apiKey === null && baseUrl === ENGINES_DEFAULTS.TRANSCRIBE_BASE_URL) {
    r.problems.push('TRANSCRIBE_PROVIDER=openai needs TRANSCRIBE_API_KEY (or TRANSCRIBE_BASE_URL of a server that needs no key)');
  }
  return {
    provider,
    baseUrl,
    apiKey,
    model: r.get('TRANSCRIBE_MODEL'),
    voiceIsolation: r.oneOf('VOICE_ISOLATION', ['rnnoise', 'off'] as const),
    voiceDetection: r.oneOf('VOICE_DETECTION', ['silero', 'off'] as const),
    bedReadings: Number(r.oneOf('SPEECH_BED_READINGS', ['1', '3'] as const)),
    decoder: r.oneOf('SPEECH_DECODER', ['continuous', 'batch'] as const),
  };
}

function llm(r: Reader): EnginesConfig['llm'] {
  const provider = r.oneOf('LLM_PROVIDER', ['none', 'openai', 'anthropic', 'google', 'ollama', 'openai-compatible'] as const);
  const model = r.optional('LLM_MODEL');
  const apiKey = r.optional('LLM_API_KEY');
  const baseUrl = r.url('LLM_BASE_URL', r.optional('LLM_BASE_URL'));
  if (provider !== 'none' && model === null) r.problems.push(`LLM_PROVIDER=${provider} needs LLM_MODEL`);
  if (['openai', 'anthropic', 'google'].includes(provider) && apiKey === null)
    r.problems.push(`LLM_PROVIDER=${provider} needs LLM_API_KEY`);
  if (provider === 'openai-compatible' && baseUrl === null) r.problems.push('LLM_PROVIDER=openai-compatible needs LLM_BASE_URL');
  return { provider, model, apiKey, baseUrl, vision: r.bool('LLM_VISION'), timeoutSeconds: r.int('LLM_TIMEOUT_SECONDS', 1, 3600) };
}

function image(r: Reader): EnginesConfig['image'] {
  const provider = r.oneOf('IMAGE_PROVIDER', ['none', 'openai'] as const);
  const apiKey = r.optional('IMAGE_API_KEY');
  const baseUrl = r.url('IMAGE_BASE_URL', r.get('IMAGE_BASE_URL'))!;
  if (provider === 'openai' && apiKey === null && baseUrl === ENGINES_DEFAULTS.IMAGE_BASE_URL) {
    r.problems.push('IMAGE_PROVIDER=openai needs IMAGE_API_KEY (or IMAGE_BASE_URL of a server that needs no key)');
  }
  return { provider, baseUrl, apiKey, model: r.get('IMAGE_MODEL'), timeoutSeconds: r.int('IMAGE_TIMEOUT_SECONDS', 1, 3600) };
}

function maps(r: Reader): EnginesConfig['maps'] {
  const key = r.optional('PLACES_API_KEY');
  const placesUrl = r.url('PLACES_API_URL', r.get('PLACES_API_URL'))!;
  const extraHosts = (r.optional('MAP_SERVICE_HOSTS') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return { extraHosts, places: key ? { url: placesUrl, apiKey: key } : null, ratesUrl: r.url('RATES_URL', r.optional('RATES_URL')) };
}

function factCheck(r: Reader): EnginesConfig['factCheck'] {
  const u = r.url('FACTCHECK_API_URL', r.optional('FACTCHECK_API_URL'));
  return u ? { url: u, apiKey: r.optional('FACTCHECK_API_KEY') } : null;
}
