import http from 'node:http';
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { Metrics } from './metrics.js';

/**
 * A worker-only process (ROLE=worker) has no HTTP server: with METRICS_PORT set, it serves GET /metrics on its
 * own small server, so its jobs and step durations can be scraped too.
 */
/** Where a worker-only process serves /metrics (METRICS_PORT on HOST); null: it does not. */
export interface WorkerMetricsAddress {
  port: number;
  host: string;
}

const WORKER_METRICS_ADDRESS = Symbol('WORKER_METRICS_ADDRESS');

@Injectable()
class WorkerMetricsServer implements OnApplicationBootstrap, OnModuleDestroy {
  private server: http.Server | null = null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(WORKER_METRICS_ADDRESS) private readonly address: WorkerMetricsAddress | null,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.address) return;
    const { port, host } = this.address;
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'no route: only GET /metrics' }));
        return;
      }
      this.metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': this.metrics.contentType }).end(text),
        (err) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (err as Error).message })),
      );
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
    this.server = server;
    this.logger.info({ port }, 'worker metrics served on /metrics');
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

/** One Metrics registry per app, for every module (global): HTTP, payments, jobs and (added by JobsModule) the queue's gauges. */
@Module({})
export class MetricsModule {
  /** `workerMetrics`: where a worker-only process serves GET /metrics, or null. */
  static forRoot(workerMetrics: WorkerMetricsAddress | null): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      providers: [
        { provide: Metrics, useFactory: () => new Metrics() },
        { provide: WORKER_METRICS_ADDRESS, useValue: workerMetrics },
        WorkerMetricsServer,
      ],
      exports: [Metrics],
    };
  }
}
