import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Runtime } from '../app/runtime.js';
import { RUNTIME } from '../app/tokens.js';
import { baseUrl } from '../http/base-url.js';
import type { DiscoveryContext } from './discovery-context.js';
import { buildOpenApi } from './openapi.js';

/** The discovery documents, generated from the loaded pipelines on every request (they are small). */
@Controller()
export class DiscoveryController {
  constructor(@Inject(RUNTIME) private readonly rt: Runtime) {}

  private context(req: FastifyRequest): DiscoveryContext {
    return { baseUrl: baseUrl(req, this.rt.config.publicBaseUrl), pipelines: this.rt.pipelines.all(), paywall: this.rt.paywall, config: this.rt.config };
  }

  @Get('openapi.json')
  openapi(@Req() req: FastifyRequest) {
    return buildOpenApi(this.context(req));
  }
}
