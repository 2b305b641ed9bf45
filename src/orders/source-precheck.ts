import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { ENGINES_CONFIG, type EnginesConfig } from '../engines/engines.config.js';
import { JOBS_CONFIG, type JobsConfig } from '../jobs/jobs.config.js';
import { blockedHost } from '../net/guarded-post.js';
import type { PrecheckRefusal } from '../payments/paid-request.js';
import { callbackUrl } from '../pipelines/callback-url-keyword.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { createSourceInspector } from '../sources/create-source-inspector.js';
import type { SourceHints } from '../sources/source-hints.js';

/** A refusal of the request's sources (answered with its status, nothing charged), or what the check learnt for the job. */
export type SourceCheck = { refused: PrecheckRefusal } | { sources: SourceHints };

export type Precheck = (pipeline: Pipeline, request: Record<string, unknown>) => Promise<SourceCheck>;

/** A source the check before settlement refuses cannot be processed as sent: 422 Unprocessable Content. */
export const SOURCE_REFUSED_STATUS = 422;

/**
 * Checked per paid request after its payment is verified and before it is settled: every URL a step will
 * fetch (the pipeline's `sources`) is inspected as that step expects it, and the callback_url's host must not
 * resolve to a blocked address. What the inspection learnt goes to the job.
 */
@Injectable()
export class SourcePrecheck {
  readonly check: Precheck;

  constructor(@Inject(ENGINES_CONFIG) config: EnginesConfig, @Inject(JOBS_CONFIG) jobs: JobsConfig, @Inject(LOGGER) logger: Logger) {
    const { media } = config;
    const inspector = createSourceInspector(media, path.join(jobs.workDir, 'sources'));
    this.check = async (pipeline, body) => {
      const urls = sourceUrls(pipeline, body);
      const inspection = await inspector.inspect(urls).catch((err: Error) => {
        logger.error({ err: err.message }, 'source check failed');
        return { refused: `the source could not be checked (${err.message})` };
      });
      if ('refused' in inspection) return { refused: { status: SOURCE_REFUSED_STATUS, error: inspection.refused } };
      const callback = await checkCallback(pipeline, body, media.allowLoopback);
      return callback ? { refused: callback } : { sources: inspection.hints };
    };
  }

  /** Whether the request holds anything the check looks at (a source URL, a callback URL): else it refuses nothing. */
  finds(pipeline: Pipeline, body: Record<string, unknown>): boolean {
    return sourceUrls(pipeline, body).length > 0 || callbackUrl(pipeline.requestSchema, body) !== null;
  }
}

/** The URLs in the request that a step will fetch, each with the kind of source that step expects. */
function sourceUrls(pipeline: Pipeline, body: Record<string, unknown>) {
  return pipeline.sources.flatMap(({ field, kind }) => (typeof body[field] === 'string' ? [{ url: body[field] as string, kind }] : []));
}

/** A callback URL whose host resolves to a blocked address is refused (422) before settlement. */
async function checkCallback(pipeline: Pipeline, body: Record<string, unknown>, allowLoopback: boolean) {
  const url = callbackUrl(pipeline.requestSchema, body);
  const why = url ? await blockedHost(url, allowLoopback) : null;
  return why ? { status: SOURCE_REFUSED_STATUS, error: `the callback_url is refused: ${why}` } : null;
}
