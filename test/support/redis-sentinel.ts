import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loopbackPorts } from './loopback-ports.js';
import { exited } from './processes.js';
import { TcpLink } from './tcp-link.js';
import { waitFor } from './wait-for.js';

const run = promisify(execFile);

export const SENTINEL_NAME = 'vidint-test';

/**
 * A replicated Redis of the test's own on loopback ports: a primary, one replica (replicating through a TcpLink
 * the test can cut), and three Sentinels (quorum two) that promote the replica about a second after the primary
 * stops answering. Nothing is saved to disk;
 * `stop()` kills every process and removes the Sentinels' config files.
 */
export class SentinelRedis {
  private readonly servers = new Map<number, ChildProcess>();
  private readonly sentinelProcesses: ChildProcess[] = [];
  private dir = '';
  /** The replica replicates through this link, which partition() cuts. */
  private readonly link: TcpLink;
  private readonly ports = loopbackPorts(5);
  readonly primaryPort = this.ports[0];
  readonly replicaPort = this.ports[1];
  readonly sentinelPorts = this.ports.slice(2);
  /** The value of REDIS_SENTINELS. */
  readonly sentinels = this.sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',');

  constructor() {
    this.link = new TcpLink(this.primaryPort);
  }

  async start(): Promise<void> {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-sentinel-'));
    this.server(this.primaryPort);
    await this.link.start();
    this.server(this.replicaPort, ['--replicaof', '127.0.0.1', String(this.link.port)]);
    await waitFor(
      async () => (await this.cli(this.replicaPort, 'info', 'replication')).includes('master_link_status:up'),
      'the replica to sync',
    );
    for (const port of this.sentinelPorts) {
      const conf = path.join(this.dir, `sentinel-${port}.conf`);
      fs.writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${this.dir}`,
          `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${this.primaryPort} 2`,
          `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
          // Also how long Sentinel lets a replica replicate from another address than the primary's (the link)
          // before it points it back at the primary: longer than any test.
          `sentinel failover-timeout ${SENTINEL_NAME} 180000`,
          '',
        ].join('\n'),
      );
      this.sentinelProcesses.push(spawn('redis-sentinel', [conf], { stdio: 'ignore' }));
    }
    // Ready once each Sentinel knows the replica and the two other Sentinels.
    for (const port of this.sentinelPorts) {
      await waitFor(async () => {
        const replicas = await this.cli(port, 'sentinel', 'replicas', SENTINEL_NAME);
        const others = await this.cli(port, 'sentinel', 'sentinels', SENTINEL_NAME);
        return replicas.includes(String(this.replicaPort)) && (others.match(/^runid$/gm)?.length ?? 0) >= 2;
      }, `sentinel ${port} to know the replica and the other sentinels`);
    }
  }

  /** The port of the server the Sentinels name as primary now. */
  async primary(): Promise<number> {
    const out = await this.cli(this.sentinelPorts[0], 'sentinel', 'get-master-addr-by-name', SENTINEL_NAME);
    return Number(out.split('\n')[1]);
  }

  /**
   * Cuts the replica off the primary as a network partition would: the primary goes on taking writes the replica
   * never sees, and does not learn it (the connection stays open).
   */
  partitionReplica(): void {
    this.link.partition();
  }

  /** Kills the primary (SIGKILL: whatever it had not replicated is lost), and resolves once a replica took over. */
  async killPrimary(): Promise<{ killedAt: number; promotedAfterMs: number }> {
    const port = await this.primary();
    const child = this.servers.get(port)!;
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await exited(child);
    await waitFor(async () => (await this.primary()) !== port, 'a replica to be promoted', 30_000);
    return { killedAt, promotedAfterMs: Date.now() - killedAt };
  }

  async cli(port: number, ...args: string[]): Promise<string> {
    return (await run('redis-cli', ['-p', String(port), ...args]).catch((err) => ({ stdout: String(err.stdout ?? '') }))).stdout;
  }

  async stop(): Promise<void> {
    this.link.close();
    const all = [...this.servers.values(), ...this.sentinelProcesses];
    for (const c of all) c.kill('SIGKILL');
    await Promise.all(all.map((c) => exited(c)));
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private server(port: number, extra: string[] = []): void {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'no', ...extra];
    this.servers.set(port, spawn('redis-server', args, { stdio: 'ignore' }));
  }
}
