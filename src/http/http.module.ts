import { Module } from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { Metrics } from '../observability/metrics.js';
import { OrdersModule } from '../orders/orders.module.js';
import { PipelinesModule } from '../pipelines/pipelines.module.js';
import { AdminController } from './admin.controller.js';
import { JsonExceptionFilter } from './exception.filter.js';
import { HealthController } from './health.controller.js';
import { HttpDrain } from './http-drain.js';
import { JobEventsController } from './job-events.controller.js';
import { JobRoute } from './job-route.js';
import { MetricsController } from './metrics.controller.js';
import { PaidRoutes } from './paid-routes.js';
import { QueueDashboard } from './queue-dashboard.js';
import { observeRequests } from './request-log.js';
import { RouteTable } from './route-table.js';

/**
 * The HTTP surface of a process that takes payments: the generated paid routes, GET /jobs/{id}, /healthz,
 * GET /metrics (and one log line per request), the operator routes and queue dashboard, and the one error shape
 * (`{error}`) every route answers with.
 */
@Module({
  imports: [PipelinesModule, OrdersModule],
  controllers: [JobEventsController, HealthController, AdminController, MetricsController],
  providers: [
    {
      // Built before any route is registered, so it sees every route (Nest's and the paid ones): 405 needs them all.
      provide: RouteTable,
      inject: [HttpAdapterHost],
      useFactory: (host: HttpAdapterHost) => {
        const routes = new RouteTable();
        const fastify: FastifyInstance = host.httpAdapter.getInstance();
        fastify.addHook('onRoute', (route) => routes.add(route.method, route.url));
        return routes;
      },
    },
    {
      // Hooks are added before the server is ready: every request, whichever route answers it, is counted and logged.
      provide: observeRequests,
      inject: [HttpAdapterHost, Metrics, LOGGER],
      useFactory: (host: HttpAdapterHost, metrics: Metrics, logger: Logger) =>
        observeRequests(host.httpAdapter.getInstance(), metrics, logger),
    },
    { provide: APP_FILTER, useClass: JsonExceptionFilter },
    PaidRoutes,
    JobRoute,
    QueueDashboard,
    HttpDrain,
  ],
})
export class HttpModule {}
