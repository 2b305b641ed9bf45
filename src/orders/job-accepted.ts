import { callbackUrl } from '../pipelines/callback-url-keyword.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { callbackKey } from '../webhooks/webhook-signature.js';

/** Seconds a client is told to wait between polls of a job (Retry-After). */
export const POLL_SECONDS = 3;

/** The answer to a settled paid request (the 202 body over HTTP, the tool result over MCP). */
export interface JobAccepted {
  job_id: string;
  poll_url: string;
  status: 'queued';
  estimated_completion_seconds: number;
  callback_secret?: string;
}

export function jobAccepted(
  pipeline: Pipeline,
  jobId: string,
  base: string,
  body: Record<string, unknown>,
  webhookSecret: string,
  /** How long such a job typically takes (TypicalDurations). */
  typicalSeconds: number,
): JobAccepted {
  return {
    job_id: jobId,
    poll_url: `${base}/jobs/${jobId}`,
    // Always `queued` (docs/design.md, Decisions, and the JobAccepted schema): the job's own state is read at poll_url,
    // and a fast worker may already be running it.
    status: 'queued' as const,
    estimated_completion_seconds: typicalSeconds,
    // The key that verifies this job's callback deliveries, given to the payer only (docs/operating.md, callbacks).
    ...(callbackUrl(pipeline.requestSchema, body) ? { callback_secret: callbackKey(webhookSecret, jobId) } : {}),
  };
}
