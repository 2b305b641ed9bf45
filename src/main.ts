import { roleModules } from './app/app.module.js';
import type { AppConfig } from './app/app-config.js';
import { createApp } from './app/create-app.js';
import { loadConfig } from './app/load-config.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { JobWorker } from './jobs/job-worker.js';
import { JOB_QUEUE, JOB_WORKER } from './jobs/jobs.tokens.js';
import { createLogger } from './logging/logger.js';
import type { PipelineRegistry } from './pipelines/pipeline-registry.js';
import { PIPELINES } from './pipelines/pipelines.tokens.js';

/** ROLE=all (HTTP and worker, the default), api (HTTP only) or worker (jobs only; needs Redis). */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`vidint: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const logger = createLogger(config.process.logLevel);
  const roles = roleModules(config.process.role);
  const app = await createApp(config, logger, roles).catch((err) => {
    process.stderr.write(`vidint: ${(err as Error).message}\n`);
    process.exit(2);
  });
  if (roles.workers) {
    const queue = app.context.get<JobQueue>(JOB_QUEUE);
    logger.info({ queue: queue.driver, concurrency: config.jobs.workerConcurrency }, 'worker started');
  }
  if (app.http) {
    await app.http.listen(config.http.port, config.http.host);
    const url = await app.http.getUrl();
    const pipelines = app.context.get<PipelineRegistry>(PIPELINES);
    logger.info({ url, pipelines: pipelines.all().map((p) => p.path) }, 'listening');
  }
  const worker = roles.workers ? app.context.get<JobWorker>(JOB_WORKER) : null;
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    // Without HTTP nothing needs this worker any more: it stops taking jobs before any module closes, not after.
    // With HTTP it takes them until the server has drained (JobsShutdown), so what the drain accepts still runs here.
    if (!app.http) worker?.stopTaking();
    await app.context.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

void main();
