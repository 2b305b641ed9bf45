import { dueSignal } from '../../timing/due-timer.js';
import type { CurrencyTable } from './prices.js';

let cached: { url: string; at: number; rates: Pick<CurrencyTable, 'as_of' | 'rates' | 'rates_source'> } | null = null;
const KEEP_MS = 60 * 60 * 1000;

/** The common free rate APIs' answer: Frankfurter and exchangerate.host give `date`, Open Exchange Rates `timestamp`. */
interface RatesAnswer {
  base?: string;
  date?: string;
  timestamp?: number;
  rates?: Record<string, unknown>;
}

/**
 * A live rates table (RATES_URL) in the shape of the common free APIs (Frankfurter, exchangerate.host,
 * Open Exchange Rates): `{base, date, rates: {CODE: units per base}}`, converted to units per USD and kept an
 * hour. Its date becomes the result's `as_of`.
 */
export async function liveRates(url: string, signal: AbortSignal): Promise<Pick<CurrencyTable, 'as_of' | 'rates' | 'rates_source'>> {
  if (cached && cached.url === url && Date.now() - cached.at < KEEP_MS) return cached.rates;
  const res = await fetch(url, { signal: AbortSignal.any([signal, dueSignal(20_000)]) });
  if (!res.ok) throw new Error(`RATES_URL answered HTTP ${res.status}`);
  const body = (await res.json()) as RatesAnswer;
  const base = String(body.base ?? 'USD').toUpperCase();
  const raw: Record<string, unknown> = { ...body.rates, [base]: 1 };
  const usd = Number(raw.USD);
  const date = String(body.date ?? (body.timestamp ? new Date(body.timestamp * 1000).toISOString().slice(0, 10) : ''));
  if (!usd || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('RATES_URL answered without a USD rate and a date');
  const rates = Object.fromEntries(
    Object.entries(raw)
      .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
      .map(([k, v]) => [k.toUpperCase(), v / usd]),
  );
  cached = { url, at: Date.now(), rates: { as_of: date, rates, rates_source: `${new URL(url).host} (${base} based)` } };
  return cached.rates;
}
