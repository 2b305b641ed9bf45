import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { POLL_SECONDS } from '../orders/job-accepted.js';
import { PaidOrders } from '../orders/paid-orders.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { ApiError } from './api-error.js';
import { baseUrl } from './base-url.js';
import { HTTP_CONFIG, type HttpConfig } from './http.config.js';

/**
 * One POST route per loaded pipeline, added to Nest's Fastify instance when the module starts (the paths come
 * from PIPELINES_DIR, so they cannot be controller decorators). Each hands its request to the paid-order use
 * case (orders/) and translates the outcome into HTTP; only the media type (415) and the Host are HTTP's own.
 */
@Injectable()
export class PaidRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(PIPELINES) private readonly pipelines: PipelineRegistry,
    private readonly orders: PaidOrders,
    @Inject(HTTP_CONFIG) private readonly http: HttpConfig,
  ) {}

  onModuleInit(): void {
    const fastify: FastifyInstance = this.adapterHost.httpAdapter.getInstance();
    for (const { path } of this.pipelines.all()) {
      // Looked up per request: with WATCH=true an edited pipeline is swapped into the registry.
      fastify.post(path, (request, reply) => this.handle(path, request, reply));
    }
  }

  private async handle(path: string, request: FastifyRequest, reply: FastifyReply) {
    const pipeline = this.pipelines.byPath(path);
    if (!pipeline) throw new ApiError(404, `no route: ${path} is no longer served (its pipeline file was removed). Nothing was charged.`);
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (type !== 'application/json' && pipeline.status !== 'planned') throw new ApiError(415, 'Content-Type must be application/json');
    const outcome = await this.orders.place({
      pipeline,
      body: request.body,
      payment: request.headers,
      affiliate: request.headers['x-affiliate-id'],
      baseUrl: baseUrl(request, this.http.publicBaseUrl),
    });
    switch (outcome.kind) {
      case 'payment-required':
        return reply.status(402).headers(outcome.challenge.headers).send(outcome.challenge.body);
      case 'refused':
        throw new ApiError(outcome.status, outcome.error, outcome.headers);
      case 'accepted':
        return reply
          .status(202)
          .headers({ ...outcome.receipt, location: outcome.job.poll_url, 'retry-after': String(POLL_SECONDS) })
          .send(outcome.job);
    }
  }
}
