import { EnvReader } from './env-reader.js';

/** The process: which modules it runs (ROLE) and how much it logs. */
export interface ProcessConfig {
  role: 'all' | 'api' | 'worker';
  logLevel: string;
}

export const PROCESS_DEFAULTS = {
  ROLE: 'all',
  LOG_LEVEL: 'info',
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function processConfig(r: EnvReader<typeof PROCESS_DEFAULTS>, redisUrl: string | null): ProcessConfig {
  const role = r.oneOf('ROLE', ['all', 'api', 'worker'] as const);
  if (role !== 'all' && redisUrl === null) {
    r.problems.push(`ROLE=${role} needs REDIS_URL: api and worker processes only meet through Redis`);
  }
  const logLevel = r.get('LOG_LEVEL');
  if (!LOG_LEVELS.includes(logLevel)) r.problems.push(`LOG_LEVEL=${logLevel}: must be one of ${LOG_LEVELS.join(', ')}`);
  return { role, logLevel };
}
