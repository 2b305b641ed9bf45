import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Jobs by state as the queue reports them (waiting, active, delayed, ...). */
export type QueueCounts = Record<string, number>;

/** The states of jobs no worker has taken yet. */
const QUEUE_DEPTH_STATES = ['waiting', 'prioritized', 'delayed'];

/** The gauges read at scrape time: the queue's depth and how many workers this process runs. */
export interface QueueProbe {
  counts(): Promise<QueueCounts>;
  workers(): number;
}

/**
 * What the running service counts, in the Prometheus text format (`GET /metrics`): HTTP requests by route
 * and status, 402s, settlements by method, network and outcome, jobs by pipeline and outcome, step
 * durations, and the queue's depth and workers. One registry per app, so tests and processes never share.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'vidint_http_requests_total',
    help: 'HTTP requests answered, by method, route (the matched pattern) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly paymentRequired = new Counter({
    name: 'vidint_payment_required_total',
    help: '402 answers (no payment, or a payment refused before settlement), by route',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly payments = new Counter({
    name: 'vidint_payments_total',
    help: 'Payment decisions on paid requests, by method (x402, mpp), network and outcome (settled, replayed, refused, declined, conflict, pending)',
    labelNames: ['method', 'network', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobs = new Counter({
    name: 'vidint_jobs_total',
    help: 'Jobs finished by this process, by pipeline route and outcome (complete, failed)',
    labelNames: ['pipeline', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly stepSeconds = new Histogram({
    name: 'vidint_step_duration_seconds',
    help: 'Wall time of pipeline steps, by pipeline route, step id, step type and outcome (done, skipped, failed)',
    labelNames: ['pipeline', 'step', 'uses', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'vidint_' });
  }

  /** Adds the queue's gauges, read at scrape time (the jobs module calls it once it has a queue). */
  watchQueue(queue: QueueProbe): void {
    new Gauge({
      name: 'vidint_queue_jobs',
      help: 'Jobs in the queue by state, read from the queue at scrape time',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [state, n] of Object.entries(await queue.counts().catch(() => ({})))) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'vidint_queue_depth',
      help: 'Jobs waiting for a worker (waiting, prioritized and delayed), read from the queue at scrape time: what to scale workers on',
      registers: [this.registry],
      async collect() {
        const counts: QueueCounts = await queue.counts().catch(() => ({}));
        this.set(QUEUE_DEPTH_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0));
      },
    });
    new Gauge({
      name: 'vidint_workers',
      help: 'Concurrent job slots this process runs (0 in an API-only process)',
      registers: [this.registry],
      collect() {
        this.set(queue.workers());
      },
    });
  }

  /** The text a scrape gets. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
