import type { Redis } from 'ioredis';

/** What is known about one payment (one EVM authorization nonce, one Solana transaction, ...). */
export type Claim =
  | { state: 'settling'; fingerprint: string; proof?: string; since: number }
  | { state: 'settled'; fingerprint: string; proof?: string; jobId: string; headers: Record<string, string> };

/**
 * Payments claimed for settlement, so one payment settles once and makes one job whatever the
 * number of resends. Implemented over Redis (shared by every API process) and in memory.
 */
export interface ClaimStore {
  /** Claims `key` for settlement; null when claimed, else the existing claim. */
  claim(key: string, fingerprint: string, proof?: string): Promise<Claim | null>;
  get(key: string): Promise<Claim | null>;
  settled(key: string, claim: Extract<Claim, { state: 'settled' }>): Promise<void>;
  /** Gives the payment back: settlement failed and nothing was charged. */
  release(key: string): Promise<void>;
  /** A short exclusive lock (e.g. to reconcile one payment once); false when someone holds it. */
  lock(name: string, ms: number): Promise<boolean>;
}

const TTL_MS = 24 * 3600 * 1000;

export class MemoryClaimStore implements ClaimStore {
  private readonly claims = new Map<string, { claim: Claim; expires: number }>();

  async claim(key: string, fingerprint: string, proof?: string): Promise<Claim | null> {
    const existing = await this.get(key);
    if (existing) return existing;
    this.claims.set(key, { claim: { state: 'settling', fingerprint, proof, since: Date.now() }, expires: Date.now() + TTL_MS });
    return null;
  }

  async get(key: string): Promise<Claim | null> {
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

  private readonly locks = new Map<string, number>();

  async lock(name: string, ms: number): Promise<boolean> {
    if ((this.locks.get(name) ?? 0) > Date.now()) return false;
    this.locks.set(name, Date.now() + ms);
    return true;
  }
}

export class RedisClaimStore implements ClaimStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(k: string) {
    return `${this.prefix}:payment:${k}`;
  }

  async claim(key: string, fingerprint: string, proof?: string): Promise<Claim | null> {
    const claim: Claim = { state: 'settling', fingerprint, proof, since: Date.now() };
    const ok = await this.redis.set(this.key(key), JSON.stringify(claim), 'PX', TTL_MS, 'NX');
    return ok === 'OK' ? null : this.get(key);
  }

  async get(key: string): Promise<Claim | null> {
    const raw = await this.redis.get(this.key(key));
    return raw ? (JSON.parse(raw) as Claim) : null;
  }

  async settled(key: string, claim: Extract<Claim, { state: 'settled' }>): Promise<void> {
    await this.redis.set(this.key(key), JSON.stringify(claim), 'PX', TTL_MS);
  }

  async release(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  async lock(name: string, ms: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}:lock:${name}`, '1', 'PX', ms, 'NX')) === 'OK';
  }
}
