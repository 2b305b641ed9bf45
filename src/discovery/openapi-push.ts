import { callbackField } from '../pipelines/callback-url-keyword.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';

/**
 * The ways a job comes to its caller, in OpenAPI terms: the callback a paid operation with a callback_url
 * makes (an OpenAPI `callbacks` entry), and the server-sent-events stream of a job.
 */
export function jobCallbacks(pipeline: Pipeline): Record<string, unknown> | null {
  const field = callbackField(pipeline.requestSchema);
  if (!field) return null;
  const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({ description, required: true, schema });
  return {
    jobFinished: {
      [`{$request.body#/${field}}`]: {
        post: {
          summary: 'The finished job (complete or failed), posted to callback_url',
          description:
            'Sent once the job is complete or failed, through the address guard, tried up to 3 times (after 1 s and 2 s) on a 5xx, 408, 429, ' +
            'a network error or a 10 s timeout. Verify X-Vidint-Signature (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">, ' +
            "keyed with the 202's callback_secret) before trusting the body, and refuse old timestamps. A failed delivery never fails the job.",
          parameters: [
            {
              name: 'X-Vidint-Signature',
              in: 'header',
              ...header('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by callback_secret>'),
            },
            { name: 'X-Vidint-Job-Id', in: 'header', ...header('The job id', { type: 'string', format: 'uuid' }) },
            { name: 'X-Vidint-Attempt', in: 'header', ...header('1, 2 or 3', { type: 'integer' }) },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } },
          // The receiver is the caller's server: the delivery carries its own signature, no credential of the caller's.
          security: [],
          responses: {
            '2XX': { description: 'Received; any other answer is a failed delivery (5xx, 408 and 429 are tried again)' },
            '4XX': {
              description: 'Refused by the receiver: the delivery ends (408 and 429 are tried again), the job stays at GET /jobs/{id}',
            },
            '5XX': { description: 'The receiver failed: tried again after 1 s and 2 s' },
          },
        },
      },
    },
  };
}

/** GET /jobs/{id}/events: the job's progress and its end as server-sent events. */
export function jobEventsPath(error: (description: string) => unknown, retention: string): Record<string, unknown> {
  return {
    get: {
      operationId: 'getJobEvents',
      summary: "A job's progress and final envelope as server-sent events (free)",
      description:
        '`text/event-stream`: `event: progress` (data: the progress object {step, steps_done, steps_total}) each time it changes, then ' +
        '`event: complete` or `event: failed` (data: the job envelope, as GET /jobs/{id}), and the stream ends. A job that has already ' +
        `finished gets its final event at once. Jobs are kept ${retention} after creation (JOB_RETENTION_SECONDS).`,
      security: [],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': { description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
        '404': error(`Unknown, malformed or expired (jobs are kept for ${retention} after creation)`),
        '503': error(
          'The job store (Redis) is not answering, or this server holds as many open streams as it allows (SSE_MAX_STREAMS): try again after Retry-After, or poll GET /jobs/{id}',
        ),
      },
    },
  };
}
