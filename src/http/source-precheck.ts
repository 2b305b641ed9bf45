import { Inject, Injectable } from '@nestjs/common';
import { ENGINES_CONFIG } from '../config/config.tokens.js';
import type { EnginesConfig } from '../engines/engines.config.js';
import { blockedHost } from '../net/guarded-post.js';
import type { PrecheckRefusal } from '../payments/paywall.js';
import { callbackUrl } from '../pipelines/callback-url-keyword.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { checkSources, SOURCE_REFUSED_STATUS } from '../pipelines/source-check.js';

export type Precheck = (pipeline: Pipeline, request: Record<string, unknown>) => Promise<PrecheckRefusal | null>;

/**
 * Checked per paid request after its payment is verified and before it is settled: its sources must be
 * reachable (a dead URL is refused, nothing charged), and its callback_url's host must not resolve to a
 * blocked address. `check` is replaceable (null: none) for tests.
 */
@Injectable()
export class SourcePrecheck {
  check: Precheck | null;

  constructor(@Inject(ENGINES_CONFIG) config: EnginesConfig) {
    const limits = { allowLoopback: config.media.allowLoopback, maxBytes: config.media.maxBytes };
    this.check = async (pipeline, body) =>
      (await checkSources(pipeline, body, limits)) ?? (await checkCallback(pipeline, body, limits.allowLoopback));
  }
}

/** A callback URL whose host resolves to a blocked address is refused (422) before settlement. */
async function checkCallback(pipeline: Pipeline, body: Record<string, unknown>, allowLoopback: boolean): Promise<PrecheckRefusal | null> {
  const url = callbackUrl(pipeline.requestSchema, body);
  const why = url ? await blockedHost(url, allowLoopback) : null;
  return why ? { status: SOURCE_REFUSED_STATUS, error: `the callback_url is refused: ${why}` } : null;
}
