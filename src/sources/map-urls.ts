/**
 * Which URLs are map-service place pages, and what they say about the place before any download.
 * Known services are recognised by host; `extraHosts` (MAP_SERVICE_HOSTS) adds self-hosted front-ends.
 */
export type MapUrlKind = 'place' | 'short_link';

const SHORT_LINK_HOSTS = ['maps.app.goo.gl', 'goo.gl', 'g.co', 'g.page', 'maps.apple', 'kko.to', 'naver.me', 'yandex.com/maps/-'];

export interface MapUrl {
  kind: MapUrlKind;
  service: string;
  /** The place's name as the URL spells it (/maps/place/<name>/, ?q=), if any. */
  name: string | null;
  /** A Google place id (ChIJ...) when the URL carries one. */
  placeId: string | null;
}

export function readMapUrl(raw: string, extraHosts: string[] = []): MapUrl | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const path = url.pathname;
  const q = url.searchParams;
  const placeId =
    q.get('query_place_id') ?? q.get('place_id') ?? /place_id:([A-Za-z0-9_-]+)/.exec(decodeURIComponent(url.search))?.[1] ?? null;
  const nameFromPath = /\/maps\/place\/([^/@]+)/.exec(path)?.[1];
  const name = nameFromPath ? decodeURIComponent(nameFromPath.replace(/\+/g, ' ')) : (q.get('q') ?? q.get('query') ?? null);

  if (
    SHORT_LINK_HOSTS.some((h) => (h.includes('/') ? `${host}${path}`.startsWith(h) : host === h)) &&
    (host !== 'goo.gl' || path.startsWith('/maps'))
  ) {
    return { kind: 'short_link', service: 'short link', name: null, placeId: null };
  }
  const google = /^(maps\.)?google\.[a-z.]+$/.test(host) && (host.startsWith('maps.') || path.startsWith('/maps'));
  if (google && (path.includes('/place/') || placeId || q.get('cid') || q.get('q') || q.get('query')))
    return { kind: 'place', service: 'Google Maps', name, placeId };
  if (host === 'maps.apple.com' && (q.get('q') || q.get('address') || q.get('place-id') || q.get('auid')))
    return { kind: 'place', service: 'Apple Maps', name: q.get('q'), placeId: null };
  if (host === 'openstreetmap.org' && /^\/(node|way|relation)\/\d+/.test(path))
    return { kind: 'place', service: 'OpenStreetMap', name: null, placeId: null };
  if (/^bing\.com$/.test(host) && path.startsWith('/maps') && (q.get('q') || q.get('cp')))
    return { kind: 'place', service: 'Bing Maps', name: q.get('q'), placeId: null };
  if (extraHosts.includes(host) || extraHosts.includes(url.host.toLowerCase())) {
    if (path.includes('/place/') || placeId || q.get('cid') || q.get('q')) return { kind: 'place', service: host, name, placeId };
    return { kind: 'short_link', service: host, name: null, placeId: null };
  }
  return null;
}
