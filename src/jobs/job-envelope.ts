import type { JobRecord } from './job.types.js';

/** The public job resource (docs/design.md, Decisions): both id spellings, epoch-ms times. */
export function jobEnvelope(r: JobRecord): Record<string, unknown> {
  return {
    id: r.id,
    job_id: r.id,
    endpoint_path: r.endpoint_path,
    status: r.status,
    created_at: r.created_at,
    ...(r.completed_at !== undefined ? { completed_at: r.completed_at } : {}),
    cost_usd: r.cost_usd,
    progress: r.progress,
    ...(r.status === 'complete' ? { result: r.result } : {}),
    ...(r.status === 'failed' ? { error: r.error } : {}),
    receipt: r.receipt,
    ...(r.affiliate_id ? { affiliate_id: r.affiliate_id } : {}),
    engines: r.engines,
    warnings: r.warnings ?? [],
    steps: r.steps ?? [],
  };
}
