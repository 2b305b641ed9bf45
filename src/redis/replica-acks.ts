import { Redis } from 'ioredis';
import type { RedisClient } from './redis-client.js';

/** A write the primary's replica did not acknowledge in time: answered like an outage (503, retry). */
export class ReplicaAckTimeout extends Error {
  override readonly name = 'ReplicaAckTimeout';
}

/** How long the primary's replica count is trusted before it is asked again. */
const REPLICAS_KNOWN_MS = 1000;

/**
 * Makes the writes of a connection survive a failover before money moves on them: when the primary has a
 * replica, `confirm()` waits (WAIT 1) until one acknowledged every write this connection made, and throws
 * ReplicaAckTimeout when none did within `timeoutMs`. With no replica (one server, or a primary whose replica
 * is gone) there is nothing to wait for. WAIT counts the writes of the connection it is sent on, so it must be
 * the connection the writes went through.
 */
export class ReplicaAcks {
  private known: { replicas: number; at: number } | null = null;

  constructor(
    private readonly redis: RedisClient,
    private readonly timeoutMs: number,
  ) {}

  async confirm(): Promise<void> {
    // A Cluster routes WAIT to any node, not the one holding the keys: on a cluster the writes are not confirmed.
    if (!(this.redis instanceof Redis) || (await this.replicas()) === 0) return;
    const acked = await this.redis.wait(1, this.timeoutMs);
    if (acked < 1) {
      this.known = null;
      throw new ReplicaAckTimeout(`no replica acknowledged the write within ${this.timeoutMs} ms`);
    }
  }

  private async replicas(): Promise<number> {
    if (this.known && Date.now() - this.known.at < REPLICAS_KNOWN_MS) return this.known.replicas;
    const info = await (this.redis as Redis).info('replication');
    const replicas = Number(/^connected_slaves:(\d+)/m.exec(info)?.[1] ?? 0);
    this.known = { replicas, at: Date.now() };
    return replicas;
  }
}
