import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JobService } from '../jobs/job.service.js';
import { TERMINAL_STATUSES } from '../jobs/job.types.js';
import { jobEnvelope } from '../jobs/job-envelope.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { POLL_SECONDS } from '../orders/job-accepted.js';
import { ApiError } from './api-error.js';

/**
 * GET /jobs/{id}: free, open to whoever holds the (unguessable) id. The route agents poll: a plain Fastify route,
 * as the paid ones are, since Nest's router costs a third of its CPU per request (bench/http).
 */
@Injectable()
export class JobRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly jobs: JobService,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {}

  onModuleInit(): void {
    const fastify: FastifyInstance = this.adapterHost.httpAdapter.getInstance();
    fastify.get<{ Params: { id: string } }>('/jobs/:id', (request, reply) => this.get(request, reply));
  }

  private async get(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const { id } = request.params;
    const record = await this.jobs.find(id);
    if (!record) throw new ApiError(404, `job ${id} not found: unknown, or expired (jobs are kept ${this.config.jobRetentionSeconds} s)`);
    reply.header('cache-control', 'no-store');
    if (!TERMINAL_STATUSES.has(record.status)) reply.header('retry-after', String(POLL_SECONDS));
    return jobEnvelope(record);
  }
}
