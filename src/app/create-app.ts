import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { JsonExceptionFilter } from '../http/exception.filter.js';
import { registerPaidRoutes } from '../http/paid-routes.js';
import { RouteTable } from '../http/route-table.js';
import { NestPinoLogger } from '../logging/logger.js';
import { AppModule } from './app.module.js';
import type { Runtime } from './runtime.js';

/** Builds the HTTP application on a runtime (not yet listening). */
export async function createApp(rt: Runtime): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: rt.config.bodyLimitBytes, trustProxy: false });
  const routes = new RouteTable();
  const fastify = adapter.getInstance();
  fastify.addHook('onRoute', (route) => routes.add(route.method, route.url));
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRuntime(rt), adapter, {
    logger: new NestPinoLogger(rt.logger),
    bufferLogs: false,
  });
  app.useGlobalFilters(new JsonExceptionFilter(routes, rt.logger));
  registerPaidRoutes(fastify, rt);
  await app.init();
  return app;
}
