import { median } from '../imaging/median.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import type { JobDurations } from './job-durations.js';

/** How long a route's figure is served before it is read again from the shared durations. */
const FRESH_MS = 10_000;

interface Typical {
  seconds: number | null;
  readAt: number;
}

/**
 * How long a job of each route typically takes, said truthfully where a client is told (the 202's
 * estimated_completion_seconds, the landing page, the discovery documents, the MCP tools): the median of the
 * latest measured durations, the pipeline's `estimated_seconds` until one is measured. Answered at once from
 * what this process last read; a figure older than FRESH_MS is read again in the background.
 */
export class TypicalDurations {
  private readonly known = new Map<string, Typical>();
  private readonly reading = new Set<string>();

  constructor(private readonly durations: JobDurations) {}

  /** Whole seconds, at least 1. */
  seconds(pipeline: Pipeline): number {
    const known = this.known.get(pipeline.path);
    if (!known || Date.now() - known.readAt > FRESH_MS) this.refresh(pipeline.path);
    return known?.seconds ?? pipeline.estimatedSeconds;
  }

  /** Reads the route's durations now (the background refresh; awaited by whoever needs the figure current). */
  async read(path: string): Promise<void> {
    const recent = await this.durations.recent(path);
    this.known.set(path, { seconds: recent.length ? Math.max(1, Math.ceil(median(recent))) : null, readAt: Date.now() });
  }

  private refresh(path: string): void {
    if (this.reading.has(path)) return;
    this.reading.add(path);
    // A store that cannot answer leaves the last figure (or the pipeline's own) in place: an estimate never fails a request.
    this.read(path)
      .catch(() => undefined)
      .finally(() => this.reading.delete(path));
  }
}
