import type { ServerResponse } from 'node:http';
import { Controller, Get, Inject, type OnModuleInit, Param, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { JOBS_CONFIG } from '../config/config.tokens.js';
import { JobService } from '../jobs/job.service.js';
import type { JobRecord } from '../jobs/job.types.js';
import { jobEnvelope } from '../jobs/job-envelope.js';
import type { JobsConfig } from '../jobs/jobs.config.js';
import { ApiError } from './api-error.js';
import { JOB_ID } from './jobs.controller.js';

/** How often the store is read for changes (any API process can serve any job's stream this way). */
const POLL_MS = 500;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

/**
 * GET /jobs/{id}/events: a job's progress and its end as server-sent events. `progress` (the progress object)
 * each time it changes, then `complete` or `failed` (the envelope), then the stream ends.
 */
@Controller('jobs')
export class JobEventsController implements OnModuleInit {
  private readonly open = new Set<ServerResponse>();

  constructor(
    private readonly jobs: JobService,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    // A stream may last as long as its job: end every open one when the server closes, so closing never waits on them.
    const fastify: FastifyInstance = this.adapterHost.httpAdapter.getInstance();
    fastify.addHook('preClose', (done) => {
      for (const res of this.open) res.end();
      done();
    });
  }

  @Get(':id/events')
  async events(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const record = JOB_ID.test(id) ? await this.jobs.get(id.toLowerCase()) : null;
    if (!record) throw new ApiError(404, `job ${id} not found: unknown, or expired (jobs are kept ${this.config.jobRetentionSeconds} s)`);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    await this.follow(record, res).finally(() => res.end());
  }

  /** Sends `record`'s events, then reads the store every POLL_MS until the job ends, expires or the client leaves. */
  private async follow(first: JobRecord, res: ServerResponse): Promise<void> {
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    let record: JobRecord | null = first;
    let lastProgress = '';
    let lastWrite = Date.now();
    while (!res.destroyed && !res.writableEnded) {
      if (!record) return void send('expired', { error: `job ${first.id} expired (jobs are kept ${this.config.jobRetentionSeconds} s)` });
      const progress = JSON.stringify(record.progress);
      if (record.status === 'complete' || record.status === 'failed') return void send(record.status, jobEnvelope(record));
      if (progress !== lastProgress) {
        send('progress', record.progress);
        lastProgress = progress;
        lastWrite = Date.now();
      } else if (Date.now() - lastWrite >= KEEPALIVE_MS) {
        res.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
      // A store that does not answer (Redis out) is read again on the next tick; the stream stays open.
      record = await this.jobs.get(first.id).catch(() => record);
    }
  }
}
