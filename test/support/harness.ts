import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { type AppParts, appParts } from '../../src/app/app-parts.js';
import { createApp } from '../../src/app/create-app.js';
import { loadConfig } from '../../src/app/load-config.js';
import { createLogger } from '../../src/logging/logger.js';
import { TEST_STEPS_MODULE } from './test-steps.js';

export const ROOT = process.cwd();
export const FIXTURE_PIPELINES = path.join(ROOT, 'test/fixtures/pipelines');
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type Driver = 'memory' | 'bullmq';

export interface Harness {
  rt: AppParts;
  app: NestFastifyApplication;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real server on a free loopback port. With `bullmq`, a fresh key prefix and queue name per
 * harness (BullMQ's own practice), all deleted on close.
 */
export async function startHarness(opts: { driver?: Driver; env?: Record<string, string>; worker?: boolean } = {}): Promise<Harness> {
  const driver = opts.driver ?? 'memory';
  const id = randomUUID().slice(0, 8);
  const env: Record<string, string> = {
    PIPELINES_DIR: FIXTURE_PIPELINES,
    STEP_MODULES: TEST_STEPS_MODULE,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // The local speech engine's decoder (engines.config.ts), so the speech tests can run on either.
    ...(process.env.SPEECH_DECODER ? { SPEECH_DECODER: process.env.SPEECH_DECODER } : {}),
    PORT: '0',
    WORK_DIR: path.join(ROOT, 'test-artifacts', `work-${id}`),
    ...(driver === 'bullmq' ? { REDIS_URL, KEY_PREFIX: `vidint-test-${id}`, QUEUE_NAME: `q-${id}` } : {}),
    ...opts.env,
  };
  const config = loadConfig(env, ROOT);
  const { http: app } = await createApp(config, createLogger(config.process.logLevel), { http: true, workers: opts.worker !== false });
  if (!app) throw new Error('no HTTP application');
  await app.listen(0, '127.0.0.1');
  const addr = app.getHttpServer().address() as { port: number };
  const rt = appParts(app);
  return {
    rt,
    app,
    url: `http://127.0.0.1:${addr.port}`,
    env,
    async close() {
      await app.close();
      if (driver === 'bullmq') await deleteKeys(`${env.KEY_PREFIX}*`);
    },
  };
}

/** Runs `each` on every batch of keys SCAN finds matching `pattern`, on a connection of its own. */
async function scanKeys(pattern: string, each: (redis: Redis, keys: string[]) => Promise<void>): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) await each(redis, keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** The keys matching `pattern` whose value (a string, or any field of a hash) contains `text`, sorted. */
export async function keysHolding(pattern: string, text: string): Promise<string[]> {
  const found: string[] = [];
  await scanKeys(pattern, async (redis, keys) => {
    for (const key of keys) {
      const type = await redis.type(key);
      const values = type === 'string' ? [await redis.get(key)] : type === 'hash' ? Object.values(await redis.hgetall(key)) : [];
      if (values.some((v) => v?.includes(text))) found.push(key);
    }
  });
  return found.sort();
}

export async function deleteKeys(pattern: string): Promise<void> {
  await scanKeys(pattern, async (redis, keys) => {
    await redis.del(...keys);
  });
}

/**
 * Polls GET /jobs/{id} like a client until the job is complete or failed (bounded). A 503 with Retry-After (the job
 * store not answering) is waited out as docs/http.md tells a client to; any other answer but 200 fails the poll.
 */
export async function pollJob(url: string, jobId: string, maxSeconds = 30): Promise<any> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const res = await fetch(`${url}/jobs/${jobId}`);
    const body: any = await res.json();
    const retryAfter = Number(res.headers.get('retry-after'));
    if (res.status === 503 && retryAfter > 0 && Date.now() + retryAfter * 1000 < deadline) {
      await new Promise((r) => setTimeout(r, retryAfter * 1000));
      continue;
    }
    if (res.status !== 200) throw new Error(`GET /jobs/${jobId} answered ${res.status}: ${JSON.stringify(body)}`);
    if (body.status === 'complete' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${body.status} after ${maxSeconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: tests assert on that */
  }
  return { status: res.status, headers: res.headers, json, text };
}
