import type { RedisClient } from '../redis/redis-client.js';

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
  /** Credits one referred payment, named by `paymentKey`: a payment recorded again is not credited twice. */
  record(affiliateId: string, amountAtomic: bigint, paymentKey: string): Promise<void>;
  balances(): Promise<AffiliateBalance[]>;
}

export function commissionOf(amountAtomic: bigint): bigint {
  return (amountAtomic * AFFILIATE_COMMISSION_PERCENT) / 100n;
}

/** How long a credited payment is remembered: longer than any claim of it lives (24 h), so no resend can be credited again. */
export const CREDITED_TTL_MS = 7 * 24 * 3600 * 1000;

export interface MemoryAffiliateLedgerOptions {
  /** How long a credited payment is remembered (default CREDITED_TTL_MS, as in Redis). */
  rememberMs?: number;
  now?: () => number;
}

export class MemoryAffiliateLedger implements AffiliateLedger {
  private readonly rows = new Map<string, { payments: number; paid: bigint; commission: bigint }>();
  /** Credited payments and when each may be forgotten, oldest first (a Map keeps insertion order). */
  private readonly credited = new Map<string, number>();
  private readonly rememberMs: number;
  private readonly now: () => number;

  constructor(options: MemoryAffiliateLedgerOptions = {}) {
    this.rememberMs = options.rememberMs ?? CREDITED_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  async record(affiliateId: string, amountAtomic: bigint, paymentKey: string): Promise<void> {
    this.forgetExpired();
    if (this.credited.has(paymentKey)) return;
    this.credited.set(paymentKey, this.now() + this.rememberMs);
    const row = this.rows.get(affiliateId) ?? { payments: 0, paid: 0n, commission: 0n };
    row.payments += 1;
    row.paid += amountAtomic;
    row.commission += commissionOf(amountAtomic);
    this.rows.set(affiliateId, row);
  }

  /** Drops the payments past their time, from the oldest on: the set holds one window of payments, not all of them. */
  private forgetExpired(): void {
    const now = this.now();
    for (const [key, expires] of this.credited) {
      if (expires > now) break;
      this.credited.delete(key);
    }
  }

  /** How many credited payments are held: one window's worth, whatever the process's age. */
  remembered(): number {
    this.forgetExpired();
    return this.credited.size;
  }

  async balances(): Promise<AffiliateBalance[]> {
    return [...this.rows.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, r]) => ({ affiliate_id: id, payments: r.payments, paid: r.paid.toString(), commission: r.commission.toString() }));
  }
}

/**
 * Marks the payment credited and adds it to the affiliate's row in one step, or does nothing when it
 * was credited before. KEYS: credited marker, affiliate ids set, affiliate hash.
 */
const CREDIT_ONCE = `
if not redis.call('set', KEYS[1], '1', 'NX', 'PX', ARGV[4]) then return 0 end
redis.call('sadd', KEYS[2], ARGV[1])
redis.call('hincrby', KEYS[3], 'payments', 1)
redis.call('hincrby', KEYS[3], 'paid', ARGV[2])
redis.call('hincrby', KEYS[3], 'commission', ARGV[3])
return 1`;

/** One hash per affiliate (`<prefix>:affiliate:<id>`) and a set of their ids; HINCRBY keeps it exact and atomic. */
export class RedisAffiliateLedger implements AffiliateLedger {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  async record(affiliateId: string, amountAtomic: bigint, paymentKey: string): Promise<void> {
    const keys = [
      `${this.prefix}:affiliate-credited:${paymentKey}`,
      `${this.prefix}:affiliates`,
      `${this.prefix}:affiliate:${affiliateId}`,
    ];
    await this.redis.eval(
      CREDIT_ONCE,
      keys.length,
      ...keys,
      affiliateId,
      amountAtomic.toString(),
      commissionOf(amountAtomic).toString(),
      CREDITED_TTL_MS,
    );
  }

  async balances(): Promise<AffiliateBalance[]> {
    const ids = (await this.redis.smembers(`${this.prefix}:affiliates`)).sort();
    const rows = await Promise.all(ids.map((id) => this.redis.hgetall(`${this.prefix}:affiliate:${id}`)));
    return ids.map((id, i) => ({
      affiliate_id: id,
      payments: Number(rows[i].payments ?? 0),
      paid: rows[i].paid ?? '0',
      commission: rows[i].commission ?? '0',
    }));
  }
}
