import { HTTPFacilitatorClient } from '@x402/core/server';
import { SettleError, VerifyError } from '@x402/core/types';
import type { RailSettlement, RailVerdict, X402Rail } from './rail.js';
import { settlementOf, v1SchemeArgs, verdictOf } from './x402-scheme.js';

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

/**
 * Verifies and settles through a remote x402 facilitator with @x402/core's facilitator client. A facilitator
 * may refuse with an error status and the refusal in the body (the client throws it as a VerifyError or
 * SettleError): that is a refused payment, not an outage. Anything else it throws (unreachable, timed out, a
 * body that is not an answer) goes up to the payment flow: a verify that throws refuses the payment with its
 * message, a settle that throws is an unknown outcome, and the chain is read (`reconcile`) before anything is decided.
 */
export function createFacilitatorRail(opts: FacilitatorRailOptions): X402Rail {
  const facilitator = new HTTPFacilitatorClient({ url: opts.url });
  return {
    network: opts.network,
    asset: opts.asset,
    payTo: opts.payTo,
    extra: opts.extra,
    claimKey: opts.claimKey,
    reconcile: opts.reconcile,
    authenticate: opts.authenticate,
    async verify(payment, requirements): Promise<RailVerdict> {
      try {
        return verdictOf(await facilitator.verify(...v1SchemeArgs(payment, requirements)));
      } catch (err) {
        if (err instanceof VerifyError) return verdictOf({ ...err, isValid: false });
        throw err;
      }
    },
    async settle(payment, requirements): Promise<RailSettlement> {
      try {
        return settlementOf(await facilitator.settle(...v1SchemeArgs(payment, requirements)));
      } catch (err) {
        if (err instanceof SettleError) return settlementOf({ ...err, success: false });
        throw err;
      }
    },
  };
}
