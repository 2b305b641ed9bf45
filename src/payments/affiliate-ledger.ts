import type { Redis } from 'ioredis';

/** Referring agents earn this share of each payment they refer. */
export const AFFILIATE_COMMISSION_PERCENT = 20n;

export interface AffiliateBalance {
  affiliate_id: string;
  payments: number;
  /** USDC atomic units, as decimal strings (exact). */
  paid: string;
  commission: string;
}

/** Accumulates each affiliate's referred payments and 20% commission; an operator reads and pays it out. */
export interface AffiliateLedger {
  record(affiliateId: string, amountAtomic: bigint): Promise<void>;
  balances(): Promise<AffiliateBalance[]>;
}

export function commissionOf(amountAtomic: bigint): bigint {
  return (amountAtomic * AFFILIATE_COMMISSION_PERCENT) / 100n;
}

export class MemoryAffiliateLedger implements AffiliateLedger {
  private readonly rows = new Map<string, { payments: number; paid: bigint; commission: bigint }>();

  async record(affiliateId: string, amountAtomic: bigint): Promise<void> {
    const row = this.rows.get(affiliateId) ?? { payments: 0, paid: 0n, commission: 0n };
    row.payments += 1;
    row.paid += amountAtomic;
    row.commission += commissionOf(amountAtomic);
    this.rows.set(affiliateId, row);
  }

  async balances(): Promise<AffiliateBalance[]> {
    return [...this.rows.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, r]) => ({ affiliate_id: id, payments: r.payments, paid: r.paid.toString(), commission: r.commission.toString() }));
  }
}

/** One hash per affiliate (`<prefix>:affiliate:<id>`) and a set of their ids; HINCRBY keeps it exact and atomic. */
export class RedisAffiliateLedger implements AffiliateLedger {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async record(affiliateId: string, amountAtomic: bigint): Promise<void> {
    const key = `${this.prefix}:affiliate:${affiliateId}`;
    await this.redis
      .multi()
      .sadd(`${this.prefix}:affiliates`, affiliateId)
      .hincrby(key, 'payments', 1)
      .hincrby(key, 'paid', amountAtomic.toString())
      .hincrby(key, 'commission', commissionOf(amountAtomic).toString())
      .exec();
  }

  async balances(): Promise<AffiliateBalance[]> {
    const ids = (await this.redis.smembers(`${this.prefix}:affiliates`)).sort();
    const rows = await Promise.all(ids.map((id) => this.redis.hgetall(`${this.prefix}:affiliate:${id}`)));
    return ids.map((id, i) => ({ affiliate_id: id, payments: Number(rows[i].payments ?? 0), paid: rows[i].paid ?? '0', commission: rows[i].commission ?? '0' }));
  }
}
