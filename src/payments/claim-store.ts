import { jsonBytes } from '../redis/json-bytes.js';
import type { RedisClient } from '../redis/redis-client.js';
import type { ReplicaAcks } from '../redis/replica-acks.js';
import type { PrecheckRefusal } from './paid-request.js';
import type { SettlementIntent } from './settlement.types.js';

/** What is known about one payment (one EVM authorization nonce, one Solana transaction, ...). */
export type Claim =
  /** The outbox entry: claimed for settlement, broadcast maybe; its job id is fixed before any money moves. */
  | { state: 'settling'; fingerprint: string; proof?: string; since: number; jobId: string; intent: SettlementIntent }
  | { state: 'settled'; fingerprint: string; proof?: string; jobId: string; headers: Record<string, string> };

export type SettlingClaim = Extract<Claim, { state: 'settling' }>;

/**
 * Payments claimed for settlement, so one payment settles once and makes one job whatever the
 * number of resends. Implemented over Redis (shared by every API process) and in memory.
 */
export interface ClaimStore {
  /** Claims `key` for settlement; null when claimed, else the existing claim. */
  claim(key: string, claim: SettlingClaim): Promise<Claim | null>;
  get(key: string): Promise<Claim | null>;
  settled(key: string, claim: Extract<Claim, { state: 'settled' }>): Promise<void>;
  /** Gives the payment back: settlement failed and nothing was charged. */
  release(key: string): Promise<void>;
  /** Claims still settling since before `before` (epoch ms): the reconciler's work list. */
  settling(before: number, limit: number): Promise<Array<{ key: string; claim: SettlingClaim }>>;
  /** A short exclusive lock (e.g. to reconcile one payment once); false when someone holds it. */
  lock(name: string, ms: number): Promise<boolean>;
  /** The refusal recorded under `id` by `refuse` (a payment's request the check before settlement refused), or null. */
  refusal(id: string): Promise<PrecheckRefusal | null>;
  /** Records a refusal for `ms`, so that resends are answered with it instead of being checked again. */
  refuse(id: string, refusal: PrecheckRefusal, ms: number): Promise<void>;
  /** The payment a payer's payment identifier was first claimed with (`id`: see identifierKey), or null. */
  identified(id: string): Promise<IdentifiedPayment | null>;
  /** Records the identifier's payment unless one is recorded (then returns that one); `replace` overwrites a stale record. */
  identify(id: string, payment: IdentifiedPayment, replace?: boolean): Promise<IdentifiedPayment | null>;
}

/** The payment a payment identifier names: its claim key and the request it paid for. */
export interface IdentifiedPayment {
  key: string;
  fingerprint: string;
}

const TTL_MS = 24 * 3600 * 1000;

/**
 * Claims a payment and lists it as settling in one round trip, atomically (a crash cannot leave a claim the
 * reconciler does not list), or answers the claim already there. KEYS: claim, settling set. ARGV: claim JSON, TTL
 * ms, since, key.
 */
const CLAIM = `
if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then
  redis.call('zadd', KEYS[2], ARGV[3], ARGV[4])
  return false
end
return redis.call('get', KEYS[1])`;

export class MemoryClaimStore implements ClaimStore {
  private readonly claims = new Map<string, { claim: Claim; expires: number }>();

  async claim(key: string, claim: SettlingClaim): Promise<Claim | null> {
    // Check and set with no await between them: that is what makes the claim atomic here.
    const existing = this.current(key);
    if (existing) return existing;
    this.claims.set(key, { claim, expires: Date.now() + TTL_MS });
    return null;
  }

  async get(key: string): Promise<Claim | null> {
    return this.current(key);
  }

  private current(key: string): Claim | null {
    const e = this.claims.get(key);
    if (!e) return null;
    if (e.expires < Date.now()) {
      this.claims.delete(key);
      return null;
    }
    return e.claim;
  }

  async settled(key: string, claim: Extract<Claim, { state: 'settled' }>): Promise<void> {
    this.claims.set(key, { claim, expires: Date.now() + TTL_MS });
  }

  async release(key: string): Promise<void> {
    this.claims.delete(key);
  }

  async settling(before: number, limit: number) {
    const found: Array<{ key: string; claim: SettlingClaim }> = [];
    for (const [key, { claim }] of this.claims) {
      if (found.length >= limit) break;
      if (claim.state === 'settling' && claim.since < before) found.push({ key, claim });
    }
    return found;
  }

  private readonly locks = new Map<string, number>();

  async lock(name: string, ms: number): Promise<boolean> {
    if ((this.locks.get(name) ?? 0) > Date.now()) return false;
    this.locks.set(name, Date.now() + ms);
    return true;
  }

  /** In the order recorded: the expired ones at the front are dropped as new ones come (records last minutes). */
  private readonly refusals = new Map<string, { refusal: PrecheckRefusal; expires: number }>();

  async refusal(id: string): Promise<PrecheckRefusal | null> {
    const e = this.refusals.get(id);
    return e && e.expires > Date.now() ? e.refusal : null;
  }

  async refuse(id: string, refusal: PrecheckRefusal, ms: number): Promise<void> {
    const now = Date.now();
    for (const [oldest, { expires }] of this.refusals) {
      if (expires > now) break;
      this.refusals.delete(oldest);
    }
    this.refusals.delete(id);
    this.refusals.set(id, { refusal, expires: now + ms });
  }

  /** Kept as long as the claims they point to. */
  private readonly identifiers = new Map<string, { payment: IdentifiedPayment; expires: number }>();

  async identified(id: string): Promise<IdentifiedPayment | null> {
    const e = this.identifiers.get(id);
    return e && e.expires > Date.now() ? e.payment : null;
  }

  async identify(id: string, payment: IdentifiedPayment, replace = false): Promise<IdentifiedPayment | null> {
    const existing = replace ? null : await this.identified(id);
    if (existing) return existing;
    this.identifiers.set(id, { payment, expires: Date.now() + TTL_MS });
    return null;
  }
}

/**
 * One JSON string per payment, and a sorted set (by claim time) of the payments still settling. A new claim is
 * what lets the reconciler finish a payment whose answer was lost, so, given `durable`, it is written on that
 * connection of its own and acknowledged by the primary's replica (when it has one) before money moves:
 * unacknowledged, it is withdrawn and the payment refused (503). Its own, because the WAIT blocks the connection.
 */
export class RedisClaimStore implements ClaimStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly durable: { redis: RedisClient; acks: ReplicaAcks } | null = null,
  ) {}

  private key(k: string) {
    return `${this.prefix}:payment:${k}`;
  }

  private get settlingSet() {
    return `${this.prefix}:payments:settling`;
  }

  async claim(key: string, claim: SettlingClaim): Promise<Claim | null> {
    const writer = this.durable?.redis ?? this.redis;
    const keys = [this.key(key), this.settlingSet];
    const existing = (await writer.eval(CLAIM, keys.length, ...keys, jsonBytes(claim), TTL_MS, claim.since, key)) as string | null;
    if (existing !== null) return JSON.parse(existing) as Claim;
    await this.durable?.acks.confirm().catch(async (err) => {
      await this.release(key).catch(() => undefined);
      throw err;
    });
    return null;
  }

  async get(key: string): Promise<Claim | null> {
    const raw = await this.redis.get(this.key(key));
    return raw ? (JSON.parse(raw) as Claim) : null;
  }

  async settled(key: string, claim: Extract<Claim, { state: 'settled' }>): Promise<void> {
    // One round trip (MULTI): these two writes follow every settlement, while its client waits for the 202.
    failed(await this.redis.multi().set(this.key(key), JSON.stringify(claim), 'PX', TTL_MS).zrem(this.settlingSet, key).exec());
  }

  async release(key: string): Promise<void> {
    failed(await this.redis.multi().del(this.key(key)).zrem(this.settlingSet, key).exec());
  }

  async settling(before: number, limit: number) {
    const keys = await this.redis.zrangebyscore(this.settlingSet, '-inf', `(${before}`, 'LIMIT', 0, limit);
    const found: Array<{ key: string; claim: SettlingClaim }> = [];
    for (const key of keys) {
      const claim = await this.get(key);
      if (claim?.state === 'settling') found.push({ key, claim });
      else await this.redis.zrem(this.settlingSet, key); // expired or settled meanwhile
    }
    return found;
  }

  async lock(name: string, ms: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}:lock:${name}`, '1', 'PX', ms, 'NX')) === 'OK';
  }

  async refusal(id: string): Promise<PrecheckRefusal | null> {
    const raw = await this.redis.get(`${this.prefix}:refusal:${id}`);
    return raw ? (JSON.parse(raw) as PrecheckRefusal) : null;
  }

  async refuse(id: string, refusal: PrecheckRefusal, ms: number): Promise<void> {
    await this.redis.set(`${this.prefix}:refusal:${id}`, JSON.stringify(refusal), 'PX', ms);
  }

  async identified(id: string): Promise<IdentifiedPayment | null> {
    const raw = await this.redis.get(`${this.prefix}:payment-id:${id}`);
    return raw ? (JSON.parse(raw) as IdentifiedPayment) : null;
  }

  async identify(id: string, payment: IdentifiedPayment, replace = false): Promise<IdentifiedPayment | null> {
    const key = `${this.prefix}:payment-id:${id}`;
    const value = JSON.stringify(payment);
    if (replace) {
      await this.redis.set(key, value, 'PX', TTL_MS);
      return null;
    }
    return (await this.redis.set(key, value, 'PX', TTL_MS, 'NX')) === 'OK' ? null : this.identified(id);
  }
}

/** Throws the first error of a MULTI's replies (exec resolves with each command's error rather than rejecting). */
function failed(replies: Array<[Error | null, unknown]> | null): void {
  const err = replies?.find(([e]) => e)?.[0];
  if (err) throw err;
}
