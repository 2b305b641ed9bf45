/** USDC has 6 decimals on every supported network: 1.00 USD = 1000000 atomic units. */
export const USDC_DECIMALS = 6;

/** Converts a decimal USD string ("0.10") to atomic units exactly, with integer arithmetic only. */
export function usdToAtomic(usd: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(usd);
  if (!m) throw new Error(`'${usd}' is not a USD amount with at most ${USDC_DECIMALS} decimals`);
  return BigInt(m[1]) * 10n ** BigInt(USDC_DECIMALS) + BigInt((m[2] ?? '').padEnd(USDC_DECIMALS, '0'));
}

/** Atomic units back to a USD number for display (`cost_usd`); exact for 6-decimal amounts. */
export function atomicToUsdNumber(atomic: bigint): number {
  const whole = atomic / 10n ** BigInt(USDC_DECIMALS);
  const frac = (atomic % 10n ** BigInt(USDC_DECIMALS)).toString().padStart(USDC_DECIMALS, '0');
  return Number(`${whole}.${frac}`);
}
