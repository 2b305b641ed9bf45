import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Every environment variable the service reads, parsed and checked once at start-up. */
export interface Config {
  role: 'all' | 'api' | 'worker';
  host: string;
  port: number;
  publicBaseUrl: string | null;
  logLevel: string;
  redisUrl: string | null;
  queueName: string;
  keyPrefix: string;
  workerConcurrency: number;
  workerLockMs: number;
  workerStalledIntervalMs: number;
  workerMaxStalled: number;
  jobRetentionSeconds: number;
  pipelinesDir: string;
  schemasDir: string;
  promptsDir: string;
  knowledgeDir: string;
  workDir: string;
  bodyLimitBytes: number;
  /** A request (headers and body) not received within this is answered 408 and its connection closed. */
  httpRequestTimeoutMs: number;
  /** A Redis command an HTTP request waits on fails after this (the request gets a 503). */
  redisCommandTimeoutMs: number;
  paymentMode: 'devnet' | 'live';
  x402Networks: Array<'base' | 'solana'>;
  payToBase: string;
  payToSolana: string;
  paymentTimeoutSeconds: number;
  /** Live mode: JSON-RPC of Base, and the key that pays gas to settle (null in devnet: the devnet has both). */
  baseRpcUrl: string | null;
  evmSettlementKey: `0x${string}` | null;
  /** After this long, a resend of a payment whose settlement outcome stayed unknown reconciles it with the chain. */
  settlementReconcileSeconds: number;
  /** Keys the job id derived from each payment (JOB_ID_SECRET); null: one generated and shared through Redis (or per process). */
  jobIdSecret: string | null;
  /** Live mode: Solana JSON-RPC, and the fee payer that co-signs and pays for Solana settlements (null in devnet). */
  solanaRpcUrl: string | null;
  solanaFeePayerKey: string | null;
  /** An x402 facilitator to verify and settle through, instead of settling in-process. */
  facilitatorUrl: string | null;
  /** Bearer token for the operator routes (/admin/*); null disables them. */
  adminToken: string | null;
  /** External programs and download limits of the media steps. */
  media: {
    ffmpegPath: string;
    ffprobePath: string;
    ytDlpPath: string;
    tesseractPath: string;
    pocketsphinxPath: string;
    maxBytes: number;
    maxSeconds: number;
    fetchTimeoutSeconds: number;
    /** Lets fetches reach 127.0.0.1 and ::1 (tests serve clips there); the rest of 127.0.0.0/8 and private ranges stay blocked. */
    allowLoopback: boolean;
  };
  /** Speech-to-text: the local engine, or an OpenAI-compatible /v1/audio/transcriptions endpoint. */
  transcribe: {
    provider: 'local' | 'openai';
    baseUrl: string;
    apiKey: string | null;
    model: string;
    /** Voice isolation before the local engine: `rnnoise` (removes music beds and noise) or `off`. */
    voiceIsolation: 'rnnoise' | 'off';
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
  /** MPP on Tempo: offered beside x402 on every route when enabled. */
  mpp: {
    enabled: boolean;
    payTo: `0x${string}`;
    /** Live mode: Tempo JSON-RPC (null in devnet: the devnet has one). */
    rpcUrl: string | null;
    secretKey: string;
    realm: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Documented defaults; the README's configuration table lists the same names and values. */
export const CONFIG_DEFAULTS = {
  ROLE: 'all',
  HOST: '127.0.0.1',
  PORT: '3000',
  LOG_LEVEL: 'info',
  QUEUE_NAME: 'pipelines',
  KEY_PREFIX: 'vidint',
  WORKER_CONCURRENCY: '2',
  WORKER_LOCK_MS: '30000',
  WORKER_STALLED_INTERVAL_MS: '15000',
  WORKER_MAX_STALLED: '2',
  JOB_RETENTION_SECONDS: '3600',
  PIPELINES_DIR: 'pipelines',
  SCHEMAS_DIR: 'schemas',
  PROMPTS_DIR: 'prompts',
  KNOWLEDGE_DIR: 'knowledge',
  BODY_LIMIT_BYTES: String(16 * 1024 * 1024),
  HTTP_REQUEST_TIMEOUT_SECONDS: '30',
  REDIS_COMMAND_TIMEOUT_MS: '1000',
  PAYMENT_MODE: 'devnet',
  X402_NETWORKS: 'base,solana',
  PAYMENT_TIMEOUT_SECONDS: '120',
  SETTLEMENT_RECONCILE_SECONDS: '60',
  MPP_ENABLED: 'true',
  YTDLP_PATH: '.venv/bin/yt-dlp',
  TESSERACT_PATH: 'tesseract',
  POCKETSPHINX_PATH: 'pocketsphinx_continuous',
  VIDEO_MAX_BYTES: String(200 * 1024 * 1024),
  VIDEO_MAX_SECONDS: '600',
  FETCH_TIMEOUT_SECONDS: '120',
  FETCH_ALLOW_LOOPBACK: 'false',
  TRANSCRIBE_PROVIDER: 'local',
  TRANSCRIBE_BASE_URL: 'https://api.openai.com/v1',
  TRANSCRIBE_MODEL: 'whisper-1',
  VOICE_ISOLATION: 'rnnoise',
  LLM_PROVIDER: 'none',
  LLM_VISION: 'false',
  LLM_TIMEOUT_SECONDS: '90',
  PLACES_API_URL: 'https://places.googleapis.com/v1',
  IMAGE_PROVIDER: 'none',
  IMAGE_BASE_URL: 'https://api.openai.com/v1',
  IMAGE_MODEL: 'gpt-image-1',
  IMAGE_TIMEOUT_SECONDS: '180',
} as const;

/** Devnet receiving addresses: the first is anvil's well-known account #1, the second sha256("vidint devnet solana payTo") in base58. Never used with real funds. */
export const DEVNET_PAY_TO = {
  base: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solana: '51F1VANVSUya4H6Rc1egTjyQMn3ErBCRvk5rdSXWy9P7',
  /** keccak256("vidint devnet tempo payTo"): an address nobody holds a key of (anvil's dev accounts hold the maximum balance, so they cannot receive). */
  tempo: '0x3A5AFE128E22e548E2b3Eb9DD6A766f940E1b021',
} as const;

/** Public: devnet MPP challenges need a key too, and devnet money is worthless. */
export const DEVNET_MPP_SECRET_KEY = 'vidint-devnet-mpp-secret-key-not-for-real-payments';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** YTDLP_PATH, else the pinned copy scripts/setup.sh installs in .venv, else `yt-dlp` on PATH. */
function ytDlpPath(env: NodeJS.ProcessEnv, projectRoot: string): string {
  if (env.YTDLP_PATH) return env.YTDLP_PATH;
  const local = path.resolve(projectRoot, CONFIG_DEFAULTS.YTDLP_PATH);
  return fs.existsSync(local) ? local : 'yt-dlp';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, projectRoot = process.cwd()): Config {
  const problems: string[] = [];
  const get = (name: keyof typeof CONFIG_DEFAULTS) => {
    const v = env[name];
    return v === undefined || v === '' ? CONFIG_DEFAULTS[name] : v;
  };
  const optional = (name: string) => (env[name] === undefined || env[name] === '' ? null : env[name]!);
  const int = (name: keyof typeof CONFIG_DEFAULTS, min: number, max: number) => {
    const raw = get(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name}=${raw}: must be a whole number from ${min} to ${max}`);
      return min;
    }
    return n;
  };
  const oneOf = <T extends string>(name: keyof typeof CONFIG_DEFAULTS, allowed: readonly T[]): T => {
    const v = get(name);
    if (!allowed.includes(v as T)) problems.push(`${name}=${v}: must be one of ${allowed.join(', ')}`);
    return v as T;
  };
  const dir = (name: keyof typeof CONFIG_DEFAULTS) => path.resolve(projectRoot, get(name));

  const role = oneOf('ROLE', ['all', 'api', 'worker'] as const);
  const redisUrl = optional('REDIS_URL');
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) problems.push(`REDIS_URL=${redisUrl}: must start with redis:// or rediss://`);
  if (role !== 'all' && redisUrl === null) {
    problems.push(`ROLE=${role} needs REDIS_URL: api and worker processes only meet through Redis`);
  }
  const publicBaseUrl = optional('PUBLIC_BASE_URL');
  if (publicBaseUrl !== null && !/^https?:\/\/[^/]+(\/.*)?$/.test(publicBaseUrl)) {
    problems.push(`PUBLIC_BASE_URL=${publicBaseUrl}: must be an absolute http(s) URL`);
  }
  const logLevel = get('LOG_LEVEL');
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${logLevel}: must be one of ${LOG_LEVELS.join(', ')}`);

  const paymentMode = oneOf('PAYMENT_MODE', ['devnet', 'live'] as const);
  const networks = get('X402_NETWORKS').split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of networks) if (n !== 'base' && n !== 'solana') problems.push(`X402_NETWORKS: unknown network '${n}' (known: base, solana)`);
  const payTo = (name: string, network: 'base' | 'solana', pattern: RegExp) => {
    const v = optional(name);
    if (v === null) {
      if (paymentMode === 'live' && networks.includes(network)) problems.push(`${name} is required when PAYMENT_MODE=live and X402_NETWORKS includes ${network}`);
      return DEVNET_PAY_TO[network];
    }
    if (!pattern.test(v)) problems.push(`${name}=${v}: not a valid ${network} address`);
    return v;
  };

  /** Settings that live payments on Base need (devnet runs its own chain and keys). */
  function liveOnly(name: string, pattern: RegExp, what: string): string | null {
    const v = optional(name);
    if (v !== null && !pattern.test(v)) problems.push(`${name}: must be ${what}`);
    if (v === null && paymentMode === 'live' && networks.includes('base')) problems.push(`${name} is required when PAYMENT_MODE=live and X402_NETWORKS includes base`);
    return v;
  }

  /** Settings that live payments on Solana need (the devnet has its own chain and fee payer). */
  function liveSolana(name: string, pattern: RegExp, what: string): string | null {
    const v = optional(name);
    if (v !== null && !pattern.test(v)) problems.push(`${name}: must be ${what}`);
    if (v === null && paymentMode === 'live' && networks.includes('solana')) problems.push(`${name} is required when PAYMENT_MODE=live and X402_NETWORKS includes solana`);
    return v;
  }

  const facilitatorUrl = optional('X402_FACILITATOR_URL')?.replace(/\/+$/, '') ?? null;
  if (facilitatorUrl !== null && !/^https?:\/\/[^/]+/.test(facilitatorUrl)) problems.push(`X402_FACILITATOR_URL=${facilitatorUrl}: must be an http(s) URL`);

  function adminToken(): string | null {
    const v = optional('ADMIN_TOKEN');
    if (v !== null && v.length < 24) problems.push('ADMIN_TOKEN: must be at least 24 characters');
    return v;
  }

  function mpp(): Config['mpp'] {
    const flag = get('MPP_ENABLED');
    if (flag !== 'true' && flag !== 'false') problems.push(`MPP_ENABLED=${flag}: must be true or false`);
    const enabled = flag === 'true';
    const live = enabled && paymentMode === 'live';
    const payTo = optional('PAY_TO_TEMPO');
    if (payTo !== null && !/^0x[0-9a-fA-F]{40}$/.test(payTo)) problems.push(`PAY_TO_TEMPO=${payTo}: not a valid tempo address`);
    if (payTo === null && live) problems.push('PAY_TO_TEMPO is required when PAYMENT_MODE=live and MPP_ENABLED=true');
    const rpcUrl = optional('TEMPO_RPC_URL');
    if (rpcUrl !== null && !/^https?:\/\//.test(rpcUrl)) problems.push('TEMPO_RPC_URL: must be an http(s) URL');
    const secretKey = optional('MPP_SECRET_KEY');
    if (secretKey !== null && secretKey.length < 32) problems.push('MPP_SECRET_KEY: must be at least 32 characters (e.g. openssl rand -base64 32)');
    if (secretKey === null && live) problems.push('MPP_SECRET_KEY is required when PAYMENT_MODE=live and MPP_ENABLED=true (every API process must share it)');
    const realm = optional('MPP_REALM') ?? (publicBaseUrl ? new URL(publicBaseUrl).host : 'vidint');
    return {
      enabled,
      payTo: (payTo ?? DEVNET_PAY_TO.tempo) as `0x${string}`,
      rpcUrl,
      secretKey: secretKey ?? DEVNET_MPP_SECRET_KEY,
      realm,
    };
  }

  const bool = (name: keyof typeof CONFIG_DEFAULTS): boolean => {
    const v = get(name);
    if (v !== 'true' && v !== 'false') problems.push(`${name}=${v}: must be true or false`);
    return v === 'true';
  };
  const url = (name: string, value: string | null) => {
    if (value !== null && !/^https?:\/\/[^/]+/.test(value)) problems.push(`${name}=${value}: must be an http(s) URL`);
    return value?.replace(/\/+$/, '') ?? null;
  };

  function transcribe(): Config['transcribe'] {
    const provider = oneOf('TRANSCRIBE_PROVIDER', ['local', 'openai'] as const);
    const apiKey = optional('TRANSCRIBE_API_KEY');
    const baseUrl = url('TRANSCRIBE_BASE_URL', get('TRANSCRIBE_BASE_URL'))!;
    if (provider === 'openai' && apiKey === null && baseUrl === CONFIG_DEFAULTS.TRANSCRIBE_BASE_URL) {
      problems.push('TRANSCRIBE_PROVIDER=openai needs TRANSCRIBE_API_KEY (or TRANSCRIBE_BASE_URL of a server that needs no key)');
    }
    return { provider, baseUrl, apiKey, model: get('TRANSCRIBE_MODEL'), voiceIsolation: oneOf('VOICE_ISOLATION', ['rnnoise', 'off'] as const) };
  }

  function llm(): Config['llm'] {
    const provider = oneOf('LLM_PROVIDER', ['none', 'openai', 'anthropic', 'google', 'ollama', 'openai-compatible'] as const);
    const model = optional('LLM_MODEL');
    const apiKey = optional('LLM_API_KEY');
    const baseUrl = url('LLM_BASE_URL', optional('LLM_BASE_URL'));
    if (provider !== 'none' && model === null) problems.push(`LLM_PROVIDER=${provider} needs LLM_MODEL`);
    if (['openai', 'anthropic', 'google'].includes(provider) && apiKey === null) problems.push(`LLM_PROVIDER=${provider} needs LLM_API_KEY`);
    if (provider === 'openai-compatible' && baseUrl === null) problems.push('LLM_PROVIDER=openai-compatible needs LLM_BASE_URL');
    return { provider, model, apiKey, baseUrl, vision: bool('LLM_VISION'), timeoutSeconds: int('LLM_TIMEOUT_SECONDS', 1, 3600) };
  }

  function image(): Config['image'] {
    const provider = oneOf('IMAGE_PROVIDER', ['none', 'openai'] as const);
    const apiKey = optional('IMAGE_API_KEY');
    const baseUrl = url('IMAGE_BASE_URL', get('IMAGE_BASE_URL'))!;
    if (provider === 'openai' && apiKey === null && baseUrl === CONFIG_DEFAULTS.IMAGE_BASE_URL) {
      problems.push('IMAGE_PROVIDER=openai needs IMAGE_API_KEY (or IMAGE_BASE_URL of a server that needs no key)');
    }
    return { provider, baseUrl, apiKey, model: get('IMAGE_MODEL'), timeoutSeconds: int('IMAGE_TIMEOUT_SECONDS', 1, 3600) };
  }

  const config: Config = {
    role,
    host: get('HOST'),
    port: int('PORT', 0, 65535),
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, '') ?? null,
    logLevel,
    redisUrl,
    queueName: get('QUEUE_NAME'),
    keyPrefix: get('KEY_PREFIX'),
    workerConcurrency: int('WORKER_CONCURRENCY', 1, 64),
    workerLockMs: int('WORKER_LOCK_MS', 1000, 3_600_000),
    workerStalledIntervalMs: int('WORKER_STALLED_INTERVAL_MS', 500, 3_600_000),
    workerMaxStalled: int('WORKER_MAX_STALLED', 0, 100),
    jobRetentionSeconds: int('JOB_RETENTION_SECONDS', 1, 30 * 24 * 3600),
    pipelinesDir: dir('PIPELINES_DIR'),
    schemasDir: dir('SCHEMAS_DIR'),
    promptsDir: dir('PROMPTS_DIR'),
    knowledgeDir: dir('KNOWLEDGE_DIR'),
    workDir: path.resolve(projectRoot, env.WORK_DIR || path.join(os.tmpdir(), 'vidint')),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 1024, 512 * 1024 * 1024),
    httpRequestTimeoutMs: int('HTTP_REQUEST_TIMEOUT_SECONDS', 1, 3600) * 1000,
    redisCommandTimeoutMs: int('REDIS_COMMAND_TIMEOUT_MS', 50, 60_000),
    paymentMode,
    x402Networks: networks as Config['x402Networks'],
    payToBase: payTo('PAY_TO_BASE', 'base', /^0x[0-9a-fA-F]{40}$/),
    payToSolana: payTo('PAY_TO_SOLANA', 'solana', /^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
    paymentTimeoutSeconds: int('PAYMENT_TIMEOUT_SECONDS', 10, 3600),
    baseRpcUrl: liveOnly('BASE_RPC_URL', /^https?:\/\//, 'an http(s) URL'),
    adminToken: adminToken(),
    mpp: mpp(),
    media: {
      ffmpegPath: optional('FFMPEG_PATH') ?? '',
      ffprobePath: optional('FFPROBE_PATH') ?? '',
      ytDlpPath: ytDlpPath(env, projectRoot),
      tesseractPath: get('TESSERACT_PATH'),
      pocketsphinxPath: get('POCKETSPHINX_PATH'),
      maxBytes: int('VIDEO_MAX_BYTES', 1024, 16 * 1024 ** 3),
      maxSeconds: int('VIDEO_MAX_SECONDS', 1, 24 * 3600),
      fetchTimeoutSeconds: int('FETCH_TIMEOUT_SECONDS', 1, 3600),
      allowLoopback: bool('FETCH_ALLOW_LOOPBACK'),
    },
    transcribe: transcribe(),
    llm: llm(),
    image: image(),
    maps: (() => {
      const key = optional('PLACES_API_KEY');
      const placesUrl = url('PLACES_API_URL', get('PLACES_API_URL'))!;
      const extraHosts = (optional('MAP_SERVICE_HOSTS') ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
      return { extraHosts, places: key ? { url: placesUrl, apiKey: key } : null, ratesUrl: url('RATES_URL', optional('RATES_URL')) };
    })(),
    factCheck: (() => {
      const u = url('FACTCHECK_API_URL', optional('FACTCHECK_API_URL'));
      return u ? { url: u, apiKey: optional('FACTCHECK_API_KEY') } : null;
    })(),
    facilitatorUrl: facilitatorUrl,
    settlementReconcileSeconds: int('SETTLEMENT_RECONCILE_SECONDS', 1, 3600),
    jobIdSecret: (() => {
      const v = optional('JOB_ID_SECRET');
      if (v !== null && v.length < 32) problems.push('JOB_ID_SECRET: must be at least 32 characters (e.g. openssl rand -base64 32)');
      return v;
    })(),
    solanaRpcUrl: liveSolana('SOLANA_RPC_URL', /^https?:\/\//, 'an http(s) URL'),
    solanaFeePayerKey: liveSolana('SOLANA_FEE_PAYER_KEY', /^([1-9A-HJ-NP-Za-km-z]{80,90}|\[[\d,\s]+\])$/, 'a 64-byte secret key in base58 or a JSON byte array'),
    evmSettlementKey: (facilitatorUrl === null
      ? liveOnly('EVM_SETTLEMENT_KEY', /^0x[0-9a-fA-F]{64}$/, 'a 0x-prefixed 32-byte hex private key')
      : optional('EVM_SETTLEMENT_KEY')) as `0x${string}` | null,
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
