import { dueSignal } from '../../timing/due-timer.js';
import { KnownFailure } from '../known-failure.js';
import type { ClaimReview, FactCheckSearch } from './fact-check.port.js';

/** The search's answer as the API documents it; a compatible service may leave any field out. */
interface SearchAnswer {
  claims?: Array<{ text?: string; claimant?: string; claimReview?: Array<Review | null> }>;
}
interface Review {
  publisher?: { name?: string; site?: string };
  url?: unknown;
  title?: string;
  textualRating?: unknown;
}
/** A review this service can cite: it has an address and a rating. */
const citable = (r: Review | null): r is Review & { url: string; textualRating: string } =>
  typeof r?.url === 'string' && typeof r?.textualRating === 'string';

/**
 * The Google Fact Check Tools API (`GET {url}?query=...&key=...&languageCode=en`, as at
 * https://factchecktools.googleapis.com/v1alpha1/claims:search), or any service answering in its shape:
 * `{claims: [{text, claimant, claimReview: [{publisher: {name, site}, url, title, textualRating}]}]}`.
 */
export class FactCheckToolsSearch implements FactCheckSearch {
  readonly name: string;

  constructor(private readonly opts: { url: string; apiKey: string | null }) {
    this.name = `fact-check search at ${new URL(opts.url).host}`;
  }

  async search(query: string, signal: AbortSignal): Promise<ClaimReview[]> {
    const url = new URL(this.opts.url);
    url.searchParams.set('query', query.slice(0, 300));
    url.searchParams.set('languageCode', 'en');
    url.searchParams.set('pageSize', '5');
    if (this.opts.apiKey) url.searchParams.set('key', this.opts.apiKey);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.any([signal, dueSignal(20_000)]) });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new KnownFailure(`the fact-check search could not be reached (${(err as Error).message})`, { transient: true });
    }
    if (!res.ok)
      throw new KnownFailure(`the fact-check search answered HTTP ${res.status}`, { transient: res.status >= 500 || res.status === 429 });
    const body = (await res.json().catch(() => ({}))) as SearchAnswer;
    return (body.claims ?? []).flatMap((c) =>
      (c.claimReview ?? []).filter(citable).map((r) => ({
        claim: String(c.text ?? ''),
        claimant: c.claimant ? String(c.claimant) : null,
        publisher: String(r.publisher?.name ?? r.publisher?.site ?? new URL(r.url).host),
        rating: String(r.textualRating),
        url: String(r.url),
        title: r.title ? String(r.title) : null,
      })),
    );
  }
}
