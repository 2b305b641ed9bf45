import { randomUUID } from 'node:crypto';
import type { Receipt } from '../chains/receipt.js';
import { atomicToUsdNumber, usdToAtomic } from '../chains/usdc.js';
import { describeErrors } from '../json-schema/ajv.js';
import { callbackUrl } from '../pipelines/callback-url-keyword.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import type { SourceHints } from '../sources/source-hints.js';
import type { JobRecord, QueuedJob, QueueTicket } from './job.types.js';
import type { JobQueue } from './job-queue.js';
import type { JobStore } from './job-store.js';

export interface AcceptJob {
  pipeline: Pipeline;
  request: Record<string, unknown>;
  receipt: Receipt | null;
  affiliateId?: string | null;
  /** Reuse an id (the payments layer derives one per payment so a resend finds the same job). */
  jobId?: string;
  /** What the check before payment learnt of the request's sources, for the steps. */
  sources?: SourceHints;
}

/** The form of a job id (a UUID): anything else names no job. */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Creates jobs (record first, then the queue entry) and reads them back. */
export class JobService {
  constructor(
    private readonly store: JobStore,
    private readonly queue: JobQueue,
  ) {}

  /** A new job on a request not yet validated (schema defaults are filled in here): throws when it is invalid. */
  async accept(input: AcceptJob): Promise<JobRecord> {
    if (!input.pipeline.validateRequest(input.request)) {
      throw new Error(`invalid request for ${input.pipeline.path}: ${describeErrors(input.pipeline.validateRequest.errors).join('; ')}`);
    }
    return this.create(input);
  }

  /** Records and enqueues a job whose request its pipeline validated already (`alongside`: see ensure). */
  private async create(input: AcceptJob, alongside?: () => Promise<void>): Promise<JobRecord> {
    const record: JobRecord = {
      id: input.jobId ?? randomUUID(),
      endpoint_path: input.pipeline.path,
      status: 'queued',
      created_at: Date.now(),
      // What was settled, when it was paid for: the price may have changed since the payment was priced.
      cost_usd: atomicToUsdNumber(input.receipt ? BigInt(input.receipt.amount) : usdToAtomic(input.pipeline.priceUsd)),
      progress: { step: null, steps_done: 0, steps_total: input.pipeline.steps.length },
      receipt: input.receipt,
      affiliate_id: input.affiliateId ?? null,
      engines: {},
      warnings: [],
      attempts: 0,
      ...callbackField(input),
    };
    const entry: QueuedJob = {
      job_id: record.id,
      endpoint_path: record.endpoint_path,
      pipeline: input.pipeline.source,
      request: input.request,
    };
    if (input.sources && Object.keys(input.sources).length) entry.sources = input.sources;
    await this.store.create(record, entry);
    // A queue error leaves the job `queued`, never `failed`: the add may have landed although its answer was lost
    // (a timeout, a failover), and a job its queue does not hold is enqueued again (ensure, requeueWaiting).
    await queuedWith(this.queue.enqueue(ticketOf(record)), alongside);
    return record;
  }

  /**
   * The job `input.jobId` names, created and enqueued once whatever the number of calls: an existing
   * record is returned (and put on the queue again while still `queued`: the queue ignores an id it
   * holds, and a record written by a process that died or failed before enqueueing it is run). Throws
   * only when the job could not be made sure of; calling it again then finishes the work. The request is the
   * paid order's, validated by its pipeline when it was ordered. `alongside` (the payment marked settled) runs once
   * the job is recorded with its queue entry, so durable whatever becomes of the queue add, at the same time as that
   * add; both are awaited (on a failure both are tried again, so it must be idempotent).
   */
  async ensure(input: AcceptJob & { jobId: string }, alongside?: () => Promise<void>): Promise<JobRecord> {
    // Written first, read only when that fails: the store writes a new record only where none exists, and a paid
    // request's first call (the common one) saves the read before its 202.
    let existing: JobRecord | null;
    try {
      return await this.create(input, alongside);
    } catch (err) {
      // There already, or written although the write or the enqueue failed (its answer lost, or raced by another
      // process): enqueued below.
      existing = await this.store.get(input.jobId);
      if (!existing) throw err;
    }
    await queuedWith(existing.status === 'queued' ? this.queue.enqueue(ticketOf(existing)) : Promise.resolve(), alongside);
    return existing;
  }

  /**
   * Enqueues every job still `queued` since before `before` that its queue is not about to run: its writer died
   * between the record and the queue entry, the entry was lost, or it ended without the record hearing of it (a
   * failover lost the record's writes). So too every job recorded `processing` since before `before` that its queue
   * no longer runs: its queue entry ended (or was lost) while the record of its end was lost, and a paid job must
   * end in its result. Returns how many.
   */
  async requeueWaiting(before: number): Promise<number> {
    let requeued = 0;
    const unfinished = [
      ...(await this.store.waiting(before, 100)).map((id) => ({ id, status: 'queued' })),
      ...(await this.store.running(before, 100)).map((id) => ({ id, status: 'processing' })),
    ];
    for (const { id, status } of unfinished) {
      const record = await this.store.get(id); // small while unfinished; the entry (images included) stays in the store
      if (record?.status === status && (await this.queue.enqueueAgain(ticketOf(record)))) requeued++;
    }
    return requeued;
  }

  /** Runs requeueWaiting every `everyMs` for jobs queued longer than `afterMs`, until the returned stop is called. */
  startRequeuer(everyMs: number, afterMs: number, onError: (err: Error) => void): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.requeueWaiting(Date.now() - afterMs)
        .catch(onError)
        .finally(() => (running = false));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  get(id: string): Promise<JobRecord | null> {
    return this.store.get(id);
  }

  /** The job a client names (any case), or null when the id is unknown, expired or not a job id at all. */
  async find(id: string): Promise<JobRecord | null> {
    return JOB_ID.test(id) ? this.store.get(id.toLowerCase()) : null;
  }
}

/** The queue add and `alongside` at once, both settled before the first error (if any) is thrown. */
async function queuedWith(added: Promise<void>, alongside?: () => Promise<void>): Promise<void> {
  const [queued, other] = await Promise.allSettled([added, alongside?.()]);
  if (queued.status === 'rejected') throw queued.reason;
  if (other.status === 'rejected') throw other.reason;
}

function ticketOf(record: JobRecord): QueueTicket {
  return { job_id: record.id, endpoint_path: record.endpoint_path };
}

function callbackField(input: AcceptJob): { callback_url?: string } {
  const url = callbackUrl(input.pipeline.requestSchema, input.request);
  return url ? { callback_url: url } : {};
}
