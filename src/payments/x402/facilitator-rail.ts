import { useFacilitator } from 'x402/verify';
import type { RailSettlement, RailVerdict, X402PaymentPayload, X402Rail } from './rail.js';

export interface FacilitatorRailOptions {
  network: string;
  asset: string;
  payTo: string;
  extra: Record<string, unknown>;
  /** Base URL of an x402 facilitator (its POST /verify and POST /settle). */
  url: string;
  claimKey: X402Rail['claimKey'];
  /** Reads the chain directly: a facilitator's answer is not trusted to say a transfer did not happen. */
  reconcile: X402Rail['reconcile'];
  /** Checks signature and binding locally, before an earlier settlement is looked up. */
  authenticate: X402Rail['authenticate'];
}

/** Verifies and settles through a remote x402 facilitator with the x402 package's own facilitator client. */
export function createFacilitatorRail(opts: FacilitatorRailOptions): X402Rail {
  const facilitator = useFacilitator({ url: opts.url as `${string}://${string}` });
  return {
    network: opts.network,
    asset: opts.asset,
    payTo: opts.payTo,
    extra: opts.extra,
    claimKey: opts.claimKey,
    reconcile: opts.reconcile,
    authenticate: opts.authenticate,
    async verify(payment, requirements): Promise<RailVerdict> {
      const r = await facilitator.verify(...facilitatorArgs(payment, requirements));
      return { ok: r.isValid, reason: r.invalidReason ?? undefined, payer: r.payer ?? undefined };
    },
    async settle(payment, requirements): Promise<RailSettlement> {
      const r = await facilitator.settle(...facilitatorArgs(payment, requirements));
      return { ok: r.success, reason: r.errorReason ?? undefined, transaction: r.transaction || undefined, payer: r.payer ?? undefined };
    },
  };
}

/** A payment and its requirements in the facilitator client's types (checked by the facilitator, not here). */
function facilitatorArgs(payment: X402PaymentPayload, requirements: object) {
  type Args = Parameters<ReturnType<typeof useFacilitator>['verify']>;
  return [payment as unknown as Args[0], requirements as Args[1]] as const;
}
