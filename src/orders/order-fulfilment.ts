import { Inject, Injectable } from '@nestjs/common';
import type { Receipt } from '../chains/receipt.js';
import { JobService } from '../jobs/job.service.js';
import type { Fulfilment } from '../payments/fulfilment.js';
import type { Order, PrecheckResult } from '../payments/paid-request.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import { PIPELINES } from '../pipelines/pipelines.tokens.js';
import { JobOrder } from './job-order.js';
import { SourcePrecheck } from './source-precheck.js';

/**
 * What a paid order becomes, for the settlement service (FULFILMENT): before settlement its sources are checked
 * (what the check learns rides in the order to the job); once settled, its one job is made sure of. The live request
 * and the reconciler go through the same `fulfil`.
 */
@Injectable()
export class OrderFulfilment implements Fulfilment {
  constructor(
    private readonly sources: SourcePrecheck,
    private readonly jobs: JobService,
    @Inject(PIPELINES) private readonly pipelines: PipelineRegistry,
  ) {}

  async precheck(order: Order): Promise<PrecheckResult> {
    const job = JobOrder.of(order, this.pipelines);
    const check = this.sources.check;
    if (!check) return { order: job };
    const checked = await check(job.pipeline, job.request);
    return 'refused' in checked ? checked : { order: job.withSources(checked.sources) };
  }

  checks(order: Order): boolean {
    const { pipeline, request } = JobOrder.of(order, this.pipelines);
    return this.sources.finds(pipeline, request);
  }

  async fulfil(order: Order, jobId: string, receipt: Receipt, alongside: () => Promise<void>): Promise<void> {
    const { pipeline, request, affiliateId, sources } = JobOrder.of(order, this.pipelines);
    await this.jobs.ensure({ pipeline, request, receipt, affiliateId, jobId, sources }, alongside);
  }
}
