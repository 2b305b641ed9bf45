import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loopbackPorts } from './loopback-ports.js';
import { exited } from './processes.js';
import { waitFor } from './wait-for.js';

const run = promisify(execFile);

/**
 * A Redis Cluster of the test's own: three primaries (no replicas, a password) on loopback ports, nothing saved to disk,
 * their node files in a temporary folder; `stop()` kills them and removes it.
 */
export class RedisCluster {
  private readonly children: ChildProcess[] = [];
  private dir = '';
  // Each node also listens on its port + 10000 (the cluster bus): both must be free.
  readonly ports = loopbackPorts(3, 10000);
  /** The value of REDIS_CLUSTER_NODES. */
  readonly nodes = this.ports.map((p) => `127.0.0.1:${p}`).join(',');
  /** Every node asks for it (REDIS_PASSWORD), as a managed cluster does. */
  readonly password = randomBytes(12).toString('hex');

  async start(): Promise<void> {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-cluster-'));
    for (const port of this.ports) {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes'];
      args.push('--cluster-config-file', path.join(this.dir, `nodes-${port}.conf`), '--dir', this.dir, '--save', '', '--appendonly', 'no');
      args.push('--requirepass', this.password, '--masterauth', this.password);
      this.children.push(spawn('redis-server', args, { stdio: 'ignore' }));
    }
    for (const port of this.ports) await waitFor(() => this.cli(port, 'ping').then((o) => o.includes('PONG')), `node ${port} to answer`);
    await run('redis-cli', [
      '--no-auth-warning',
      '-a',
      this.password,
      '--cluster',
      'create',
      ...this.ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-yes',
    ]);
    for (const port of this.ports) {
      await waitFor(() => this.cli(port, 'cluster', 'info').then((o) => o.includes('cluster_state:ok')), `node ${port}: cluster_state:ok`);
    }
  }

  /** redis-cli against one node (no redirections followed), its output. */
  async cli(port: number, ...args: string[]): Promise<string> {
    return (
      await run('redis-cli', ['--no-auth-warning', '-a', this.password, '-p', String(port), ...args]).catch((err) => ({
        stdout: String(err.stdout ?? ''),
      }))
    ).stdout;
  }

  /** Every key of every node. */
  async keys(): Promise<string[]> {
    const each = await Promise.all(this.ports.map((p) => this.cli(p, '--scan')));
    return each.flatMap((out) => out.split('\n').filter(Boolean));
  }

  async stop(): Promise<void> {
    for (const c of this.children) c.kill('SIGKILL');
    await Promise.all(this.children.map((c) => exited(c)));
    this.children.length = 0;
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
