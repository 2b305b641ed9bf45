// One /analyze job on one clip with the build of the checkout at argv[2] (its dist/ and pipelines/), in this
// process alone, so that its peak RSS is that build's: prints {ms, cpu, peakRss, status, error, steps, result} as one
// JSON line, last; cpu is the CPU seconds of this process and its finished child processes (ffmpeg, pocketsphinx,
// tesseract). BENCH_JOBS=n runs the job n times one after another in the same worker, a line each (a long-lived
// worker's later jobs find its threads, warm decoder and compiled code in place). BENCH_LOG_LEVEL shows the service's logs. Used by bench/analyze.mjs and bench/analyze-reference.mjs. Builds from before the Nest modules (a Runtime object) are run too.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { processCpuMs } from './process-cpu.mjs';
import { engineSettingsFromEnv } from './service-env.mjs';

const [root, clip] = process.argv.slice(2);
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(fs.statSync(clip).size) });
  fs.createReadStream(clip).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
// The configuration is composed in app/load-config.js since the folders were layered; in config/config.js before.
const configModule = fs.existsSync(path.join(root, 'dist/src/app/load-config.js')) ? 'src/app/load-config.js' : 'src/config/config.js';
const [{ loadConfig }, { createLogger }] = await Promise.all([import(dist(configModule)), import(dist('src/logging/logger.js'))]);
const env = {
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  PORT: '0',
  FETCH_ALLOW_LOOPBACK: 'true',
  X402_NETWORKS: 'base',
  MPP_ENABLED: 'false',
  ...engineSettingsFromEnv(),
};
const config = loadConfig(env, root);
const rt = await runtime(config, createLogger(env.LOG_LEVEL));
const jobs = Number(process.env.BENCH_JOBS ?? 1);
for (let n = 0; n < jobs; n++) {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
  const t = performance.now();
  const cpu0 = cpuSeconds();
  const accepted = await rt.jobs.accept({
    pipeline: rt.pipelines.byPath('/analyze'),
    request: { url: `http://127.0.0.1:${server.address().port}/clip.mp4` },
    receipt: null,
  });
  let job;
  for (;;) {
    job = await rt.store.get(accepted.id);
    if (job.status === 'complete' || job.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t;
  const cpu = cpuSeconds() - cpu0;
  clearInterval(sampler);
  // Each step's time where the build records it (jobs carry `steps` since the watch work): where the time goes.
  const steps = Object.fromEntries((job.steps ?? []).map((st) => [st.id, st.ms]));
  console.log(JSON.stringify({ ms, cpu, peakRss, status: job.status, error: job.error ?? null, steps, result: job.result ?? null }));
}
await rt.close();
server.close();
setTimeout(() => process.exit(0), 2000).unref();

/** The jobs, pipelines and store of a worker-only service: the Nest app's parts, or an older build's Runtime. */
async function runtime(config, logger) {
  if (fs.existsSync(path.join(root, 'dist/src/app/app-parts.js'))) {
    const [{ createApp }, { appParts }] = await Promise.all([import(dist('src/app/create-app.js')), import(dist('src/app/app-parts.js'))]);
    const app = await createApp(config, logger, { http: false, workers: true });
    return { ...appParts(app.context), close: () => app.context.close() };
  }
  const { createRuntime, startWorker } = await import(dist('src/app/runtime.js'));
  const rt = await createRuntime(config, logger);
  await startWorker(rt);
  return rt;
}

/** CPU seconds used by this process (all threads) and its waited-for children. */
function cpuSeconds() {
  const cpu = processCpuMs();
  return (cpu.own + cpu.children) / 1000;
}
