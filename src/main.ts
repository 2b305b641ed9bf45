import { loadConfig } from './config/config.js';
import { createApp } from './app/create-app.js';
import { createRuntime, startWorker } from './app/runtime.js';
import { createLogger } from './logging/logger.js';

/** ROLE=all (HTTP and worker, the default), api (HTTP only) or worker (jobs only; needs REDIS_URL). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`vidint: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel);
  const rt = await createRuntime(config, logger).catch((err) => {
    process.stderr.write(`vidint: ${(err as Error).message}\n`);
    process.exit(2);
  });
  const stoppers: Array<() => Promise<unknown>> = [];
  if (config.role !== 'api') {
    await startWorker(rt);
    logger.info({ queue: rt.queue.driver, concurrency: config.workerConcurrency }, 'worker started');
  }
  if (config.role !== 'worker') {
    const app = await createApp(rt);
    await app.listen(config.port, config.host);
    const url = await app.getUrl();
    logger.info({ url, pipelines: rt.pipelines.all().map((p) => p.path) }, 'listening');
    stoppers.push(() => app.close());
  }
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    for (const s of stoppers) await s().catch(() => undefined);
    await rt.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

void main();
