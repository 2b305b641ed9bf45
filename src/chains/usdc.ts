/** USDC has 6 decimals on every supported network: 1.00 USD = 1000000 atomic units. */
export const USDC_DECIMALS = 6;

/** A price as pipelines write it: digits, and at most 6 decimals (no rounding, no sign). */
const USD_AMOUNT = /^(\d+)(?:\.(\d{1,6}))?$/;

/**
 * Converts a decimal USD string ("0.10") to atomic units exactly, in integer arithmetic (no float). Written out
 * rather than viem's parseUnits: importing viem costs a worker, which never takes payments, about 50 MB.
 */
export function usdToAtomic(usd: string): bigint {
  const m = USD_AMOUNT.exec(usd);
  if (!m) throw new Error(`'${usd}' is not a USD amount with at most ${USDC_DECIMALS} decimals`);
  return BigInt(m[1]) * 10n ** BigInt(USDC_DECIMALS) + BigInt((m[2] ?? '').padEnd(USDC_DECIMALS, '0'));
}

/** Atomic units back to a USD number for display (`cost_usd`); exact for 6-decimal amounts. */
export function atomicToUsdNumber(atomic: bigint): number {
  const unit = 10n ** BigInt(USDC_DECIMALS);
  const sign = atomic < 0n ? '-' : '';
  const abs = atomic < 0n ? -atomic : atomic;
  return Number(`${sign}${abs / unit}.${String(abs % unit).padStart(USDC_DECIMALS, '0')}`);
}
