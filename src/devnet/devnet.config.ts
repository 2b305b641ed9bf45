import type { EnvReader } from '../config/env-reader.js';

/** Where the devnet's local chains listen (PAYMENT_MODE=devnet), so clients outside a container can reach them. */
export interface DevnetConfig {
  /** The address the chains bind: loopback by default; 0.0.0.0 in a container whose ports are published. */
  host: string;
  /** Fixed ports of the Base, Solana and Tempo chains, or null: any free ports. */
  ports: { base: number; solana: number; tempo: number } | null;
}

export const DEVNET_CONFIG = Symbol('DEVNET_CONFIG');

export const DEVNET_DEFAULTS = { DEVNET_HOST: '127.0.0.1' } as const;

export function devnetConfig(r: EnvReader<typeof DEVNET_DEFAULTS>): DevnetConfig {
  const host = r.get('DEVNET_HOST');
  if (!/^[0-9a-fA-F.:]+$/.test(host)) r.problems.push(`DEVNET_HOST=${host}: must be an IP address to bind (127.0.0.1, 0.0.0.0, ::)`);
  const raw = r.optional('DEVNET_PORTS');
  if (raw === null) return { host, ports: null };
  const ports = raw.split(',').map((p) => Number(p.trim()));
  if (ports.length !== 3 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535) || new Set(ports).size !== 3) {
    r.problems.push(`DEVNET_PORTS=${raw}: must be three different ports, for Base, Solana and Tempo (e.g. 8545,8899,8546)`);
    return { host, ports: null };
  }
  return { host, ports: { base: ports[0], solana: ports[1], tempo: ports[2] } };
}
