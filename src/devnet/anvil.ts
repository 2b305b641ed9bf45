import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface AnvilNode {
  rpcUrl: string;
  stop(): Promise<void>;
}

/** The anvil binary shipped in @foundry-rs/anvil's platform package (run directly: no wrapper to orphan it). */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  } catch {
    throw new Error(`the devnet needs ${pkg} (installed with @foundry-rs/anvil); run scripts/setup.sh`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * util-linux's setpriv, which starts a program with a parent-death signal: where it exists (Linux), a chain is
 * killed with the process that started it, even one that exits without stopping it (a failed start-up, a kill -9).
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? null;

/** Where a local chain listens: an address to bind (loopback unless said otherwise) and a port (any free one unless fixed). */
export interface ChainBinding {
  host: string;
  port: number | null;
}

/** The URL this process reaches a chain bound to `host` at: a wildcard address is reached on loopback. */
export function localRpcUrl(host: string, port: number): string {
  const reach = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
}

/** Starts a local chain with the given chain id and waits until it answers JSON-RPC. */
export async function startAnvil(opts: { chainId: number; extraArgs?: string[]; binding?: ChainBinding }): Promise<AnvilNode> {
  // A free port is only free until anvil binds it: another process (a parallel test, another chain) may take it
  // first. A port we chose is chosen again; a fixed one is the operator's, and its error is theirs to see.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAnvilOn(opts, opts.binding?.port ?? (await freePort()));
    } catch (err) {
      if (opts.binding?.port || attempt === 5 || !/Address already in use/.test(String(err))) throw err;
    }
  }
}

async function startAnvilOn(opts: { chainId: number; extraArgs?: string[]; binding?: ChainBinding }, port: number): Promise<AnvilNode> {
  const host = opts.binding?.host ?? '127.0.0.1';
  const args = ['--host', host, '--port', String(port), '--chain-id', String(opts.chainId), '--silent', ...(opts.extraArgs ?? [])];
  const [command, argv] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', anvilBinary(), ...args]] : [anvilBinary(), args];
  const child: ChildProcess = spawn(command, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const rpcUrl = localRpcUrl(host, port);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr.trim()}`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer on ${rpcUrl} within 15 s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    rpcUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One of anvil's own JSON-RPC methods (anvil_setCode, anvil_setStorageAt, ...); throws its error. */
export async function anvilCall(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result;
}
