import { CAIP2_NETWORKS } from '../../chains/networks.js';
import type { PaidRequest, PaymentHeaders } from '../paid-request.js';
import type { ChallengePart } from '../payment-challenge.js';
import type { RouteOffer } from '../payment-offer.js';
import type { PaymentProtocol, ReadPayment } from '../payment-protocol.js';
import type { PricedResource } from '../priced-resource.js';
import type { SettlementAttempt, SettlementIntent } from '../settlement.types.js';
import { X402_DESCRIPTION } from './x402-description.js';
import { decodePayment, type X402Method, type X402Payment } from './x402-method.js';
import { paymentRequiredHeader, toV2Requirements, v2BindingMismatch } from './x402-v2.js';

/**
 * x402 on the networks offered (one X402Method each): its part of a 402 is the v1 body `{x402Version: 1, accepts}`
 * and, with the same options in v2 form, the PAYMENT-REQUIRED header; a payment comes in PAYMENT-SIGNATURE (v2) or
 * X-PAYMENT (v1), and goes to the method of the network it names.
 */
export class X402Protocol implements PaymentProtocol {
  readonly description = X402_DESCRIPTION;

  constructor(private readonly methods: X402Method[]) {}

  async challenge(resource: PricedResource, error: string): Promise<ChallengePart> {
    const accepts = this.methods.map((m) => m.requirement(resource));
    return { headers: { 'payment-required': paymentRequiredHeader(resource, error, accepts) }, body: { x402Version: 1, accepts } };
  }

  offer(resource: PricedResource): RouteOffer {
    const accepts = this.methods.map((m) => m.requirement(resource));
    return {
      protocol: this.description.name,
      networks: accepts.map((a) => ({ network: a.network, protocol: this.description.name, asset: a.asset, payTo: a.payTo })),
      directoryEntry: { x402: {} },
      details: { accepts },
    };
  }

  async read(headers: PaymentHeaders): Promise<ReadPayment> {
    const v1 = headers['x-payment'];
    const v2 = headers['payment-signature'];
    if (v1 === undefined && v2 === undefined) return null;
    const refused = (why: string, network = 'unknown') => ({ refused: `${why} Nothing was charged.`, network });
    if (v1 !== undefined && v2 !== undefined)
      return refused('send one x402 payment: PAYMENT-SIGNATURE (x402 v2) or X-PAYMENT (v1), not both.');
    const version = v2 !== undefined ? 2 : 1;
    const header = (v2 ?? v1)!;
    const decoded = decodePayment(header, version);
    if (typeof decoded === 'string') return refused(`${version === 2 ? 'PAYMENT-SIGNATURE' : 'X-PAYMENT'} is malformed: ${decoded}.`);
    const { payment, binding, paymentId } = decoded;
    // Labels are bounded: a network is named only when x402 knows it, never as the client wrote it.
    const known = Object.hasOwn(CAIP2_NETWORKS, payment.network) ? payment.network : 'unknown';
    if (payment.scheme !== 'exact') return refused(`scheme '${payment.scheme}' is not accepted; use 'exact'.`, known);
    if (!this.methods.some((m) => m.network === payment.network)) {
      return refused(`network '${payment.network}' is not accepted (accepted: ${this.methods.map((m) => m.network).join(', ')}).`, known);
    }
    const found: X402Payment = {
      decoded: payment,
      credential: String(header).trim(),
      version,
      ...(binding ? { binding } : {}),
      ...(paymentId ? { paymentId } : {}),
    };
    return { payment: found, network: payment.network };
  }

  /** The payment bound to the route (a v2 payment's `accepted` must be one of the route's options), on its network's method. */
  async attempt(resource: PricedResource, payment: unknown, request: PaidRequest): Promise<SettlementAttempt | { refused: string }> {
    const { decoded, credential, version, binding, paymentId } = payment as X402Payment; // as read() returned it
    const method = this.methods.find((m) => m.network === decoded.network);
    if (!method) return { refused: 'payment refused: its network is not offered. Nothing was charged.' };
    const mismatch = binding ? v2BindingMismatch(binding, toV2Requirements(method.requirement(resource)), resource.resourceUrl) : null;
    if (mismatch) return { refused: `payment refused: ${mismatch}; pay one of the options offered. Nothing was charged.` };
    const intent: SettlementIntent = { network: method.network, credential, resource, fingerprint: request.fingerprint, job: request.job };
    const attempt = method.attemptFor(intent, decoded, version, request);
    if (attempt && paymentId) attempt.paymentId = paymentId;
    return attempt ?? { refused: 'payment refused: it names no payer and nonce. Nothing was charged.' };
  }

  async resume(intent: SettlementIntent): Promise<SettlementAttempt | null> {
    return this.methods.find((m) => m.network === intent.network)?.resume(intent) ?? null;
  }
}
