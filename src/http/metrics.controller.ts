import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Metrics } from '../observability/metrics.js';

/** GET /metrics: the Prometheus text format (unauthenticated, like /healthz: counts only, no request data). */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  async scrape(@Res() reply: FastifyReply) {
    reply.header('content-type', this.metrics.contentType).send(await this.metrics.text());
  }
}
