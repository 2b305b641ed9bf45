import { type FetchedBytes, FetchRefused, FetchTooLarge } from '../../engines/download/download.port.js';
import { KnownFailure } from '../../engines/known-failure.js';
import { dueSignal } from '../../timing/due-timer.js';
import type { StepContext } from '../step.js';

export interface DownloadOptions {
  maxBytes: number;
  /** How errors name the URL, e.g. "the image URL"; the URL itself by default. */
  label?: string;
  /** The error for a body over `maxBytes`; without it, that counts as the URL not being reachable. */
  tooLarge?: string;
  accept?: string;
}

/**
 * A bounded download for a step through the web port (the address guard on every hop), within
 * FETCH_TIMEOUT_SECONDS; a blocked address, an unreachable host (transient) and an oversized body become
 * KnownFailures a user can read.
 */
export async function download(url: string, ctx: StepContext, opts: DownloadOptions): Promise<FetchedBytes> {
  const { fetchTimeoutSeconds } = ctx.tools.limits;
  const label = opts.label ?? url;
  try {
    return await ctx.tools.web.fetchBytes(url, {
      signal: AbortSignal.any([ctx.signal, dueSignal(fetchTimeoutSeconds * 1000)]),
      maxBytes: opts.maxBytes,
      ...(opts.accept ? { headers: { accept: opts.accept } } : {}),
    });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    if (err instanceof FetchRefused) throw new KnownFailure(`${label} is blocked: ${err.message}`);
    if (err instanceof FetchTooLarge && opts.tooLarge) throw new KnownFailure(opts.tooLarge);
    throw new KnownFailure(`${label} could not be reached (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, {
      transient: true,
    });
  }
}
