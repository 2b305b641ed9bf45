import type { X402Rail } from './rail.js';

/** A network listed in 402 responses whose settlement is not built yet: every payment is refused, free. */
export function createUnavailableRail(network: string, asset: string, payTo: string, extra: Record<string, unknown>): X402Rail {
  const reason = `payments on ${network} cannot be settled by this server yet; pay on another accepted network. Nothing was charged.`;
  return {
    network,
    asset,
    payTo,
    extra,
    claimKey: () => null,
    verify: async () => ({ ok: false, reason }),
    settle: async () => ({ ok: false, reason }),
    reconcile: async () => ({ settled: false }),
  };
}
