import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics.js';

/** Requests no route matched are counted under this route label (never the raw URL: unbounded, and may carry data). */
const UNMATCHED = 'unmatched';

/**
 * One JSON log line and one count per answered request: method, route (the matched pattern, e.g. /jobs/:id),
 * status and time. (402s are counted by the paid-order use case, whichever transport carried them.)
 */
export function observeRequests(fastify: FastifyInstance, metrics: Metrics, logger: Logger): true {
  // One counter child per method, route and status, kept: prom-client hashes a label object on every inc().
  const counters = new Map<string, { inc(): void }>();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    const key = `${request.method} ${route} ${status}`;
    let counter = counters.get(key);
    if (!counter) {
      counter = metrics.httpRequests.labels(request.method, route, String(status));
      counters.set(key, counter);
    }
    counter.inc();
    logger.info({ method: request.method, route, status, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });
  return true; // a provider's value (Nest needs one)
}
