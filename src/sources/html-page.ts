import { type HTMLElement, parse } from 'node-html-parser';

/** A JSON-LD object as a page writes it: any field may be missing or of any JSON type, so each is narrowed where read. */
export type JsonLdNode = Record<string, unknown>;

export function isJsonLdNode(value: unknown): value is JsonLdNode {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A parsed HTML page: its schema.org JSON-LD objects (graphs flattened), meta tags, links and images. */
export interface Page {
  url: URL;
  root: HTMLElement;
  jsonLd: JsonLdNode[];
  meta(name: string): string | null;
}

export function readPage(html: string, url: URL): Page {
  const root = parse(html, { blockTextElements: { script: true, style: false, noscript: false, pre: true } });
  const jsonLd: JsonLdNode[] = [];
  for (const s of root.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      flatten(JSON.parse(s.rawText), jsonLd);
    } catch {
      /* a broken block: other blocks may still hold the data */
    }
  }
  return {
    url,
    root,
    jsonLd,
    meta: (name) =>
      root.querySelector(`meta[property="${name}"]`)?.getAttribute('content') ??
      root.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ??
      null,
  };
}

function flatten(value: unknown, out: JsonLdNode[]): void {
  if (Array.isArray(value)) return value.forEach((v) => flatten(v, out));
  if (!isJsonLdNode(value)) return;
  out.push(value);
  if (value['@graph']) flatten(value['@graph'], out);
}

export const isType = (o: unknown, ...types: string[]) =>
  [isJsonLdNode(o) ? o['@type'] : undefined].flat().some((t) => types.includes(String(t)));

/**
 * The video URLs a page declares, best first: Open Graph (`og:video:secure_url`, `og:video:url`, `og:video`),
 * Twitter's player stream, `<video src>` and its `<source src>`, schema.org VideoObject's `contentUrl`; resolved
 * against the page's address, http(s) only, each once.
 */
export function pageVideoUrls(page: Page): string[] {
  const found = [
    page.meta('og:video:secure_url'),
    page.meta('og:video:url'),
    page.meta('og:video'),
    page.meta('twitter:player:stream'),
    ...page.root.querySelectorAll('video[src], video source[src]').map((e) => e.getAttribute('src') ?? null),
    ...page.jsonLd.filter((o) => isType(o, 'VideoObject')).map((o) => (typeof o.contentUrl === 'string' ? o.contentUrl : null)),
  ];
  const urls = found.flatMap((raw) => {
    const url = raw && URL.canParse(raw.trim(), page.url) ? new URL(raw.trim(), page.url) : null;
    return url && (url.protocol === 'http:' || url.protocol === 'https:') ? [url.toString()] : [];
  });
  return [...new Set(urls)];
}

/** The page's title: Open Graph's, else <title>; null when it has none. */
export function pageTitle(page: Page): string | null {
  const title = page.meta('og:title') ?? page.root.querySelector('title')?.textContent ?? null;
  return title?.trim() || null;
}
