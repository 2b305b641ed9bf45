import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RUNTIME } from '../app/tokens.js';
import type { Runtime } from '../app/runtime.js';
import { REDIS_OUTAGE_RETRY_SECONDS } from '../redis/redis-outage.js';

/**
 * 200 once the service can take requests; 503 while a dependency does not answer. Both name each
 * dependency's state (`dependencies: {redis: 'up' | 'down'}`) so an operator sees which one is out.
 */
@Controller('healthz')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly rt: Runtime) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const queue = this.rt.queue.driver;
    const up = await this.rt.healthy();
    // The in-process queue has no outside dependency to report.
    const dependencies = queue === 'bullmq' ? { redis: up ? 'up' : 'down' } : {};
    const report = { role: this.rt.config.role, queue, pipelines: this.rt.pipelines.all().length, dependencies };
    if (up) return { status: 'ok', ...report };
    reply.status(503).header('retry-after', String(REDIS_OUTAGE_RETRY_SECONDS));
    return { status: 'unavailable', error: `${queue === 'bullmq' ? 'Redis' : 'the job queue'} does not answer`, ...report };
  }
}
