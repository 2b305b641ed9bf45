import { EnvReader } from './env-reader.js';

/** The process: which modules it runs (ROLE) and how much it logs. */
export interface ProcessConfig {
  role: 'all' | 'api' | 'worker';
  logLevel: string;
  /** A worker-only process serves GET /metrics on this port (null: off; processes with HTTP serve it on PORT). */
  metricsPort: number | null;
}

export const PROCESS_DEFAULTS = {
  ROLE: 'all',
  LOG_LEVEL: 'info',
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function processConfig(r: EnvReader<typeof PROCESS_DEFAULTS>, hasRedis: boolean): ProcessConfig {
  const role = r.oneOf('ROLE', ['all', 'api', 'worker'] as const);
  if (role !== 'all' && !hasRedis) {
    r.problems.push(
      `ROLE=${role} needs REDIS_URL (or REDIS_CLUSTER_NODES or REDIS_SENTINELS): api and worker processes only meet through Redis`,
    );
  }
  const logLevel = r.get('LOG_LEVEL');
  const rawMetricsPort = r.optional('METRICS_PORT');
  const metricsPort = rawMetricsPort === null ? null : Number(rawMetricsPort);
  if (metricsPort !== null && (!/^\d+$/.test(rawMetricsPort!) || metricsPort < 1 || metricsPort > 65535)) {
    r.problems.push(`METRICS_PORT=${rawMetricsPort}: must be a port number from 1 to 65535`);
  }
  if (!LOG_LEVELS.includes(logLevel)) r.problems.push(`LOG_LEVEL=${logLevel}: must be one of ${LOG_LEVELS.join(', ')}`);
  return { role, logLevel, metricsPort };
}
