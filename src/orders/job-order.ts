import type { Order } from '../payments/paid-request.js';
import type { Pipeline, PipelineSource } from '../pipelines/pipeline.types.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import type { SourceHints } from '../sources/source-hints.js';

/** A JobOrder as recorded with its settlement intent (JSON): its pipeline as the source it was priced under. */
export interface RecordedOrder {
  path: string;
  pipeline: PipelineSource;
  request: Record<string, unknown>;
  affiliateId: string | null;
  sources?: SourceHints;
}

/**
 * What a paid request buys: a run of `pipeline`, in the version that priced it, on `request` as validated (schema
 * defaults filled in), carried as they are from the route's lookup to the job. Recorded (`toJSON`) with the pipeline
 * as its source, so whatever is edited afterwards, a reconciler in any process fulfils what was paid for.
 */
export class JobOrder implements Order {
  constructor(
    readonly pipeline: Pipeline,
    readonly request: Record<string, unknown>,
    readonly affiliateId: string | null,
    /** What the check before settlement learnt of the request's sources, for the steps (see SourceHints). */
    readonly sources?: SourceHints,
  ) {}

  /** The same order with what the source check learnt. */
  withSources(sources: SourceHints): JobOrder {
    return new JobOrder(this.pipeline, this.request, this.affiliateId, sources);
  }

  toJSON(): RecordedOrder {
    const { pipeline, request, affiliateId, sources } = this;
    return { path: pipeline.path, pipeline: pipeline.source, request, affiliateId, ...(sources ? { sources } : {}) };
  }

  /**
   * An order as payments hand it back: the live request's own, or one read back from its record (the reconciler),
   * its pipeline rebuilt from the recorded source. Throws when that pipeline no longer builds here.
   */
  static of(order: Order, pipelines: PipelineRegistry): JobOrder {
    if (order instanceof JobOrder) return order;
    const { path, pipeline: source, request, affiliateId, sources } = order as RecordedOrder;
    const pipeline = pipelines.forJob(source, path);
    if (!pipeline) throw new Error(`no pipeline serves ${path}`);
    return new JobOrder(pipeline, request, affiliateId, sources);
  }
}
