import { formatUnits, parseUnits } from 'viem';

/** USDC has 6 decimals on every supported network: 1.00 USD = 1000000 atomic units. */
export const USDC_DECIMALS = 6;

/** A price as pipelines write it: digits, and at most 6 decimals (viem would round more, and take a sign). */
const USD_AMOUNT = /^\d+(\.\d{1,6})?$/;

/** Converts a decimal USD string ("0.10") to atomic units exactly (viem's parseUnits: integer arithmetic, no float). */
export function usdToAtomic(usd: string): bigint {
  if (!USD_AMOUNT.test(usd)) throw new Error(`'${usd}' is not a USD amount with at most ${USDC_DECIMALS} decimals`);
  return parseUnits(usd, USDC_DECIMALS);
}

/** Atomic units back to a USD number for display (`cost_usd`); exact for 6-decimal amounts. */
export function atomicToUsdNumber(atomic: bigint): number {
  return Number(formatUnits(atomic, USDC_DECIMALS));
}
