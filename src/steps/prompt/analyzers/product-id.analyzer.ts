import { loadKnowledge } from '../../shared/knowledge.js';
import { type Statement, statementsOf, type VideoEvidence, whereOf } from '../../shared/video-evidence.js';
import { defineAnalyzer } from './analyzer.js';
import { heldEvidence } from './speech-evidence.js';
import { escapeRegExp } from './text/keyword-matcher.js';

interface BrandEntry {
  name: string;
  category: string;
  price_range: string;
  products?: string[];
  aliases?: string[];
  needs_product?: boolean;
  retailers?: string[];
}
interface BrandLexicon {
  categories: Record<string, string>;
  brands: BrandEntry[];
}

/** Confidence model (documented in docs/endpoints.md): one sighting, then independent evidence adds up. */
export const CONFIDENCE = { base: 0.35, seen: 0.2, said: 0.2, perExtraScene: 0.1, maxExtraScenes: 2, productNamed: 0.15, max: 0.95 };

const compiled = new WeakMap<
  BrandLexicon,
  Array<{ brand: BrandEntry; names: RegExp; products: Array<{ name: string; pattern: RegExp }> }>
>();

/** A name as a whole-word, case-insensitive pattern; spaces and hyphens match each other, "'" is optional. */
function namePattern(name: string): RegExp {
  const body = escapeRegExp(String(name).toLowerCase())
    .replace(/\\-|\s+/g, '[\\s-]*')
    .replace(/'/g, "'?");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}

function compile(lexicon: BrandLexicon) {
  if (!compiled.has(lexicon)) {
    compiled.set(
      lexicon,
      lexicon.brands.map((brand) => ({
        brand,
        names: new RegExp([brand.name, ...(brand.aliases ?? [])].map((n) => namePattern(String(n)).source).join('|'), 'iu'),
        // Longest first: "Galaxy Z Fold" before "Galaxy".
        // YAML reads model numbers such as 550 as numbers: names are strings here.
        products: (brand.products ?? [])
          .map(String)
          .sort((a, b) => b.length - a.length)
          .map((name) => ({ name, pattern: namePattern(name) })),
      })),
    );
  }
  return compiled.get(lexicon)!;
}

/**
 * Products from the brand lexicon (knowledge/brands.yaml) found in the title, the on-screen text and recognised speech.
 * A brand counts when its name or alias appears (for brands named by common words: when one of its products does);
 * the product is the longest product name of that brand found, else the brand itself. Confidence grows
 * with independent evidence: seen on screen or in the title, said aloud, seen in several scenes, the product named; and it is
 * scaled by how surely the strongest sighting was perceived.
 * Nothing found: an empty list, never a guess.
 */
export const productIdAnalyzer = defineAnalyzer<VideoEvidence, unknown>({
  name: 'product_id',
  description: 'brands and products from a curated lexicon, matched in on-screen text and speech, with evidence-based confidence',
  result: 'results/product-id.json',
  async run(given, ctx) {
    const input = heldEvidence(given);
    const lexicon = await loadKnowledge<BrandLexicon>(ctx.knowledgeDir, 'brands.yaml');
    const statements = statementsOf(input);
    const products = [];
    for (const { brand, names, products: known } of compile(lexicon)) {
      const brandHits = statements.filter((s) => names.test(s.text));
      const productHits = known
        .map((p) => ({ name: p.name, hits: statements.filter((s) => p.pattern.test(s.text)) }))
        .filter((p) => p.hits.length);
      // A product name alone finds only brands whose own name is too common to count (knowledge/brands.yaml).
      if (brand.needs_product ? !productHits.length : !brandHits.length) continue;
      const product = productHits[0];
      const hits = uniq([...brandHits, ...(product?.hits ?? [])]);
      const category = lexicon.categories[brand.category] ?? brand.category;
      const name = product
        ? product.name.toLowerCase().includes(brand.name.toLowerCase())
          ? product.name
          : `${brand.name} ${product.name}`
        : brand.name;
      products.push({
        name,
        brand: brand.name,
        category,
        confidence: confidence(hits, Boolean(product)),
        price_range: brand.price_range,
        buy_links: (brand.retailers ?? DEFAULT_RETAILERS).map((r) => r.replace('{query}', encodeURIComponent(name))),
        evidence: describeEvidence(hits),
      });
    }
    products.sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name));
    return { products };
  },
  hold: heldEvidence,
});

const DEFAULT_RETAILERS = [
  'https://www.amazon.com/s?k={query}',
  'https://www.google.com/search?tbm=shop&q={query}',
  'https://www.walmart.com/search?q={query}',
];

/** The evidence model above, times how surely the strongest sighting was perceived (OCR's or speech's confidence). */
function confidence(hits: Statement[], productNamed: boolean): number {
  const seen = hits.some((h) => h.source === 'screen' || h.source === 'title');
  const said = hits.some((h) => h.source === 'speech');
  const scenes = new Set(hits.filter((h) => h.scene !== undefined).map((h) => h.scene)).size;
  const c =
    CONFIDENCE.base +
    (seen ? CONFIDENCE.seen : 0) +
    (said ? CONFIDENCE.said : 0) +
    Math.min(Math.max(scenes - 1, 0), CONFIDENCE.maxExtraScenes) * CONFIDENCE.perExtraScene +
    (productNamed ? CONFIDENCE.productNamed : 0);
  const perceived = Math.max(...hits.map((h) => h.confidence ?? 1));
  return Math.round(Math.min(c, CONFIDENCE.max) * perceived * 100) / 100;
}

function describeEvidence(hits: Statement[]): string {
  return hits
    .slice(0, 4)
    .map((h) => `${whereOf(h)}: "${h.text}"`)
    .join('; ');
}

function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
