import type { ServerResponse } from 'node:http';
import { Controller, Get, Inject, type OnModuleInit, Param, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { JobService } from '../jobs/job.service.js';
import { TERMINAL_STATUSES } from '../jobs/job.types.js';
import type { JobChanges } from '../jobs/job-changes.js';
import { jobEnvelope } from '../jobs/job-envelope.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { JOB_CHANGES } from '../jobs/jobs.tokens.js';
import { ApiError } from './api-error.js';
import { HTTP_CONFIG, type HttpConfig } from './http.config.js';

/** A comment line this often keeps proxies from closing a quiet stream; the record is also read again then. */
const KEEPALIVE_MS = 15_000;
const RETRY_SECONDS = 5;

/**
 * GET /jobs/{id}/events: a job's progress and its end as server-sent events. `progress` (the progress object)
 * each time it changes, then `complete` or `failed` (the envelope), then the stream ends. Changes are pushed as
 * they are written (JOB_CHANGES: in-process, or Redis pub/sub from the workers); each stream holds no timer but
 * its keep-alive. At most SSE_MAX_STREAMS are open per process: beyond, 503 with Retry-After.
 */
@Controller('jobs')
export class JobEventsController implements OnModuleInit {
  private readonly open = new Set<ServerResponse>();

  constructor(
    private readonly jobs: JobService,
    @Inject(JOB_CHANGES) private readonly changes: JobChanges,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
    @Inject(HTTP_CONFIG) private readonly http: HttpConfig,
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
    const record = await this.jobs.find(id);
    if (!record) throw new ApiError(404, `job ${id} not found: unknown, or expired (jobs are kept ${this.config.jobRetentionSeconds} s)`);
    if (this.open.size >= this.http.sseMaxStreams) {
      throw new ApiError(503, `too many event streams are open on this server; poll GET /jobs/${id} or retry in ${RETRY_SECONDS} s`, {
        'retry-after': String(RETRY_SECONDS),
      });
    }
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
    await this.follow(record.id, res).finally(() => {
      this.open.delete(res);
      res.end();
    });
  }

  /** Sends the job's events, reading its record when told it changed (and at each keep-alive), until it ends, expires or the client leaves. */
  private follow(id: string, res: ServerResponse): Promise<void> {
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    let lastProgress = '';
    let reading = Promise.resolve();
    return new Promise<void>((finish) => {
      const read = () =>
        (reading = reading.then(async () => {
          if (res.writableEnded) return;
          // A store that does not answer (Redis out) is read again on the next change or keep-alive; the stream stays open.
          const record = await this.jobs.get(id).catch(() => undefined);
          if (record === undefined) return;
          if (record === null)
            return done(() => send('expired', { error: `job ${id} expired (jobs are kept ${this.config.jobRetentionSeconds} s)` }));
          if (TERMINAL_STATUSES.has(record.status)) return done(() => send(record.status, jobEnvelope(record)));
          const progress = JSON.stringify(record.progress);
          if (progress !== lastProgress) send('progress', record.progress);
          lastProgress = progress;
        }));
      const stop = this.changes.watch(id, read);
      const keepAlive = setInterval(() => {
        res.write(': keep-alive\n\n');
        read();
      }, KEEPALIVE_MS);
      const done = (last: () => void) => {
        last();
        end();
      };
      const end = () => {
        stop();
        clearInterval(keepAlive);
        finish();
      };
      res.on('close', end);
      read();
    });
  }
}
