import { KnownFailure } from '../../engines/known-failure.js';
import { type PlaceDetails, type PlaceDirectory, PlaceDirectoryError } from '../../engines/places/places.port.js';
import { readPage } from '../../sources/html-page.js';
import { type MapUrl, readMapUrl } from '../../sources/map-urls.js';
import { download } from '../shared/download.js';
import { loadKnowledge } from '../shared/knowledge.js';
import { defineStep, type StepContext } from '../step.js';
import type { ResolvedPlace } from './menu.types.js';
import { type CurrencyTable, countryCode, countryFromAddress } from './prices.js';
import { resolvePlaceSpec } from './resolve-place.spec.js';
import { PAGE_ACCEPT, PAGE_MAX_BYTES, type PlaceData, readPlace } from './structured-data.js';

export const resolvePlaceStep = defineStep<{ url: string }, ResolvedPlace>({
  ...resolvePlaceSpec,
  async run(input, ctx) {
    const { extraHosts, places } = ctx.tools.maps;
    const first = readMapUrl(input.url, extraHosts);
    if (!first) {
      throw new KnownFailure(
        `${input.url} is not a map-service place URL: send the link of the restaurant on Google Maps, Apple Maps, OpenStreetMap or Bing Maps (short links such as maps.app.goo.gl work)`,
      );
    }
    const page = await download(input.url, ctx, { maxBytes: PAGE_MAX_BYTES, accept: PAGE_ACCEPT });
    const final = first.kind === 'place' ? first : readMapUrl(page.url.toString(), extraHosts);
    if (final?.kind !== 'place') throw new KnownFailure(`the short link leads to ${page.url}, which is not a map-service place page`);
    const table = await loadKnowledge<CurrencyTable>(ctx.tools.paths.knowledgeDir, 'currencies.yaml');
    const found: PageFound = {
      sourceUrl: page.url.toString(),
      status: page.status,
      parsed: page.status < 400 ? readPlace(readPage(page.body.toString('utf8'), page.url)) : null,
    };
    return places ? fromPlacesApi(places, final, found, table, ctx) : fromPlacePage(found, table, ctx);
  },
});

/** The place page as fetched: where it ended up, its HTTP status, and the place its structured data names. */
interface PageFound {
  sourceUrl: string;
  status: number;
  parsed: PlaceData | null;
}

/** The place from the Places API: by the place id in the URL, else a text search for the name (and address). */
async function fromPlacesApi(
  places: PlaceDirectory,
  final: MapUrl,
  { sourceUrl, parsed }: PageFound,
  table: CurrencyTable,
  ctx: StepContext,
): Promise<ResolvedPlace> {
  ctx.engine('place', places.name);
  const query = final.name ?? parsed?.name;
  let details: PlaceDetails | null;
  try {
    details = final.placeId
      ? await places.details(final.placeId, ctx.signal)
      : query
        ? await places.search([query, parsed?.address].filter(Boolean).join(', '), ctx.signal)
        : null;
  } catch (err) {
    const status = err instanceof PlaceDirectoryError ? err.status : undefined;
    throw new KnownFailure((err as Error).message, { transient: !status || status >= 500 || status === 429 });
  }
  if (!details) throw new KnownFailure(`the Places API found no place for ${JSON.stringify(query ?? sourceUrl)}`);
  const country = details.country ?? countryFromAddress(table, details.address);
  return {
    restaurant: {
      name: details.name,
      address: details.address,
      country,
      currency: currencyOf(table, country),
      source_url: sourceUrl,
      website: details.website,
    },
    menu_hint: null,
    photos: details.photos,
    via: 'Places API',
    sources: [sourceUrl, `places/${details.id}`],
  };
}

/** The place from the page's own schema.org data (or Open Graph). */
function fromPlacePage({ sourceUrl, status, parsed }: PageFound, table: CurrencyTable, ctx: StepContext): ResolvedPlace {
  if (status >= 400) throw new KnownFailure(`the place page answered HTTP ${status}`);
  if (!parsed)
    throw new KnownFailure(
      `the place page ${sourceUrl} names no place (no schema.org Restaurant data, no og:title); set PLACES_API_KEY to use the Places API`,
    );
  ctx.engine('place', 'place page structured data');
  const country = countryCode(table, parsed.country) ?? countryFromAddress(table, parsed.address);
  return {
    restaurant: {
      name: parsed.name,
      address: parsed.address,
      country,
      currency: currencyOf(table, country),
      source_url: sourceUrl,
      website: parsed.website,
    },
    menu_hint: parsed.menu,
    photos: [],
    via: 'page structured data',
    sources: [sourceUrl],
  };
}

function currencyOf(table: CurrencyTable, country: string | null): string | null {
  return country ? (table.countries[country] ?? null) : null;
}
