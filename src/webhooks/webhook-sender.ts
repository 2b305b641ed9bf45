import pRetry, { AbortError } from 'p-retry';
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

  /** Tries at most `attempts` times (p-retry: `backoffMs`, then doubled), stopping at an answer that is final. */
  private async deliver(url: string, record: JobRecord): Promise<void> {
    const { attempts = 3, backoffMs = 1000, logger } = this.opts;
    const log = logger.child({ job_id: record.id, callback_host: hostOf(url) });
    const body = JSON.stringify(jobEnvelope(record));
    const key = callbackKey(this.opts.secret, record.id);
    try {
      const { attempt, status } = await pRetry((attempt) => this.post(url, body, key, record.id, attempt), {
        retries: attempts - 1,
        factor: 2,
        minTimeout: backoffMs,
        randomize: false,
        onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
          if (retriesLeft > 0) log.info({ attempt: attemptNumber, reason: error.message }, 'callback failed; trying again');
        },
      });
      if (status >= 200 && status < 300) log.info({ attempt, status }, 'callback delivered');
      else log.warn({ attempt, status }, 'callback refused by the receiver; not retried');
    } catch (err) {
      if (err instanceof FetchRefused) return log.warn({ reason: err.message }, 'callback blocked by the address guard');
      log.warn({ attempt: attempts, reason: (err as Error).message }, 'callback not delivered; giving up');
    }
  }

  /**
   * One signed POST. Resolves with a final answer (2xx, or a status not worth another try); rejects with a reason
   * to try again (5xx, 408, 429, the network, the timeout), or with an AbortError around a refusal of the guard.
   */
  private async post(url: string, body: string, key: string, jobId: string, attempt: number): Promise<{ attempt: number; status: number }> {
    const headers = { [SIGNATURE_HEADER]: signDelivery(key, body), 'X-Vidint-Job-Id': jobId, 'X-Vidint-Attempt': String(attempt) };
    let status: number;
    try {
      status = await guardedPost(url, body, { allowLoopback: this.opts.allowLoopback, timeoutMs: this.opts.timeoutMs ?? 10_000, headers });
    } catch (err) {
      if (err instanceof FetchRefused) throw new AbortError(err);
      throw new Error((err as NodeJS.ErrnoException).code ?? (err as Error).message);
    }
    if (RETRIED(status)) throw new Error(`HTTP ${status}`);
    return { attempt, status };
  }
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'invalid';
}
