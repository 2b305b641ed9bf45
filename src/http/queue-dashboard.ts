import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { BullmqJobQueue } from '../jobs/bullmq-job-queue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { JOB_QUEUE } from '../jobs/jobs.tokens.js';
import { checkAdminToken } from './admin-token.js';
import { HTTP_CONFIG, type HttpConfig } from './http.config.js';

export const DASHBOARD_PATH = '/admin/queues';

/**
 * The operators' queue dashboard (bull-board) at /admin/queues: queued, active, failed and completed jobs,
 * read-only (a paid job is never retried or removed from a browser). Mounted only with Redis (the BullMQ queue)
 * and ADMIN_TOKEN; every request of it, pages and API alike, needs `Authorization: Bearer <ADMIN_TOKEN>`.
 */
@Injectable()
export class QueueDashboard implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(HTTP_CONFIG) private readonly config: HttpConfig,
  ) {}

  onModuleInit(): void {
    const token = this.config.adminToken;
    if (!token || !(this.queue instanceof BullmqJobQueue)) return; // off: the path answers the JSON 404
    const board = new FastifyAdapter();
    board.setBasePath(DASHBOARD_PATH);
    // The adapter's own copy of @bull-board/api is a patch version behind ours: the same interface, two declarations.
    const serverAdapter = board as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'];
    createBullBoard({ queues: [new BullMQAdapter(this.queue.queue, { readOnlyMode: true })], serverAdapter });
    const fastify: FastifyInstance = this.adapterHost.httpAdapter.getInstance();
    void fastify.register(
      async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          const refusal = checkAdminToken(token, request.headers.authorization);
          if (refusal) return reply.code(refusal.status).headers(refusal.headers).send({ error: refusal.error });
        });
        await scope.register(board.registerPlugin());
      },
      { prefix: DASHBOARD_PATH },
    );
  }
}
