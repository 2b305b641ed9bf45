export interface CurrencyTable {
  as_of: string;
  rates_source: string;
  /** Units of each currency per 1 USD. */
  rates: Record<string, number>;
  countries: Record<string, string>;
  country_names: Record<string, string>;
  symbols: Record<string, string>;
}

/** Currencies written with "$", "kr" or "¥": the country decides which one. */
const SHARED_SYMBOLS: Record<string, string[]> = {
  $: ['USD', 'CAD', 'AUD', 'NZD', 'MXN', 'SGD', 'HKD'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
  '¥': ['JPY', 'CNY'],
};

/** ISO 3166-1 alpha-2 code of a country as an address writes it ("IT", "Italy", "Italia"), or null. */
export function countryCode(table: CurrencyTable, written: string | null | undefined): string | null {
  if (!written) return null;
  const w = written.trim();
  if (/^[A-Za-z]{2}$/.test(w) && table.countries[w.toUpperCase()]) return w.toUpperCase();
  return table.country_names[w.toLowerCase()] ?? null;
}

/** The country at the end of an address ("Via Roma 1, 00184 Roma, Italy" -> IT), or null. */
export function countryFromAddress(table: CurrencyTable, address: string | null): string | null {
  const last = address?.split(',').pop()?.trim();
  return countryCode(table, last);
}

/**
 * A written price as an amount and a currency: the price's own symbol or code decides (a shared symbol,
 * such as "$", only as the country's currency when that currency writes it so), else the country's
 * currency. Decimal commas and thousands separators are read by position.
 */
export function readPrice(
  text: string,
  table: CurrencyTable,
  countryCurrency: string | null,
  declared: string | null = null,
): { amount: number; currency: string | null } | null {
  const digits = /\d[\d.,\s]*/.exec(text)?.[0].trim();
  if (!digits) return null;
  let currency = declared?.toUpperCase() ?? null;
  if (!currency) {
    const code = /\b(USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|KRW|INR|SEK|NOK|DKK|PLN|CZK|MXN|BRL)\b/.exec(text)?.[1];
    const symbol = Object.keys(table.symbols)
      .sort((a, b) => b.length - a.length)
      .find((s) => text.includes(s));
    if (code) currency = code;
    else if (symbol && SHARED_SYMBOLS[symbol])
      currency = countryCurrency && SHARED_SYMBOLS[symbol].includes(countryCurrency) ? countryCurrency : table.symbols[symbol];
    else if (symbol) currency = table.symbols[symbol];
    else currency = countryCurrency;
  }
  const amount = readAmount(digits.replace(/\s/g, '').replace(/[.,]+$/, ''));
  return amount === null ? null : { amount, currency };
}

function readAmount(d: string): number | null {
  const seps = [...d.matchAll(/[.,]/g)];
  let normal = d;
  if (seps.length) {
    const last = seps.at(-1)!.index!;
    // Three digits after the last separator ("1.200", "1,200", "12.500"): thousands; otherwise ("12,50",
    // "9.5") it is the decimal point, and any other separator groups thousands.
    const decimalAt = d.length - last - 1 === 3 ? -1 : last;
    normal = [...d].map((c, i) => (i === decimalAt ? '.' : /[.,]/.test(c) ? '' : c)).join('');
  }
  const n = Number(normal);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}

/** USD of an amount at `rates` (units per USD), to the cent; null when the currency has no rate. */
export function toUsd(rates: Record<string, number>, amount: number, currency: string | null): number | null {
  const rate = currency ? rates[currency] : undefined;
  return rate ? Math.round((amount / rate) * 100) / 100 : null;
}
