import { dueSignal } from '../../timing/due-timer.js';
import { type PlaceDetails, type PlaceDirectory, PlaceDirectoryError } from './places.port.js';

/** A place as the Places API writes it, the fields of FIELDS only; an answer may leave any of them out. */
interface ApiPlace {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  addressComponents?: Array<{ shortText?: string; types?: string[] }>;
  websiteUri?: string;
  photos?: Array<{ name?: string }>;
}

const FIELDS = ['id', 'displayName', 'formattedAddress', 'addressComponents', 'websiteUri', 'photos'];

/**
 * Google's Places API (New): place details by id, a text search when the URL names the place instead, and
 * photo media. Called over HTTPS with the key in `X-Goog-Api-Key` and a field mask (billing follows it).
 */
export class PlacesApi implements PlaceDirectory {
  readonly name: string;

  constructor(private readonly opts: { url: string; apiKey: string; timeoutSeconds: number }) {
    this.name = `Places API at ${new URL(opts.url).host}`;
  }

  async details(placeId: string, signal: AbortSignal): Promise<PlaceDetails> {
    const body = await this.call<ApiPlace>(
      `/places/${encodeURIComponent(placeId)}`,
      { method: 'GET', headers: { 'X-Goog-FieldMask': FIELDS.join(',') } },
      signal,
    );
    return toDetails(body);
  }

  /** The best match of a text query (a place's name and town), or null. */
  async search(text: string, signal: AbortSignal): Promise<PlaceDetails | null> {
    const body = await this.call<{ places?: ApiPlace[] }>(
      '/places:searchText',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Goog-FieldMask': FIELDS.map((f) => `places.${f}`).join(',') },
        body: JSON.stringify({ textQuery: text, pageSize: 1 }),
      },
      signal,
    );
    return body.places?.[0] ? toDetails(body.places[0]) : null;
  }

  /** A short-lived URL of a photo's bytes. */
  async photoUrl(photoName: string, signal: AbortSignal): Promise<string> {
    const body = await this.call<{ photoUri?: string }>(
      `/${photoName}/media?maxWidthPx=1600&skipHttpRedirect=true`,
      { method: 'GET', headers: {} },
      signal,
    );
    if (!body.photoUri) throw new Error('the Places API answered without a photoUri');
    return body.photoUri;
  }

  /** The answer's JSON, typed as the API documents it for `path` (an unparsable body reads as {}). */
  private async call<T extends object>(
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
    signal: AbortSignal,
  ): Promise<T> {
    const res = await fetch(`${this.opts.url}${path}`, {
      ...init,
      headers: { ...init.headers, 'X-Goog-Api-Key': this.opts.apiKey },
      signal: AbortSignal.any([signal, dueSignal(this.opts.timeoutSeconds * 1000)]),
    });
    const body = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!res.ok) {
      const detail = body?.error?.message ? `: ${body.error.message}` : '';
      throw new PlaceDirectoryError(`the Places API answered HTTP ${res.status}${detail}`, res.status);
    }
    return body;
  }
}

function toDetails(p: ApiPlace): PlaceDetails {
  const country = (p.addressComponents ?? []).find((c) => c.types?.includes('country'))?.shortText ?? null;
  return {
    id: String(p.id),
    name: String(p.displayName?.text ?? ''),
    address: p.formattedAddress ?? null,
    country,
    website: p.websiteUri ?? null,
    photos: (p.photos ?? []).map((ph) => String(ph.name)).filter(Boolean),
  };
}
