import { setTimeout as delay } from 'node:timers/promises';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long a stopping process waits for the requests it took (a settlement can wait out its chain) before it closes. */
const DRAIN_TIMEOUT_MS = 25_000;
const RETRY_SECONDS = 1;
const SHUTTING_DOWN = 'this process is shutting down: send the same request again (nothing was charged)';

/**
 * What SIGTERM does to a process that serves HTTP, before the jobs and payments its requests use close (the
 * non-global HttpModule is destroyed before the global JobsModule): a request that arrives from then on is
 * answered 503 with Retry-After, before anything reads its payment, and with `Connection: close`; the
 * requests already taken (a payment being settled) finish and get their answer; then the server closes.
 * Only requests that may change something are waited for (not GET: an event stream would hold the close).
 */
@Injectable()
export class HttpDrain implements OnModuleDestroy {
  private inFlight = 0;

  constructor(private readonly adapterHost: HttpAdapterHost) {
    const fastify: FastifyInstance = adapterHost.httpAdapter.getInstance();
    fastify.server.on('request', (req, res) => {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
      this.inFlight++;
      res.once('close', () => void this.inFlight--);
    });
  }

  async onModuleDestroy(): Promise<void> {
    // The adapter's first onRequest hook runs this once set, so serving pays for no drain check until the drain starts.
    // The answer is sent from the hook, as Fastify allows, without calling `done`: no handler runs.
    this.adapterHost.httpAdapter.setOnRequestHook((_request: FastifyRequest, reply: FastifyReply) => {
      reply.code(503).header('retry-after', String(RETRY_SECONDS)).header('connection', 'close').send({ error: SHUTTING_DOWN });
    });
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await delay(50);
    }
    // A keep-alive connection whose request was taken before the drain would otherwise hold the close until it times out.
    const server = this.adapterHost.httpAdapter.getInstance<FastifyInstance>().server;
    const reap = setInterval(() => server.closeIdleConnections(), 100);
    try {
      await this.adapterHost.httpAdapter.close();
    } finally {
      clearInterval(reap);
    }
  }
}
