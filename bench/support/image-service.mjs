// One service of bench/images, in a process of its own: the build of the checkout at argv[2] (its dist/ and
// pipelines/), ROLE=all (HTTP, payments on the devnet, and the worker) on Redis with BullMQ, WORKER_CONCURRENCY=2,
// under a fresh key prefix (argv[3]). Prints one JSON line {url, payerKey, rpcUrl} once listening; exits on SIGTERM after
// deleting its keys. On SIGUSR2 it prints {worstStall: {wallMs, cpuMs}}: the longest event-loop stall since the last
// SIGUSR2 and the most of its own CPU the main thread spent in one stall (a busy machine stretches the wall time of a
// stall, not the CPU the service spends in it).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, keyPrefix] = process.argv.slice(2);
// The stall watch of this checkout's build (the build under test may be an older one without it).
const { watchStalls } = await import(new URL('../../dist/test/support/stall-watch.js', import.meta.url).href);
const dist = (p) => import(pathToFileURL(path.join(root, 'dist', 'src', p)).href);
const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

const [{ loadConfig }, { appParts }, { createLogger }, { createApp }] = await Promise.all([
  dist('app/load-config.js'),
  dist('app/app-parts.js'),
  dist('logging/logger.js'),
  dist('app/create-app.js'),
]);
const env = {
  REDIS_URL: redisUrl,
  KEY_PREFIX: keyPrefix,
  QUEUE_NAME: `${keyPrefix}-q`,
  WORKER_CONCURRENCY: '2',
  X402_NETWORKS: 'base',
  MPP_ENABLED: 'false',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  PORT: '0',
};
const config = loadConfig(env, root);
const { http: app } = await createApp(config, createLogger(env.LOG_LEVEL), { http: true, workers: true });
await app.listen(0, '127.0.0.1');
const { devnet } = appParts(app);
// Listening for SIGUSR2 before the line that tells the bench it may send one (its default action ends the process).
const stalls = watchStalls();
process.on('SIGUSR2', () => console.log(JSON.stringify({ worstStall: stalls.take() })));
console.log(
  JSON.stringify({
    url: `http://127.0.0.1:${app.getHttpServer().address().port}`,
    payerKey: devnet.base.payerKey,
    rpcUrl: devnet.base.rpcUrl,
  }),
);
process.on('SIGTERM', async () => {
  await app.close();
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  process.exit(0);
});
