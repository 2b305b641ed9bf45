import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { CORS_OPTIONS } from '../http/cors.js';
import { JsonExceptionFilter } from '../http/exception.filter.js';
import { registerPaidRoutes } from '../http/paid-routes.js';
import { RouteTable } from '../http/route-table.js';
import { NestPinoLogger } from '../logging/logger.js';
import { AppModule } from './app.module.js';
import type { Runtime } from './runtime.js';

const CONNECTIONS_CHECK_MS = 1000;

/** Builds the HTTP application on a runtime (not yet listening). */
export async function createApp(rt: Runtime): Promise<NestFastifyApplication> {
  // requestTimeout bounds a body that never arrives (408, connection closed); Node checks it every second.
  // Node 20 only enforces it when given to the server's constructor, hence `http` too, not only Fastify's option.
  const requestTimeout = rt.config.httpRequestTimeoutMs;
  const adapter = new FastifyAdapter({
    bodyLimit: rt.config.bodyLimitBytes,
    trustProxy: false,
    requestTimeout,
    http: { requestTimeout, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
  });
  const routes = new RouteTable();
  const fastify = adapter.getInstance();
  fastify.addHook('onRoute', (route) => routes.add(route.method, route.url));
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRuntime(rt), adapter, {
    logger: new NestPinoLogger(rt.logger),
    bufferLogs: false,
  });
  app.enableCors(CORS_OPTIONS);
  app.useGlobalFilters(new JsonExceptionFilter(routes, rt.logger));
  registerPaidRoutes(fastify, rt);
  await app.init();
  return app;
}
