import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { JobService } from '../jobs/job.service.js';
import { TERMINAL_STATUSES } from '../jobs/job.types.js';
import { jobEnvelope } from '../jobs/job-envelope.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { POLL_SECONDS } from '../orders/job-accepted.js';
import { ApiError } from './api-error.js';

/** GET /jobs/{id}: free, open to whoever holds the (unguessable) id. */
@Controller('jobs')
export class JobsController {
  constructor(
    private readonly jobs: JobService,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {}

  @Get(':id')
  @Header('cache-control', 'no-store')
  async get(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const record = await this.jobs.find(id);
    if (!record) throw new ApiError(404, `job ${id} not found: unknown, or expired (jobs are kept ${this.config.jobRetentionSeconds} s)`);
    if (!TERMINAL_STATUSES.has(record.status)) reply.header('retry-after', String(POLL_SECONDS));
    return jobEnvelope(record);
  }
}
