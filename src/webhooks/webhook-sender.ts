import type { Logger } from 'pino';
import type { JobRecord } from '../jobs/job.types.js';
import { jobEnvelope } from '../jobs/job-envelope.js';
import { guardedPost } from '../net/guarded-post.js';
import { FetchRefused } from '../net/safe-fetch.js';
import { callbackKey, SIGNATURE_HEADER, signDelivery } from './webhook-signature.js';

export interface WebhookSenderOptions {
  /** The deployment's WEBHOOK_SECRET (loaded), from which each job's signing key derives. */
  secret: string;
  /** FETCH_ALLOW_LOOPBACK: callbacks may reach 127.0.0.1 and ::1 (tests). */
  allowLoopback: boolean;
  logger: Logger;
  /** Tries per delivery (default 3). */
  attempts?: number;
  /** Wait before the second try; doubled before each later one (default 1000 ms). */
  backoffMs?: number;
  /** One try's time limit (default 10 s). */
  timeoutMs?: number;
}

/** Statuses worth another try: the receiver may answer later. Any other non-2xx is final. */
const RETRIED = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Posts a finished job's envelope to its callback_url, signed (X-Vidint-Signature) with the job's key,
 * through the address guard, trying again after a 5xx, 408, 429, a network error or a timeout. Deliveries
 * run in the background: the worker goes on with its next job, and a failed delivery never fails the job.
 */
export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly opts: WebhookSenderOptions) {}

  /** Starts the delivery of `record`'s envelope (when it has a callback_url) and returns at once. */
  notify(record: JobRecord): void {
    if (!record.callback_url) return;
    const delivery = this.deliver(record.callback_url, record).catch((err) =>
      this.opts.logger.error({ err, job_id: record.id }, 'callback crashed'),
    );
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** Waits up to `ms` for the deliveries under way (shutdown). */
  async drain(ms: number): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([Promise.allSettled([...this.inFlight]), limit]);
    clearTimeout(timer);
  }

  private async deliver(url: string, record: JobRecord): Promise<void> {
    const { attempts = 3, backoffMs = 1000, timeoutMs = 10_000, allowLoopback, logger } = this.opts;
    const log = logger.child({ job_id: record.id, callback_host: hostOf(url) });
    const body = JSON.stringify(jobEnvelope(record));
    const key = callbackKey(this.opts.secret, record.id);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const headers = { [SIGNATURE_HEADER]: signDelivery(key, body), 'X-Vidint-Job-Id': record.id, 'X-Vidint-Attempt': String(attempt) };
      let why: string;
      try {
        const status = await guardedPost(url, body, { allowLoopback, timeoutMs, headers });
        if (status >= 200 && status < 300) return log.info({ attempt, status }, 'callback delivered');
        why = `HTTP ${status}`;
        if (!RETRIED(status)) return log.warn({ attempt, status }, 'callback refused by the receiver; not retried');
      } catch (err) {
        if (err instanceof FetchRefused) return log.warn({ reason: err.message }, 'callback blocked by the address guard');
        why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      }
      if (attempt === attempts) return log.warn({ attempt, reason: why }, 'callback not delivered; giving up');
      log.info({ attempt, reason: why }, 'callback failed; trying again');
      await new Promise((r) => setTimeout(r, backoffMs * 2 ** (attempt - 1)));
    }
  }
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'invalid';
}
