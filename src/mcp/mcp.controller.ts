import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl } from '../http/base-url.js';
import { HTTP_CONFIG, type HttpConfig } from '../http/http.config.js';
import { JobService } from '../jobs/job.service.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { TypicalDurations } from '../jobs/typical-durations.js';
import { PaidOrders } from '../orders/paid-orders.js';
import { PAYWALL } from '../payments/payments.tokens.js';
import type { Paywall } from '../payments/paywall.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { createMcpServer, type McpDeps } from './mcp-tools.js';

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (no session: each request gets its own
 * server and transport) with JSON answers. GET and DELETE are 405, as a stateless server answers them.
 */
@Controller('mcp')
export class McpController {
  private readonly deps: McpDeps;

  constructor(
    @Inject(PIPELINES) pipelines: PipelineRegistry,
    @Inject(PAYWALL) paywall: Paywall,
    orders: PaidOrders,
    jobs: JobService,
    durations: TypicalDurations,
    @Inject(JOBS_CONFIG) jobsConfig: JobsConfig,
    @Inject(HTTP_CONFIG) private readonly http: HttpConfig,
  ) {
    this.deps = { pipelines, orders, paywall, jobs, durations, retentionSeconds: jobsConfig.jobRetentionSeconds };
  }

  @Post()
  async handle(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const server = createMcpServer(this.deps, baseUrl(request, this.http.publicBaseUrl));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value); // CORS
    reply.raw.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }
}
