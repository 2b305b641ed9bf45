import { KnownFailure } from '../../engines/known-failure.js';
import { loadKnowledge } from '../shared/knowledge.js';
import { defineStep } from '../step.js';
import type { PricedCategory, PricedItem, ResolvedPlace } from './menu.types.js';
import { priceMenuSpec } from './price-menu.spec.js';
import { type CurrencyTable, readPrice, toUsd } from './prices.js';
import { liveRates } from './rates.js';
import type { NativeCategory } from './structured-data.js';

interface Output {
  /** The place's restaurant, its currency read from the prices when the country gave none. */
  restaurant: ResolvedPlace['restaurant'];
  categories: PricedCategory[];
  as_of: string;
  notes: string[];
}

export const priceMenuStep = defineStep<{ place: ResolvedPlace; categories: NativeCategory[] }, Output>({
  ...priceMenuSpec,
  async run({ place, categories }, ctx) {
    const table = await loadKnowledge<CurrencyTable>(ctx.tools.paths.knowledgeDir, 'currencies.yaml');
    let rates: Pick<CurrencyTable, 'as_of' | 'rates' | 'rates_source'> = table;
    if (ctx.tools.maps.ratesUrl) {
      try {
        rates = await liveRates(ctx.tools.maps.ratesUrl, ctx.signal);
      } catch (err) {
        throw new KnownFailure(`the rates table could not be read: ${(err as Error).message}`, { transient: true });
      }
    }
    ctx.engine('rates', rates.rates_source);
    const countryCurrency = place.restaurant.currency;
    const missing = new Set<string>();
    const priced = categories.map(
      (c): PricedCategory => ({
        name: c.name,
        items: c.items.map((i): PricedItem => {
          const price = i.priceText ? readPrice(i.priceText, table, countryCurrency, i.currency) : null;
          const usd = price ? toUsd(rates.rates, price.amount, price.currency) : null;
          if (price && usd === null) missing.add(price.currency ?? 'unknown currency');
          return { name: i.name, description: i.description, price, price_usd: usd };
        }),
      }),
    );
    // The menu's own currency when the place's country gave none.
    const seen = priced.flatMap((c) => c.items.map((i) => i.price?.currency)).filter(Boolean) as string[];
    const currency = countryCurrency ?? mostCommon(seen);
    const notes = [`USD at the rates of ${rates.as_of} (${rates.rates_source})`];
    if (missing.size) notes.push(`no USD rate for ${[...missing].join(', ')}: price_usd is null for those prices`);
    if (!countryCurrency && currency) notes.push(`the currency ${currency} was read from the prices (the place's country is unknown)`);
    return { restaurant: { ...place.restaurant, currency }, categories: priced, as_of: rates.as_of, notes };
  },
});

function mostCommon(list: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of list) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
