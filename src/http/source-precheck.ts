import { Inject, Injectable } from '@nestjs/common';
import { ENGINES_CONFIG } from '../config/config.tokens.js';
import type { EnginesConfig } from '../engines/engines.config.js';
import { checkSources } from '../net/source-check.js';
import type { PrecheckRefusal } from '../payments/paywall.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';

export type Precheck = (pipeline: Pipeline, request: Record<string, unknown>) => Promise<PrecheckRefusal | null>;

/**
 * Checked per paid request after its payment is verified and before it is settled: its sources must be
 * reachable (a dead URL is refused, nothing charged). `check` is replaceable (null: none) for tests.
 */
@Injectable()
export class SourcePrecheck {
  check: Precheck | null;

  constructor(@Inject(ENGINES_CONFIG) config: EnginesConfig) {
    const limits = { allowLoopback: config.media.allowLoopback, maxBytes: config.media.maxBytes };
    this.check = (pipeline, body) => checkSources(pipeline, body, limits);
  }
}
