import path from 'node:path';
import sharp from 'sharp';
import { KnownFailure } from '../../engines/known-failure.js';
import { isJsonLdNode, type Page, readPage } from '../../sources/html-page.js';
import { download } from '../shared/download.js';
import { defineStep, type StepContext } from '../step.js';
import { findMenuSpec } from './find-menu.spec.js';
import type { ResolvedPlace } from './menu.types.js';
import { parseMenuLines } from './menu-text.js';
import {
  findMenuData,
  menuImages,
  menuLinks,
  type NativeCategory,
  PAGE_ACCEPT,
  PAGE_MAX_BYTES,
  readMenu,
  visibleLines,
} from './structured-data.js';

interface Output {
  categories: NativeCategory[];
  method: 'schema.org Menu' | 'menu page text' | 'menu photo OCR';
  sources: string[];
}

/** A menu read from text needs at least this many priced items to count (a page's footer is not a menu). */
const MIN_ITEMS = 3;
const PHOTO_MAX_BYTES = 15 * 1024 * 1024;

export const findMenuStep = defineStep<{ place: ResolvedPlace }, Output>({
  ...findMenuSpec,
  async run({ place }, ctx) {
    const tried: string[] = [];
    const hint = place.menu_hint;
    if (isJsonLdNode(hint)) {
      const categories = readMenu(hint);
      if (countItems(categories)) return found(ctx, categories, 'schema.org Menu', [place.restaurant.source_url]);
    }
    const pages = [typeof hint === 'string' ? hint : null, place.restaurant.website].filter((u): u is string => !!u);
    const seen = new Set<string>();
    const images: string[] = [];
    for (let i = 0; i < pages.length && seen.size < 6; i++) {
      const url = pages[i];
      if (seen.has(url)) continue;
      seen.add(url);
      const page = await tryPage(url, ctx, tried);
      if (!page) continue;
      const menu = findMenuData(page);
      const structured = menu ? readMenu(menu) : [];
      if (countItems(structured)) return found(ctx, structured, 'schema.org Menu', [page.url.toString()]);
      const text = parseMenuLines(visibleLines(page));
      if (countItems(text) >= MIN_ITEMS) return found(ctx, text, 'menu page text', [page.url.toString()]);
      images.push(...menuImages(page));
      pages.push(
        ...menuLinks(page)
          .filter((u) => !seen.has(u))
          .slice(0, 4),
      );
      tried.push(`${page.url}: no menu data or priced lines`);
    }

    const photo = async (url: string) => (await download(url, ctx, { maxBytes: PHOTO_MAX_BYTES, accept: PAGE_ACCEPT })).body;
    const photos: Array<{ source: string; fetch: () => Promise<Buffer> }> = images.map((u) => ({ source: u, fetch: () => photo(u) }));
    const places = ctx.tools.maps.places;
    if (places) {
      for (const name of place.photos.slice(0, 5)) {
        photos.push({ source: `places photo ${name}`, fetch: async () => photo(await places.photoUrl(name, ctx.signal)) });
      }
    }
    const read: NativeCategory[] = [];
    const sources: string[] = [];
    for (const { source, fetch } of photos.slice(0, 8)) {
      let bytes: Buffer;
      try {
        bytes = await fetch();
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        tried.push(`${source}: ${(err as Error).message}`);
        continue;
      }
      const categories = parseMenuLines(await ocrLines(bytes, ctx, sources.length));
      if (countItems(categories) >= MIN_ITEMS) {
        read.push(...categories);
        sources.push(source);
      } else tried.push(`${source}: no menu read in the photo`);
    }
    if (read.length) return found(ctx, read, 'menu photo OCR', sources, ctx.tools.ocr.name);
    if (!pages.length && !photos.length) tried.push('the place has no website and no menu on its page');
    throw new KnownFailure(`no menu was found for ${place.restaurant.name}: ${tried.join('; ')}`);
  },
});

function found(ctx: StepContext, categories: NativeCategory[], method: Output['method'], sources: string[], engine?: string): Output {
  ctx.engine('menu', engine ? `${method} (${engine})` : method);
  return { categories, method, sources };
}

const countItems = (c: NativeCategory[]) => c.reduce((n, cat) => n + cat.items.length, 0);

async function tryPage(url: string, ctx: StepContext, tried: string[]): Promise<Page | null> {
  try {
    const res = await download(url, ctx, { maxBytes: PAGE_MAX_BYTES, accept: PAGE_ACCEPT });
    if (res.status >= 400) {
      tried.push(`${url} answered HTTP ${res.status}`);
      return null;
    }
    if (/^image\//.test(res.contentType)) {
      tried.push(`${url} is an image`);
      return null;
    }
    return readPage(res.body.toString('utf8'), res.url);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    tried.push((err as Error).message);
    return null;
  }
}

/** Text lines of a menu photo: greyscale, at least 1600 px wide, contrast stretched, then read as a page by the OCR engine. */
async function ocrLines(bytes: Buffer, ctx: StepContext, n: number): Promise<string[]> {
  const file = path.join(ctx.workDir, `menu-photo-${n}.png`);
  try {
    const img = sharp(bytes).rotate();
    const { width = 0 } = await img.metadata();
    await img
      .resize({ width: Math.max(width, 1600), withoutEnlargement: false })
      .greyscale()
      .normalise()
      .png()
      .toFile(file);
  } catch {
    return [];
  }
  return ctx.tools.ocr.readPage(file, { signal: ctx.signal, timeoutMs: 60_000, workDir: ctx.workDir });
}
