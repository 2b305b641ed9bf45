import { EnvReader } from '../config/env-reader.js';

export interface RedisNode {
  host: string;
  port: number;
}

/** Where the shared Redis is: one server (REDIS_URL), a Redis Cluster, or a primary found through Sentinel. */
export type RedisTarget =
  | { kind: 'server'; url: string }
  | { kind: 'cluster'; nodes: RedisNode[]; password: string | null }
  | { kind: 'sentinel'; sentinels: RedisNode[]; name: string; password: string | null };

/** Redis: where jobs, claims and the ledger live when several processes share them (absent: all in memory). */
export interface RedisConfig {
  target: RedisTarget | null;
  /**
   * The prefix of every key. On a cluster it carries one hash tag (`{vidint}`), so every key, and so every
   * multi-key command and script (BullMQ's included), lives in one slot; on one server it is KEY_PREFIX as is.
   */
  keyPrefix: string;
  /** A Redis command an HTTP request waits on fails after this (the request gets a 503). */
  redisCommandTimeoutMs: number;
  /** How long a payment's claim waits for a replica to acknowledge it before the payment is refused (503). */
  replicaAckTimeoutMs: number;
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const REDIS_CONFIG = Symbol('REDIS_CONFIG');

export const REDIS_DEFAULTS = {
  KEY_PREFIX: 'vidint',
  REDIS_COMMAND_TIMEOUT_MS: '1000',
  REDIS_SENTINEL_NAME: 'mymaster',
  REDIS_REPLICA_ACK_TIMEOUT_MS: '500',
} as const;

export function redisConfig(r: EnvReader<typeof REDIS_DEFAULTS>): RedisConfig {
  const target = redisTarget(r);
  const prefix = r.get('KEY_PREFIX');
  const redisCommandTimeoutMs = r.int('REDIS_COMMAND_TIMEOUT_MS', 50, 60_000);
  const replicaAckTimeoutMs = r.int('REDIS_REPLICA_ACK_TIMEOUT_MS', 10, 60_000);
  if (replicaAckTimeoutMs >= redisCommandTimeoutMs) {
    r.problems.push(
      `REDIS_REPLICA_ACK_TIMEOUT_MS=${replicaAckTimeoutMs}: must be shorter than REDIS_COMMAND_TIMEOUT_MS (${redisCommandTimeoutMs})`,
    );
  }
  // Tagged only on a cluster: a single server or a Sentinel deployment keeps its key names, so upgrading one
  // with jobs and claims in flight (and its generated job-id secret) needs no migration.
  return { target, keyPrefix: target?.kind === 'cluster' ? hashTagged(prefix) : prefix, redisCommandTimeoutMs, replicaAckTimeoutMs };
}

/** The one of REDIS_URL, REDIS_CLUSTER_NODES and REDIS_SENTINELS that is set, or null (no Redis). */
function redisTarget(r: EnvReader<typeof REDIS_DEFAULTS>): RedisTarget | null {
  const url = r.optional('REDIS_URL');
  const cluster = r.optional('REDIS_CLUSTER_NODES');
  const sentinels = r.optional('REDIS_SENTINELS');
  const set = [url && 'REDIS_URL', cluster && 'REDIS_CLUSTER_NODES', sentinels && 'REDIS_SENTINELS'].filter(Boolean);
  if (set.length > 1) r.problems.push(`${set.join(' and ')}: set only one of them`);
  if (url !== null) {
    if (!/^rediss?:\/\//.test(url)) r.problems.push(`REDIS_URL=${url}: must start with redis:// or rediss://`);
    return { kind: 'server', url };
  }
  // REDIS_URL carries its own password; the nodes a cluster or Sentinel names are reached with this one.
  const password = r.optional('REDIS_PASSWORD');
  if (cluster !== null) return { kind: 'cluster', nodes: nodeList(r, 'REDIS_CLUSTER_NODES', cluster), password };
  if (sentinels !== null) {
    return { kind: 'sentinel', sentinels: nodeList(r, 'REDIS_SENTINELS', sentinels), name: r.get('REDIS_SENTINEL_NAME'), password };
  }
  return null;
}

/** `host:port,host:port` as nodes; a problem for each entry that is not one. */
function nodeList(r: EnvReader<typeof REDIS_DEFAULTS>, name: string, raw: string): RedisNode[] {
  return raw.split(',').flatMap((entry) => {
    const m = /^\s*([^\s:,[\]]+|\[[0-9a-fA-F:]+\]):(\d{1,5})\s*$/.exec(entry);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) {
      r.problems.push(`${name}=${raw}: '${entry}' is not host:port`);
      return [];
    }
    return [{ host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) }];
  });
}

/** KEY_PREFIX in braces, unless it holds a hash tag already (then the operator chose the slot). */
export function hashTagged(prefix: string): string {
  return /\{[^}]+\}/.test(prefix) ? prefix : `{${prefix}}`;
}
