import http from 'node:http';
import { Global, Inject, Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { CONFIG, LOGGER } from '../config/config.tokens.js';
import { Metrics } from './metrics.js';

/**
 * A worker-only process (ROLE=worker) has no HTTP server: with METRICS_PORT set, it serves GET /metrics on its
 * own small server, so its jobs and step durations can be scraped too.
 */
@Injectable()
class WorkerMetricsServer implements OnApplicationBootstrap, OnModuleDestroy {
  private server: http.Server | null = null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metricsPort;
    if (this.config.role !== 'worker' || port === null) return;
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
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, this.config.host, resolve));
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
@Global()
@Module({
  providers: [{ provide: Metrics, useFactory: () => new Metrics() }, WorkerMetricsServer],
  exports: [Metrics],
})
export class MetricsModule {}
