import { parse } from 'node-html-parser';
import { isJsonLdNode, isType, type JsonLdNode, type Page } from '../../sources/html-page.js';

/** Map and restaurant pages are HTML of at most this size. */
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PAGE_ACCEPT = 'text/html,application/xhtml+xml,image/*;q=0.8,*/*;q=0.5';

/** schema.org types a restaurant page uses (FoodEstablishment and its subtypes, or a plain LocalBusiness). */
const PLACE_TYPES = [
  'Restaurant',
  'FoodEstablishment',
  'LocalBusiness',
  'CafeOrCoffeeShop',
  'BarOrPub',
  'Bakery',
  'FastFoodRestaurant',
  'IceCreamShop',
  'Winery',
  'Brewery',
  'Distillery',
];

export interface PlaceData {
  name: string;
  address: string | null;
  /** As the page writes it: an ISO code or a country name. */
  country: string | null;
  website: string | null;
  /** schema.org hasMenu/menu: a URL, or a Menu object. */
  menu: string | JsonLdNode | null;
  servesCuisine: string | null;
}

/** The restaurant a page describes, from its JSON-LD; else from Open Graph tags ("Name · Address", as map services write them). */
export function readPlace(page: Page): PlaceData | null {
  const p = page.jsonLd.find((o) => isType(o, ...PLACE_TYPES));
  if (p?.name) {
    const a = p.address;
    const address =
      typeof a === 'string'
        ? a
        : isJsonLdNode(a)
          ? [a.streetAddress, [a.postalCode, a.addressLocality].filter(Boolean).join(' '), a.addressRegion, countryName(a.addressCountry)]
              .filter(Boolean)
              .join(', ')
          : null;
    return {
      name: String(p.name).trim(),
      address: address || null,
      country: isJsonLdNode(a) ? countryName(a.addressCountry) : null,
      website: ownSite(p, page.url),
      menu: menuOf(p.hasMenu ?? p.menu ?? null, page.url),
      servesCuisine: [p.servesCuisine].flat().filter(Boolean).join(', ') || null,
    };
  }
  const title = page.meta('og:title');
  if (!title) return null;
  const [name, ...rest] = title.split(' · ');
  return { name: name.trim(), address: rest.join(' · ').trim() || null, country: null, website: null, menu: null, servesCuisine: null };
}

/** hasMenu as a URL (made absolute) or a Menu object; of a list, the first. */
function menuOf(menu: unknown, pageUrl: URL): string | JsonLdNode | null {
  if (typeof menu === 'string') return new URL(menu, pageUrl).toString();
  const first = Array.isArray(menu) ? menu[0] : menu;
  return typeof first === 'string' || isJsonLdNode(first) ? first : null;
}

/** schema.org `url` is the restaurant's own site, unless it is this very page; else `sameAs`. */
function ownSite(place: JsonLdNode, pageUrl: URL): string | null {
  const url = typeof place.url === 'string' ? new URL(place.url, pageUrl).href : null;
  if (url && url !== pageUrl.href) return url;
  return typeof place.sameAs === 'string' ? place.sameAs : null;
}

/** schema.org addressCountry: a name or code, or a Country object with a name or identifier. */
function countryName(c: unknown): string | null {
  if (typeof c === 'string') return c || null;
  return isJsonLdNode(c) ? textOf(c.name ?? c.identifier) : null;
}

/** A JSON-LD value written as text (numbers too); absent stays null. */
function textOf(v: unknown): string | null {
  return v === undefined || v === null ? null : String(v);
}

export interface NativeItem {
  name: string;
  description: string | null;
  /** As written: "12.50", "€12", "1.200" (currency symbol kept). */
  priceText: string | null;
  /** schema.org priceCurrency when given. */
  currency: string | null;
}
export interface NativeCategory {
  name: string;
  items: NativeItem[];
}

/** The categories and items of a schema.org Menu (hasMenuSection, nested sections, hasMenuItem, offers). */
export function readMenu(menu: JsonLdNode): NativeCategory[] {
  const categories: NativeCategory[] = [];
  const nodes = (list: unknown) => [list ?? []].flat().filter(isJsonLdNode);
  const items = (list: unknown): NativeItem[] =>
    nodes(list)
      .filter((i) => i.name)
      .map((i) => {
        const offer = nodes(i.offers)[0] ?? {};
        const spec = isJsonLdNode(offer.priceSpecification) ? offer.priceSpecification : {};
        return {
          name: String(i.name).trim(),
          description: i.description ? String(i.description).trim() : null,
          priceText: textOf(offer.price ?? spec.price),
          currency: textOf(offer.priceCurrency ?? spec.priceCurrency),
        };
      });
  const walk = (section: JsonLdNode, name: string) => {
    const own = items(section.hasMenuItem);
    if (own.length) categories.push({ name, items: own });
    for (const sub of nodes(section.hasMenuSection)) walk(sub, sub.name ? String(sub.name).trim() : name);
  };
  walk(menu, menu.name ? String(menu.name).trim() : 'Menu');
  return categories;
}

/** The first schema.org Menu among a page's JSON-LD (standalone, or a restaurant's hasMenu object). */
export function findMenuData(page: Page): JsonLdNode | null {
  const direct = page.jsonLd.find((o) => isType(o, 'Menu'));
  if (direct) return direct;
  for (const o of page.jsonLd)
    for (const m of [o.hasMenu ?? o.menu ?? []].flat()) if (isJsonLdNode(m) && (m.hasMenuSection || m.hasMenuItem)) return m;
  return null;
}

/** Visible text of a page, one line per block element (for menus written as plain HTML). The page is left as it is. */
export function visibleLines(page: Page): string[] {
  const body = page.root.querySelector('main') ?? page.root.querySelector('body') ?? page.root;
  // Work on a copy: navigation and scripts are dropped here, but menuLinks still needs the page's nav.
  const copy = parse(body.outerHTML);
  copy.querySelectorAll('script, style, nav, header, footer, noscript').forEach((e) => e.remove());
  const html = copy.innerHTML.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/dt|\/dd)[^>]*>/gi, '\n');
  return parse(html)
    .textContent.split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Links whose text or address says "menu" (in the languages restaurants use most). */
export function menuLinks(page: Page): string[] {
  const words = /\b(menu|menus|menú|carta|carte|speisekarte|karte|cardápio|menukaart|メニュー|菜单|메뉴|food|drinks)\b/i;
  return page.root
    .querySelectorAll('a[href]')
    .filter((a) => words.test(a.textContent) || words.test(a.getAttribute('href') ?? ''))
    .map((a) => new URL(a.getAttribute('href')!, page.url).toString())
    .filter((u, i, all) => /^https?:/.test(u) && all.indexOf(u) === i);
}

/** Images that show a menu: named or described as one. */
export function menuImages(page: Page): string[] {
  const words = /(menu|menú|carta|carte|speisekarte|karte|cardápio|メニュー|菜单|메뉴)/i;
  return page.root
    .querySelectorAll('img[src]')
    .filter((img) => words.test(img.getAttribute('alt') ?? '') || words.test(img.getAttribute('src') ?? ''))
    .map((img) => new URL(img.getAttribute('src')!, page.url).toString());
}
