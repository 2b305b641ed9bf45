// One server of bench/http, in a process of its own so that its CPU time per request can be read from /proc:
//   node http-target.mjs service <keyPrefix>          the real service (Nest + Fastify + RedisJobStore); creates the job
//   node http-target.mjs features <keyPrefix> <jobId>  bare Fastify with the service's per-request features: CORS
//                                                       (@fastify/cors, the same options), the request counter and log
//                                                       line, the request timeout, the fail-fast Redis options, the job envelope and headers
//   node http-target.mjs bare <keyPrefix> <jobId>      bare Fastify: one route, one Redis GET, the parsed JSON back
// Prints one JSON line {url, jobId} once listening; exits on SIGTERM.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { testStepsModule } from './service-env.mjs';

const [kind, keyPrefix, givenJobId] = process.argv.slice(2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => import(pathToFileURL(path.join(root, 'dist', 'src', p)).href);
const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

const targets = { service, features, bare };
if (!targets[kind]) throw new Error(`unknown target ${kind}`);
const { port, jobId, close } = await targets[kind]();
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/jobs/${jobId}`, jobId }));
process.on('SIGTERM', async () => {
  await close();
  process.exit(0);
});

async function service() {
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
    PIPELINES_DIR: 'test/fixtures/pipelines',
    STEP_MODULES: testStepsModule(root),
  };
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', PORT: '0' }, root);
  const { http: app } = await createApp(config, createLogger('silent'), { http: true, workers: false });
  await app.listen(0, '127.0.0.1');
  const rt = appParts(app);
  const job = await rt.jobs.accept({ pipeline: rt.pipelines.byPath('/echo'), request: { text: 'bench' }, receipt: null });
  return { port: app.getHttpServer().address().port, jobId: job.id, close: () => app.close() };
}

async function features() {
  const [
    { default: Fastify },
    { default: cors },
    { Redis },
    { CORS_OPTIONS },
    { observeRequests },
    { Metrics },
    { createLogger },
    envelope,
  ] = await Promise.all([
    import('fastify'),
    import('@fastify/cors'),
    import('ioredis'),
    dist('http/cors.js'),
    dist('http/request-log.js'),
    dist('observability/metrics.js'),
    dist('logging/logger.js'),
    dist('jobs/job-envelope.js'),
  ]);
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  // The service's slow-body guard: Node tracks every request's time when a request timeout is set.
  const requestTimeout = 30_000;
  const app = Fastify({ logger: false, requestTimeout, http: { requestTimeout, connectionsCheckingInterval: 1000 } });
  await app.register(cors, CORS_OPTIONS);
  observeRequests(app, new Metrics(), createLogger('silent'));
  app.get('/jobs/:id', async (req, reply) => {
    const raw = await redis.get(`${keyPrefix}:job:${req.params.id}`);
    if (raw === null) return reply.code(404).send({ error: 'not found' });
    const record = JSON.parse(raw);
    reply.header('cache-control', 'no-store');
    if (record.status !== 'complete' && record.status !== 'failed') reply.header('retry-after', '2');
    return envelope.jobEnvelope(record);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: app.server.address().port, jobId: givenJobId, close: async () => (await app.close(), redis.disconnect()) };
}

async function bare() {
  const [{ default: Fastify }, { Redis }] = await Promise.all([import('fastify'), import('ioredis')]);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const app = Fastify({ logger: false });
  app.get('/jobs/:id', async (req, reply) => {
    const raw = await redis.get(`${keyPrefix}:job:${req.params.id}`);
    if (raw === null) return reply.code(404).send({ error: 'not found' });
    return JSON.parse(raw);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: app.server.address().port, jobId: givenJobId, close: async () => (await app.close(), redis.disconnect()) };
}
