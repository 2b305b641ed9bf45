import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PROCESS_CONFIG } from '../config/config.tokens.js';
import type { ProcessConfig } from '../config/process.config.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { JOB_QUEUE } from '../jobs/jobs.tokens.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { REDIS_OUTAGE_RETRY_SECONDS } from '../redis/redis-outage.js';
import { afterDue } from '../timing/due-timer.js';

/** /healthz answers within this even when Redis hangs. */
const HEALTH_TIMEOUT_MS = 1000;

/**
 * 200 once the service can take requests; 503 while a dependency does not answer. Both name each
 * dependency's state (`dependencies: {redis: 'up' | 'down'}`) so an operator sees which one is out.
 */
@Controller('healthz')
export class HealthController {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(PIPELINES) private readonly pipelines: PipelineRegistry,
    @Inject(PROCESS_CONFIG) private readonly config: ProcessConfig,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const queue = this.queue.driver;
    const up = await Promise.race([this.queue.ping(), afterDue(HEALTH_TIMEOUT_MS).then(() => false)]);
    // The in-process queue has no outside dependency to report.
    const dependencies = queue === 'bullmq' ? { redis: up ? 'up' : 'down' } : {};
    const report = { role: this.config.role, queue, pipelines: this.pipelines.all().length, dependencies };
    if (up) return { status: 'ok', ...report };
    reply.status(503).header('retry-after', String(REDIS_OUTAGE_RETRY_SECONDS));
    return { status: 'unavailable', error: `${queue === 'bullmq' ? 'Redis' : 'the job queue'} does not answer`, ...report };
  }
}
