import type { PaymentPayload } from '@x402/core/types';
import { extractAndValidatePaymentIdentifier } from '@x402/extensions/payment-identifier';
import { usdToAtomic } from '../../chains/usdc.js';
import type { PaidRequest } from '../paid-request.js';
import type { PricedResource } from '../priced-resource.js';
import type { SettlementAttempt, SettlementIntent } from '../settlement.types.js';
import type { X402PaymentPayload, X402Rail } from './rail.js';
import type { PaymentRequirements } from './x402-requirements.js';
import { v1OutputSchema } from './x402-schemas.js';
import { fromV2Payload, paymentResponseHeaderV2, type V2Binding, v2Binding } from './x402-v2.js';

/** A decoded x402 payment (in the v1 form the rails read), the header as sent, and which version sent it. */
export interface X402Payment {
  decoded: X402PaymentPayload;
  credential: string;
  /** 1: X-PAYMENT, answered with X-PAYMENT-RESPONSE; 2: PAYMENT-SIGNATURE, answered with PAYMENT-RESPONSE. */
  version: 1 | 2;
  /** v2: the requirements entry and resource the payment says it accepted, held against the route's. */
  binding?: V2Binding;
  /** The payment-identifier extension's id, when the payment carries one (either version). */
  paymentId?: string;
}

/**
 * x402 `exact` on one network, in both wire versions: the payment is X-PAYMENT (v1) or PAYMENT-SIGNATURE
 * (v2), base64 JSON PaymentPayloads carrying the same signed transfer; its rail (EVM, SVM, or a remote
 * facilitator) authenticates, verifies, settles and reconciles it. The x402 protocol (x402-protocol.ts) reads
 * the headers, binds each payment to the route and hands it to the network it names.
 */
export class X402Method {
  readonly network: string;
  /** Requirements per priced resource (built once per route and base URL): built once, then served as they are. */
  private readonly cache = new WeakMap<PricedResource, PaymentRequirements>();

  constructor(
    readonly rail: X402Rail,
    private readonly timeoutSeconds: number,
  ) {
    this.network = rail.network;
  }

  /** Its entry of a 402's `accepts[]` for the route. */
  requirement(resource: PricedResource): PaymentRequirements {
    let found = this.cache.get(resource);
    if (!found) {
      const amount = usdToAtomic(resource.priceUsd).toString();
      found = {
        scheme: 'exact',
        network: this.rail.network,
        maxAmountRequired: amount,
        maxAmount: amount,
        resource: resource.resourceUrl,
        description: resource.description,
        mimeType: 'application/json',
        payTo: this.rail.payTo,
        maxTimeoutSeconds: this.timeoutSeconds,
        asset: this.rail.asset,
        outputSchema: v1OutputSchema(resource.inputSchema, resource.outputSchema),
        extra: this.rail.extra,
      };
      this.cache.set(resource, found);
    }
    return found;
  }

  resume(intent: SettlementIntent): SettlementAttempt | null {
    if (intent.network !== this.network) return null;
    const version = credentialVersion(intent.credential);
    const decoded = decodePayment(intent.credential, version);
    if (typeof decoded === 'string') return null;
    return this.attemptFor(intent, decoded.payment, version, { fingerprint: intent.fingerprint, job: intent.job });
  }

  /** The settlement attempt of an x402 payment on this rail, or null when it names no payment on its chain. */
  attemptFor(intent: SettlementIntent, payment: X402PaymentPayload, version: 1 | 2, request: PaidRequest): SettlementAttempt | null {
    const key = this.rail.claimKey(payment);
    if (!key) return null;
    const rail = this.rail;
    const requirements = this.requirement(intent.resource);
    const attempt: SettlementAttempt = {
      key,
      proof: null, // the signed payment is its own proof
      network: rail.network,
      amount: requirements.maxAmountRequired,
      payer: typeof payment.payload?.authorization?.from === 'string' ? payment.payload.authorization.from : null,
      expiresAt: expiryOf(payment, this.timeoutSeconds),
      request,
      intent,
      // Signature and binding with no chain state: what a resend must pass before it meets its earlier claim.
      async authenticate() {
        const verdict = await rail.authenticate(payment, requirements);
        if (verdict.ok && verdict.payer) attempt.payer = verdict.payer;
        return verdict.ok ? null : (verdict.reason ?? 'invalid payment');
      },
      // The scheme's own full check: signature, binding and chain state.
      async verify() {
        // A payload of the wrong shape can make a verifier throw: that is a refusal, not a server error.
        const verdict = await rail
          .verify(payment, requirements)
          .catch((err: Error) => ({ ok: false, reason: `it could not be verified (${err.message.split('\n')[0]})`, payer: null }));
        if (verdict.ok && verdict.payer) attempt.payer = verdict.payer;
        return verdict.ok ? null : (verdict.reason ?? 'invalid payment');
      },
      settle: () => rail.settle(payment, requirements),
      reconcile: () => rail.reconcile(payment),
      receiptHeaders: (transaction, payer) =>
        version === 2
          ? paymentResponseHeaderV2(rail.network, transaction, payer)
          : paymentResponseHeaders(rail.network, transaction, payer),
      restateReceipt(recorded) {
        const settled = recordedSettlement(recorded);
        return settled ? attempt.receiptHeaders(settled.transaction, settled.payer) : recorded;
      },
    };
    return attempt;
  }
}

/** An EVM authorization's validBefore; else (a Solana transaction) the time the 402 gives a payment, from now. */
function expiryOf(payment: X402PaymentPayload, timeoutSeconds: number): number {
  const validBefore = Number(payment.payload?.authorization?.validBefore);
  return Number.isFinite(validBefore) && validBefore > 0 ? validBefore * 1000 : Date.now() + timeoutSeconds * 1000;
}

/**
 * X-PAYMENT-RESPONSE: base64 JSON {success, transaction, network, payer}, as x402 clients read it. Written here: the
 * maintained codec (@x402/core/http) is v2's, typed to CAIP-2 networks, and v1 names its own ("base").
 */
function paymentResponseHeaders(network: string, transaction: string, payer: string): Record<string, string> {
  return { 'x-payment-response': Buffer.from(JSON.stringify({ success: true, transaction, network, payer })).toString('base64') };
}

/**
 * An X-PAYMENT (v1) or PAYMENT-SIGNATURE (v2) value, base64 JSON PaymentPayload, in the v1 form the rails
 * read (and, for v2, what it says it accepted); or why it is not one. Read here rather than with
 * @x402/core/http's decoder: a client is told which part is wrong (size, base64, JSON, version), where that throws.
 */
export function decodePayment(
  header: string | string[],
  version: 1 | 2 = 1,
): { payment: X402PaymentPayload; binding?: V2Binding; paymentId?: string } | string {
  if (Array.isArray(header)) return 'send one payment header';
  // A v2 payment echoes the 402's extensions (the route's schemas): it is allowed to be longer.
  if (header.length > (version === 2 ? 32_768 : 16_384)) return `it is longer than ${version === 2 ? 32 : 16} KiB`;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(header.trim())) return 'it is not base64';
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(header.trim(), 'base64').toString('utf8'));
  } catch {
    return 'it is not base64-encoded JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'it is not a JSON object';
  const value = parsed as Record<string, unknown>;
  if (value.x402Version !== version) {
    const expected = version === 2 ? 'version 2 in PAYMENT-SIGNATURE' : 'version 1 in X-PAYMENT';
    return `x402Version ${value.x402Version} is not supported here; send ${expected}`;
  }
  const identified = paymentIdentifierOf(value);
  if (identified !== null && typeof identified === 'object') return identified.invalid;
  const paymentId = identified ? { paymentId: identified } : {};
  if (version === 2) {
    const payment = fromV2Payload(value);
    return typeof payment === 'string' ? payment : { payment, binding: v2Binding(value), ...paymentId };
  }
  if (typeof value.scheme !== 'string' || typeof value.network !== 'string') return 'it lacks x402Version, scheme or network';
  if (!value.payload || typeof value.payload !== 'object') return 'it lacks a payload';
  return { payment: value as unknown as X402PaymentPayload, ...paymentId }; // its fields checked above
}

/** The payment-identifier extension's id (checked by the extension's own validator), null without one, or why it is invalid. */
function paymentIdentifierOf(value: Record<string, unknown>): string | null | { invalid: string } {
  const { id, validation } = extractAndValidatePaymentIdentifier(value as unknown as PaymentPayload);
  return validation.valid ? id : { invalid: `its payment-identifier extension is invalid (${validation.errors?.join('; ')})` };
}

/** The transaction and payer of recorded x402 receipt headers (either version), or null. */
function recordedSettlement(recorded: Record<string, string>): { transaction: string; payer: string } | null {
  const header = recorded['payment-response'] ?? recorded['x-payment-response'];
  try {
    const { transaction, payer } = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    return typeof transaction === 'string' && typeof payer === 'string' ? { transaction, payer } : null;
  } catch {
    return null;
  }
}

/** Which version a stored credential (a header as sent) is: a v2 payload names what it `accepted`. */
function credentialVersion(credential: string): 1 | 2 {
  try {
    return JSON.parse(Buffer.from(credential, 'base64').toString('utf8'))?.x402Version === 2 ? 2 : 1;
  } catch {
    return 1;
  }
}
