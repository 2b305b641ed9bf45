import pMemoize from 'p-memoize';
import { dueSignal } from '../timing/due-timer.js';
import { devnetSampleName } from './devnet-samples.js';
import { inspectImage } from './image-source.js';
import { inspectPlacePage } from './place-source.js';
import type { SourceHint, SourceHints } from './source-hints.js';
import type { SourceKind } from './source-kind.js';
import { SourceRefused } from './source-refused.js';
import { inspectVideo, type VideoSourceDeps } from './video-source.js';

export interface SourceInspectorDeps extends VideoSourceDeps {
  /** The budget of one source's check, from its start; a source that cannot be checked within it is refused (nothing is charged). */
  timeoutMs: number;
  /** Devnet mode: the service's own sample media are sources (read from samples/, not fetched). */
  devnetSamples: boolean;
}

/** One URL of the request to inspect, as the step that fetches it expects it. */
export interface SourceToInspect {
  url: string;
  kind: SourceKind;
}

/** The request may go on to settlement, with what the job is to be told; or it is refused, saying why. */
export type Inspection = { hints: SourceHints } | { refused: string };

/**
 * The check of a paid request's sources before its payment settles: each fetched
 * URL is inspected as its step expects it (a video, an image, a map page), all at once, each within the time
 * budget. What is known to fail is refused; so is what cannot be checked in time: when in doubt, the payer
 * keeps the money.
 */
export class SourceInspector {
  /**
   * One check per source at a time, whoever asks: a request naming a source already being
   * checked, by a resend or by another payment, waits for that check instead of starting its own.
   */
  private readonly checkOnce = pMemoize((url: string, kind: SourceKind) => this.checkWithinBudget(url, kind), {
    cacheKey: ([url, kind]) => `${kind} ${url}`,
    cache: false,
  });

  constructor(private readonly deps: SourceInspectorDeps) {}

  async inspect(sources: SourceToInspect[]): Promise<Inspection> {
    const hints: SourceHints = {};
    try {
      await Promise.all(
        sources.map(async ({ url, kind }) => {
          const hint = await this.checkOnce(url, kind);
          if (hint) hints[url] = hint;
        }),
      );
      return { hints };
    } catch (err) {
      if (err instanceof SourceRefused) return { refused: err.message };
      throw err;
    }
  }

  /**
   * One source's check within the budget, counted from the check's start: a request that joins a check under way is
   * answered within its own budget too, since that check started before it arrived.
   */
  private async checkWithinBudget(url: string, kind: SourceKind): Promise<SourceHint | null | undefined> {
    const signal = dueSignal(this.deps.timeoutMs);
    try {
      return await this.inspectOne(url, kind, signal);
    } catch (err) {
      if (err instanceof SourceRefused || !signal.aborted) throw err;
      // The payment's answer is kept until it expires, so only a new payment can ask again.
      throw new SourceRefused(
        `the source could not be checked within ${this.deps.timeoutMs / 1000} s (it answers too slowly); try again later with a new payment`,
      );
    }
  }

  private async inspectOne(url: string, kind: SourceKind, signal: AbortSignal): Promise<SourceHint | null | undefined> {
    const sample = this.deps.devnetSamples && kind !== 'map' ? devnetSampleName(url) : null;
    if (sample) return { kind: 'sample', name: sample };
    if (kind === 'video') return inspectVideo(url, this.deps, signal);
    if (kind === 'image') return void (await inspectImage(url, this.deps, signal));
    return void (await inspectPlacePage(url, this.deps, signal));
  }
}
