// Capacity: /analyze jobs per minute and CPU seconds per job with one, then two ROLE=worker processes on this
// machine sharing the Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379), against the one-worker run of the
// same script (`ratio two/one`).
//  - clip: the bench clip of bench/analyze (720x1280, captions, flite speech) cut to BENCH_CLIP_SECONDS (default 60,
//    the whole clip; 20 keeps four scenes and a third of the speech), cached in test-artifacts/clips, served locally
//  - jobs: BENCH_JOBS (default 4) created at once, directly on the queue (no payment: chain time is not the point),
//    by this process; each worker runs WORKER_CONCURRENCY of them at a time (the service's default, 2)
//  - CPU: the worker processes' own and their finished children's (ffmpeg, pocketsphinx, tesseract), from /proc
//  - queue depth: vidint_queue_depth as a worker's /metrics (METRICS_PORT) serves it, sampled while the queue drains
// Prints the figures with the load average beside them (the machine may be shared), and a sizing line: worker
// cores per 1,000 reels an hour of this length, CPU s/job x 1000 / 3600 x HEADROOM.
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { CAPTIONS, PLAIN_CLIP, SPEECH } from './support/analyze-clip.mjs';
import { processCpuMs } from './support/process-cpu.mjs';
import { startEnv } from './support/start-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 60);
const JOBS = Number(process.env.BENCH_JOBS ?? 4);
/** Worker cores kept at most two-thirds busy on average: a burst drains, and a lost worker's share fits on the rest. */
const HEADROOM = 1.5;

await main().catch((err) => {
  console.error(`bench/capacity: ERROR ${err?.stack ?? err}`);
  process.exitCode = 2;
});
setTimeout(() => process.exit(process.exitCode ?? 0), 3000).unref();

async function main() {
  const { makeClip } = await import(dist('test/support/media.js'));
  const scenes = Math.max(1, Math.round(CLIP_SECONDS / 5));
  const sentences = SPEECH.split(/(?<=\.) /);
  const clip = await makeClip({
    ...PLAIN_CLIP,
    scenes: PLAIN_CLIP.scenes.slice(0, scenes),
    speech: sentences.slice(0, Math.max(1, Math.round((sentences.length * scenes) / CAPTIONS.length))).join(' '),
  });
  const clipSeconds = await duration(clip);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(fs.statSync(clip).size) });
    fs.createReadStream(clip).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/clip.mp4`;
  console.log(`clip: ${clipSeconds.toFixed(1)} s, 720x1280, ${scenes} scenes; ${JOBS} jobs at once; cores: ${os.availableParallelism()}`);
  try {
    const one = await phase(1, url);
    const two = await phase(2, url);
    console.log(`ratio two/one (jobs per minute): ${(two.perMinute / one.perMinute).toFixed(2)}`);
    const cpuPerJob = (one.cpuPerJob + two.cpuPerJob) / 2;
    const cores = ((cpuPerJob * 1000) / 3600) * HEADROOM;
    console.log(
      `sizing: ${cores.toFixed(1)} worker cores per 1,000 reels an hour of ${clipSeconds.toFixed(0)} s ` +
        `(${cpuPerJob.toFixed(1)} CPU s/job x 1000 / 3600 s x headroom ${HEADROOM}; CPU does not grow in proportion to length: measure yours)`,
    );
  } finally {
    server.close();
  }
}

/** N jobs at once on `workers` fresh ROLE=worker processes: jobs per minute, CPU s per job, queue-depth samples. */
async function phase(workers, url) {
  const id = randomUUID().slice(0, 8);
  const env = {
    PATH: process.env.PATH ?? '',
    REDIS_URL,
    KEY_PREFIX: `vidint-bench-${id}`,
    QUEUE_NAME: `capacity-${id}`,
    WORK_DIR: path.join(root, 'test-artifacts', `bench-capacity-${id}`),
    FETCH_ALLOW_LOOPBACK: 'true',
    LOG_LEVEL: 'info',
  };
  const metricsPort = await freePort();
  const procs = Array.from({ length: workers }, (_, i) =>
    startWorker({ ...env, ROLE: 'worker', ...(i === 0 ? { METRICS_PORT: String(metricsPort) } : {}) }),
  );
  const creator = await jobCreator(env);
  try {
    await Promise.all(procs.map((p) => p.started));
    const cpu0 = procs.map((p) => cpuSeconds(p.child.pid));
    const load = os.loadavg()[0];
    const t0 = Date.now();
    const ids = await Promise.all(Array.from({ length: JOBS }, () => creator.accept(url)));
    const samples = [];
    let done = [];
    for (let tick = 0; ; tick++) {
      // Sampled every 3 s, printed when it changes: a few samples, whatever the run's length.
      if (tick % 12 === 0) {
        const depth = await queueDepth(metricsPort);
        if (samples.at(-1)?.depth !== depth) samples.push({ at: (Date.now() - t0) / 1000, depth });
      }
      done = (await Promise.all(ids.map((jobId) => creator.rt.store.get(jobId)))).filter(
        (j) => j.status === 'complete' || j.status === 'failed',
      );
      if (done.length === ids.length) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (Date.now() - t0) / 1000;
    const cpu = procs.reduce((sum, p, i) => sum + cpuSeconds(p.child.pid) - cpu0[i], 0);
    const failed = done.filter((j) => j.status !== 'complete');
    if (failed.length) throw new Error(`${failed.length} job(s) failed: ${failed[0].error}`);
    samples.push({ at: seconds, depth: await queueDepth(metricsPort) });
    const perMinute = (JOBS * 60) / seconds;
    const cpuPerJob = cpu / JOBS;
    console.log(
      `${workers} worker${workers > 1 ? 's' : ' '}: ${JOBS} jobs in ${seconds.toFixed(1)} s = ${perMinute.toFixed(2)} jobs/min; ` +
        `${cpuPerJob.toFixed(1)} CPU s/job; load average ${load.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`,
    );
    console.log(
      `  vidint_queue_depth as it drained (when it changed): ${samples.map((x) => `${x.at.toFixed(0)} s: ${x.depth}`).join(', ')}`,
    );
    return { perMinute, cpuPerJob };
  } finally {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r() : p.child.once('exit', r)))));
    await creator.close();
    fs.rmSync(env.WORK_DIR, { recursive: true, force: true });
  }
}

/** A ROLE=worker process of this build, and a promise of its "worker started" line. */
function startWorker(env) {
  const child = spawn(process.execPath, [path.join(root, 'dist/src/main.js')], {
    env: { ...env, ...startEnv(root) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const started = new Promise((resolve, reject) => {
    const look = (d) => {
      out += d;
      if (out.includes('"msg":"worker started"')) resolve();
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', (code) => reject(new Error(`a worker exited (${code}): ${out.slice(-2000)}`)));
  });
  started.catch(() => undefined);
  return { child, started };
}

/** Creates /analyze jobs on the queue the way a settled payment does, minus the payment (no HTTP, no worker here). */
async function jobCreator(env) {
  const [{ loadConfig }, { createLogger }, { createApp }, { appParts }] = await Promise.all([
    import(dist('src/app/load-config.js')),
    import(dist('src/logging/logger.js')),
    import(dist('src/app/create-app.js')),
    import(dist('src/app/app-parts.js')),
  ]);
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' }, root);
  const app = await createApp(config, createLogger('silent'), { http: false, workers: false });
  const rt = appParts(app.context);
  const pipeline = rt.pipelines.byPath('/analyze');
  return {
    rt,
    accept: async (url) => (await rt.jobs.accept({ pipeline, request: { url }, receipt: null })).id,
    close: async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${env.KEY_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await app.context.close();
    },
  };
}

async function queueDepth(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(text.match(/^vidint_queue_depth (\S+)$/m)?.[1] ?? Number.NaN);
}

/** CPU seconds of a process and its finished (waited-for) children. */
function cpuSeconds(pid) {
  const cpu = processCpuMs(pid);
  return (cpu.own + cpu.children) / 1000;
}

async function duration(file) {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}
