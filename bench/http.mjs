// GET /jobs/{id} throughput and CPU per request: the real service (Nest + Fastify + RedisJobStore, built output)
// against bare Fastify with the same per-request features (CORS, request counter and log line, request timeout, fail-fast Redis,
// the job envelope) and against bare Fastify with none (one route, one Redis GET), measured in the same run,
// alternating. Each server runs in a process of its own (support/http-target.mjs), so its CPU time per request
// is read from /proc (Linux): a figure the load of a shared machine disturbs far less than requests per second.
// Prints per-round numbers, the medians and
//   ratio service/features: x.xx (goal >= 0.9)   what the service adds over the features it needs
//   ratio service/bare:     x.xx                  the old figure (two rounds ago 0.87, in-process)
// Exit code 1 when a response was not 200 (or a request errored or timed out), 2 when the bench itself failed.
//
// Knobs (environment): BENCH_HTTP_ROUNDS (3), BENCH_HTTP_SECONDS (3), BENCH_HTTP_WARMUP_SECONDS (1),
// BENCH_HTTP_CONNECTIONS (10), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { processCpuMs } from './support/process-cpu.mjs';
import { deletePrefix } from './support/redis-keys.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const GOAL = 0.9;
/** Node's options docker-compose.yml gives its API process: every server runs with them, as the API is deployed. */
const API_NODE_OPTIONS = (
  parse(fs.readFileSync(path.join(here, '../docker-compose.yml'), 'utf8')).services.api.environment.NODE_OPTIONS ?? ''
)
  .split(' ')
  .filter(Boolean);

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
  const { default: autocannon } = await import('autocannon');
  const { Redis } = await import('ioredis');

  const keyPrefix = `vidint-bench-${randomBytes(6).toString('hex')}`;
  const children = [];
  const admin = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await admin.connect();
  try {
    const service = await startTarget('service', keyPrefix);
    children.push(service);
    const targets = [service];
    for (const kind of ['features', 'bare']) {
      const t = await startTarget(kind, keyPrefix, service.jobId);
      children.push(t);
      targets.push(t);
    }
    for (const t of targets) {
      const res = await fetch(t.url);
      const body = await res.json().catch(() => null);
      if (res.status !== 200 || (body?.id ?? body?.job_id) !== service.jobId) {
        throw new Error(`${t.kind}: GET ${t.url} answered ${res.status} ${JSON.stringify(body)}`);
      }
      t.bytes = Number(res.headers.get('content-length') ?? Number.NaN);
      t.rps = [];
      t.cpu = [];
    }

    const bad = [];
    const measure = async (t, secs) => {
      const cpuBefore = cpuMs(t.child.pid);
      const r = await autocannon({ url: t.url, connections, duration: secs, pipelining: 1, workers: 1 });
      const cpuUsPerRequest = cpuBefore === null ? Number.NaN : ((cpuMs(t.child.pid) - cpuBefore) * 1000) / r.requests.total;
      const other = Object.keys(r.statusCodeStats ?? {}).filter((c) => c !== '200');
      if (r.non2xx || r.errors || r.timeouts || other.length || r['2xx'] !== r.requests.total) {
        bad.push(`${t.kind}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, other codes ${other.join(',')}`);
      }
      return { rps: r.requests.total / r.duration, cpuUsPerRequest, latencyAvg: r.latency.average, p99: r.latency.p99 };
    };

    console.log(
      `bench/http: GET /jobs/{id}, ${connections} connections, warm-up ${warmupSeconds} s each, ` +
        `${rounds} round(s) x ${seconds} s each, alternating service / features / bare, each in its own process`,
    );
    for (const t of targets) console.log(`  ${t.kind.padEnd(9)}${t.url} (${t.bytes} B body)`);
    for (const t of targets) await measure(t, warmupSeconds);

    const pad = (s, n) => String(s).padStart(n);
    console.log(
      `\n${'round'.padEnd(6)}${'target'.padEnd(10)}${pad('req/s', 8)}${pad('CPU µs/req', 12)}${pad('avg ms', 8)}${pad('p99 ms', 8)}`,
    );
    for (let i = 1; i <= rounds; i++) {
      for (const t of targets) {
        const r = await measure(t, seconds);
        t.rps.push(r.rps);
        t.cpu.push(r.cpuUsPerRequest);
        console.log(
          `${String(i).padEnd(6)}${t.kind.padEnd(10)}${pad(r.rps.toFixed(0), 8)}${pad(r.cpuUsPerRequest.toFixed(0), 12)}` +
            `${pad(r.latencyAvg.toFixed(2), 8)}${pad(r.p99, 8)}`,
        );
      }
    }

    const [svc, feat, bare] = targets.map((t) => ({ rps: median(t.rps), cpu: median(t.cpu) }));
    console.log('');
    console.log(`median req/s    service: ${svc.rps.toFixed(0)}  features: ${feat.rps.toFixed(0)}  bare: ${bare.rps.toFixed(0)}`);
    console.log(`median CPU µs/request  service: ${svc.cpu.toFixed(0)}  features: ${feat.cpu.toFixed(0)}  bare: ${bare.cpu.toFixed(0)}`);
    const ratio = svc.rps / feat.rps;
    console.log(`ratio service/features: ${ratio.toFixed(2)} (goal >= ${GOAL})${ratio >= GOAL ? '' : '  BELOW GOAL'}`);
    console.log(`ratio service/bare:     ${(svc.rps / bare.rps).toFixed(2)}`);
    console.log(
      `CPU ratio features/service: ${(feat.cpu / svc.cpu).toFixed(2)}  bare/service: ${(bare.cpu / svc.cpu).toFixed(2)} ` +
        '(the same ratios from CPU time, steadier on a busy machine)',
    );
    if (bad.length) {
      console.error(`bench/http: FAIL, not every response was 200:\n  ${bad.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const t of children.reverse()) await stopTarget(t).catch((err) => console.error(`bench/http: cleanup: ${err.message}`));
    const deleted = await deletePrefix(admin, keyPrefix);
    admin.disconnect();
    console.log(`cleanup: deleted ${deleted} key(s) under ${keyPrefix}:*`);
  }
}

async function startTarget(kind, keyPrefix, jobId = '') {
  const child = spawn(process.execPath, [...API_NODE_OPTIONS, path.join(here, 'support/http-target.mjs'), kind, keyPrefix, jobId], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await Promise.race([
    new Promise((resolve) => readline.createInterface({ input: child.stdout }).once('line', resolve)),
    exited.then((code) => {
      throw new Error(`the ${kind} server exited (${code}) before listening`);
    }),
  ]);
  return { kind, child, exited, ...JSON.parse(line) };
}

async function stopTarget(t) {
  t.child.kill('SIGTERM');
  await t.exited;
}

/** The process's user + system CPU time in ms, from /proc (null where there is none). */
function cpuMs(pid) {
  return processCpuMs(pid)?.own ?? null;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
