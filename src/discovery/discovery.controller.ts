import { Controller, Get, Header, Inject, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { baseUrl } from '../http/base-url.js';
import { HTTP_CONFIG, type HttpConfig } from '../http/http.config.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { TypicalDurations } from '../jobs/typical-durations.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/payments.config.js';
import { PAYWALL } from '../payments/payments.tokens.js';
import type { Paywall } from '../payments/paywall.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { buildAgentsJson } from './agents-json.js';
import { buildAiPlugin } from './ai-plugin.js';
import type { DiscoveryContext } from './discovery-context.js';
import { FAVICON_SVG, faviconIco } from './favicon.js';
import { buildLandingPage } from './landing-page.js';
import { buildLlmsTxt } from './llms-txt.js';
import { buildOpenApi } from './openapi.js';
import { buildPaymentManifest } from './payment-manifest.js';

/** The discovery documents, generated from the loaded pipelines and the running payment config. */
@Controller()
export class DiscoveryController {
  constructor(
    @Inject(HTTP_CONFIG) private readonly http: HttpConfig,
    @Inject(JOBS_CONFIG) private readonly jobs: JobsConfig,
    @Inject(PAYMENTS_CONFIG) private readonly payments: PaymentsConfig,
    @Inject(PIPELINES) private readonly pipelines: PipelineRegistry,
    @Inject(PAYWALL) private readonly paywall: Paywall,
    private readonly durations: TypicalDurations,
  ) {}

  private context(req: FastifyRequest): DiscoveryContext {
    const base = baseUrl(req, this.http.publicBaseUrl);
    const config = { jobRetentionSeconds: this.jobs.jobRetentionSeconds, paymentMode: this.payments.paymentMode };
    const typicalSeconds = (p: Pipeline) => this.durations.seconds(p);
    return { baseUrl: base, pipelines: this.pipelines.all(), paywall: this.paywall, config, typicalSeconds };
  }

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  landing(@Req() req: FastifyRequest) {
    return buildLandingPage(this.context(req));
  }

  @Get('openapi.json')
  openapi(@Req() req: FastifyRequest) {
    return buildOpenApi(this.context(req));
  }

  /** A payment protocol's manifest (x402's: /.well-known/x402); ai-plugin.json, declared below, is matched first. */
  @Get('.well-known/:name')
  manifest(@Req() req: FastifyRequest, @Param('name') name: string) {
    const manifest = buildPaymentManifest(this.context(req), name);
    if (!manifest) throw new ApiError(404, `no route: GET /.well-known/${name}`);
    return manifest;
  }

  @Get('llms.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  llms(@Req() req: FastifyRequest) {
    return buildLlmsTxt(this.context(req));
  }

  @Get('agents.json')
  agents(@Req() req: FastifyRequest) {
    return buildAgentsJson(this.context(req));
  }

  @Get('favicon.svg')
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=86400')
  faviconSvg() {
    return FAVICON_SVG;
  }

  @Get('favicon.ico')
  @Header('content-type', 'image/x-icon')
  @Header('cache-control', 'public, max-age=86400')
  faviconIco() {
    return faviconIco();
  }

  @Get('.well-known/ai-plugin.json')
  aiPlugin(@Req() req: FastifyRequest) {
    return buildAiPlugin(this.context(req));
  }
}
