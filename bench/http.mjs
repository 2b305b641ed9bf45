// GET /jobs/{id} throughput: the real service (Nest + Fastify + RedisJobStore, built output) against a
// bare Fastify route doing the same single Redis GET, measured in the same run, alternating A B A B.
// Prints the per-round numbers, the medians and `ratio service/bare: x.xx (goal >= 0.6)`.
// Exit code 1 when a response was not 200 (or a request errored or timed out), 2 when the bench itself failed.
//
// The servers run on this process's main thread; autocannon runs with `workers: 1` (its own worker thread),
// so the load generator does not share the servers' event loop (which would dilute the difference).
//
// Knobs (environment): BENCH_HTTP_ROUNDS (3), BENCH_HTTP_SECONDS (3), BENCH_HTTP_WARMUP_SECONDS (1),
// BENCH_HTTP_CONNECTIONS (10), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

await main().catch((err) => {
  console.error(`bench/http: ERROR ${err?.stack ?? err}`);
  process.exitCode = 2;
});
// Everything is closed by now; a stray handle must not keep `npm run bench` waiting.
setTimeout(() => {
  console.error('bench/http: still open 5 s after the end; exiting');
  process.exit(process.exitCode ?? 0);
}, 5000).unref();

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = (p) => pathToFileURL(path.join(root, 'dist', 'src', p)).href;
  const num = (name, dflt) => {
    const v = Number(process.env[name] ?? dflt);
    if (!Number.isFinite(v) || v <= 0) throw new Error(`${name}=${process.env[name]}: must be a positive number`);
    return v;
  };
  const rounds = num('BENCH_HTTP_ROUNDS', 3);
  const seconds = num('BENCH_HTTP_SECONDS', 3);
  const warmupSeconds = num('BENCH_HTTP_WARMUP_SECONDS', 1);
  const connections = num('BENCH_HTTP_CONNECTIONS', 10);
  const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

  const [{ loadConfig }, { appParts }, { createLogger }, { createApp }] = await Promise.all([
    import(dist('app/load-config.js')),
    import(dist('app/app-parts.js')),
    import(dist('logging/logger.js')),
    import(dist('app/create-app.js')),
  ]).catch((err) => {
    throw new Error(`cannot load the built service from dist/ (run \`npm run build\` first): ${err.message}`);
  });
  const { default: Fastify } = await import('fastify');
  const { default: autocannon } = await import('autocannon');
  const { Redis } = await import('ioredis');

  const tag = randomBytes(6).toString('hex');
  const keyPrefix = `vidint-bench-${tag}`;
  const config = loadConfig(
    {
      REDIS_URL: redisUrl,
      KEY_PREFIX: keyPrefix,
      QUEUE_NAME: `bench-${tag}`,
      PIPELINES_DIR: 'test/fixtures/pipelines',
      LOG_LEVEL: 'silent',
      PORT: '0',
    },
    root,
  );

  const cleanups = [];
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c().catch((err) => console.error(`bench/http: cleanup: ${err.message}`));
  };
  // The prefix's keys go last, after everything that could still write them is closed.
  const admin = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await admin.connect();
  cleanups.push(async () => {
    const deleted = await deletePrefix(admin, keyPrefix);
    admin.disconnect();
    console.log(`cleanup: deleted ${deleted} key(s) under ${keyPrefix}:*`);
  });

  try {
    // A: the real service.
    const { http: app } = await createApp(config, createLogger('silent'), { http: true, workers: false });
    cleanups.push(() => app.close());
    const rt = appParts(app);
    await app.listen(0, '127.0.0.1');
    const serviceBase = `http://127.0.0.1:${app.getHttpServer().address().port}`;

    const job = await rt.jobs.accept({ pipeline: rt.pipelines.byPath('/echo'), request: { text: 'bench' }, receipt: null });
    const key = rt.store.key ? rt.store.key(job.id) : `${keyPrefix}:job:${job.id}`;

    // B: bare Fastify, one route, one Redis GET, the parsed JSON back.
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    cleanups.push(async () => redis.disconnect());
    const bare = Fastify({ logger: false });
    bare.get('/jobs/:id', async (req, reply) => {
      const raw = await redis.get(`${keyPrefix}:job:${req.params.id}`);
      if (raw === null) return reply.code(404).send({ error: 'not found' });
      return JSON.parse(raw);
    });
    cleanups.push(() => bare.close());
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${bare.server.address().port}`;

    const targets = [
      { name: 'service', url: `${serviceBase}/jobs/${job.id}` },
      { name: 'bare', url: `${bareBase}/jobs/${job.id}` },
    ];

    // Sanity: both answer 200 with the job, and read the same key.
    if (!(await admin.exists(key))) throw new Error(`the job key ${key} is not in Redis`);
    for (const t of targets) {
      const res = await fetch(t.url);
      const body = await res.json().catch(() => null);
      if (res.status !== 200 || body?.id !== job.id) {
        throw new Error(`${t.name}: GET ${t.url} answered ${res.status} ${JSON.stringify(body)}`);
      }
      t.bytes = Number(res.headers.get('content-length') ?? NaN);
    }

    const measure = async (url, secs) => {
      const r = await autocannon({ url, connections, duration: secs, pipelining: 1, workers: 1 });
      return {
        total: r.requests.total,
        rps: r.requests.total / r.duration,
        latencyAvg: r.latency.average,
        latencyP99: r.latency.p99,
        ok2xx: r['2xx'],
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
      };
    };

    console.log(
      `bench/http: GET /jobs/{id}, ${connections} connections, warm-up ${warmupSeconds} s each, ` +
        `${rounds} round(s) x ${seconds} s each, alternating service / bare`,
    );
    console.log(`  service ${targets[0].url} (${targets[0].bytes} B body)`);
    console.log(`  bare    ${targets[1].url} (${targets[1].bytes} B body)`);

    const bad = [];
    const check = (label, r) => {
      const other = Object.keys(r.statusCodes).filter((c) => c !== '200');
      if (r.non2xx || r.errors || r.timeouts || other.length || r.ok2xx !== r.total) {
        bad.push(
          `${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, status codes ${JSON.stringify(r.statusCodes)}`,
        );
      }
    };
    for (const t of targets) check(`${t.name} warm-up`, await measure(t.url, warmupSeconds));

    const rows = [];
    const perTarget = { service: [], bare: [] };
    for (let i = 1; i <= rounds; i++) {
      for (const t of targets) {
        const r = await measure(t.url, seconds);
        check(`${t.name} round ${i}`, r);
        perTarget[t.name].push(r.rps);
        rows.push({ round: i, target: t.name, ...r });
      }
    }

    const pad = (s, n) => String(s).padStart(n);
    console.log('');
    console.log(
      `${'round'.padEnd(6)}${'target'.padEnd(9)}${pad('req/s', 10)}${pad('requests', 10)}${pad('avg ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}${pad('errors', 8)}`,
    );
    for (const r of rows) {
      console.log(
        `${String(r.round).padEnd(6)}${r.target.padEnd(9)}${pad(r.rps.toFixed(0), 10)}${pad(r.total, 10)}` +
          `${pad(r.latencyAvg.toFixed(2), 8)}${pad(r.latencyP99, 8)}${pad(r.non2xx, 9)}${pad(r.errors + r.timeouts, 8)}`,
      );
    }
    const medService = median(perTarget.service);
    const medBare = median(perTarget.bare);
    const ratio = medService / medBare;
    console.log('');
    console.log(`median req/s  service: ${medService.toFixed(0)}  bare: ${medBare.toFixed(0)}`);
    console.log(`ratio service/bare: ${ratio.toFixed(2)} (goal >= 0.6)${ratio >= 0.6 ? '' : '  BELOW GOAL'}`);

    if (bad.length) {
      console.error(`bench/http: FAIL, not every response was 200:\n  ${bad.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** SCAN + DEL every key under `<prefix>:`; returns how many were deleted. */
async function deletePrefix(redis, prefix) {
  let cursor = '0';
  let deleted = 0;
  const match = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}:*`;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
    cursor = next;
    if (keys.length) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}
