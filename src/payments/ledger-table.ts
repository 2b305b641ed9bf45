import { atomicToUsdNumber } from '../chains/usdc.js';
import type { AffiliateBalance } from './affiliate-ledger.js';

/** The affiliate ledger as a text table (npm run ledger, vidint ledger). */
export function ledgerTable(rows: AffiliateBalance[], commissionPercent: number | bigint): string[] {
  const lines = [
    `${'affiliate'.padEnd(24)} ${'payments'.padStart(8)} ${'paid USDC'.padStart(14)} ${`commission (${commissionPercent}%)`.padStart(17)}`,
  ];
  for (const r of rows) {
    lines.push(
      `${r.affiliate_id.padEnd(24)} ${String(r.payments).padStart(8)} ${atomicToUsdNumber(BigInt(r.paid)).toFixed(6).padStart(14)} ${atomicToUsdNumber(BigInt(r.commission)).toFixed(6).padStart(17)}`,
    );
  }
  if (rows.length === 0) lines.push('(no referred payments yet)');
  return lines;
}
