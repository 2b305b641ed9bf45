import type { Config } from '../../config/config.js';
import type { PaymentMethod, ParsedPayment } from '../payment-method.js';
import type { PaidRequest, PaymentHeaders, PaymentRequirements, PricedResource } from '../paywall.js';
import type { SettlementAttempt, SettlementIntent } from '../settlement.types.js';
import { usdToAtomic } from '../usdc.js';
import type { X402PaymentPayload, X402Rail } from './rail.js';

/**
 * x402 version 1, `exact` scheme, on one network: the payment is the X-PAYMENT header (base64 JSON
 * PaymentPayload); its rail (EVM, SVM, or a remote facilitator) authenticates, verifies, settles and
 * reconciles it.
 */
/** A decoded X-PAYMENT and the header as sent (stored in the settlement intent). */
export interface X402Payment {
  decoded: X402PaymentPayload;
  credential: string;
}

export class X402Method implements PaymentMethod<X402Payment> {
  readonly header = 'x-payment';
  readonly network: string;
  /** Requirements per resource URL and price: built once, then served as they are. */
  private readonly cache = new Map<string, PaymentRequirements>();

  constructor(
    private readonly rail: X402Rail,
    private readonly timeoutSeconds: Config['paymentTimeoutSeconds'],
  ) {
    this.network = rail.network;
  }

  requirements(resource: PricedResource): PaymentRequirements[] {
    return [this.requirement(resource)];
  }

  private requirement(resource: PricedResource): PaymentRequirements {
    const key = `${resource.priceUsd} ${resource.resourceUrl} ${resource.description}`;
    let found = this.cache.get(key);
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
        extra: this.rail.extra,
      };
      // Host headers are the client's: keep the cache bounded whatever they send.
      if (this.cache.size >= 1000) this.cache.clear();
      this.cache.set(key, found);
    }
    return found;
  }

  async challengeHeaders(): Promise<Record<string, string>> {
    return {};
  }

  offer() {
    return null;
  }

  async parse(headers: PaymentHeaders): Promise<ParsedPayment<X402Payment>> {
    const header = headers['x-payment'];
    if (header === undefined) return null;
    const payment = decodePayment(header);
    if (typeof payment === 'string') return { refused: `X-PAYMENT is malformed: ${payment}. Nothing was charged.` };
    if (payment.x402Version !== 1) return { refused: `x402Version ${payment.x402Version} is not supported; use 1. Nothing was charged.` };
    if (payment.scheme !== 'exact') return { refused: `scheme '${payment.scheme}' is not accepted; use 'exact'. Nothing was charged.` };
    return payment.network === this.network
      ? { payment: { decoded: payment, credential: String(header).trim() } }
      : { network: payment.network };
  }

  async authenticate(
    resource: PricedResource,
    { decoded: payment, credential }: X402Payment,
    request: PaidRequest,
  ): Promise<SettlementAttempt | { refused: string }> {
    // Signature and binding first: only a payment its payer signed for this offer may be matched to an
    // earlier settlement (a header rebuilt from a settled payment's public fields learns nothing).
    const authentic = await this.rail
      .authenticate(payment, this.requirement(resource))
      .catch(() => ({ ok: false, reason: 'it could not be verified', payer: undefined }));
    if (!authentic.ok) return { refused: `payment refused: ${authentic.reason ?? 'invalid payment'}. Nothing was charged.` };
    const intent: SettlementIntent = { network: this.network, credential, resource, fingerprint: request.fingerprint, job: request.job };
    const attempt = this.attemptFor(intent, payment, request);
    if (!attempt) return { refused: 'payment refused: it names no payer and nonce. Nothing was charged.' };
    attempt.payer = authentic.payer;
    return attempt;
  }

  async resume(intent: SettlementIntent): Promise<SettlementAttempt | null> {
    if (intent.network !== this.network) return null;
    const payment = decodePayment(intent.credential);
    if (typeof payment === 'string') return null;
    return this.attemptFor(intent, payment, { fingerprint: intent.fingerprint, job: intent.job });
  }

  /** The settlement attempt of an x402 payment, or null when it names no payment on its chain. */
  private attemptFor(intent: SettlementIntent, payment: X402PaymentPayload, request: PaidRequest): SettlementAttempt | null {
    const key = this.rail.claimKey(payment);
    if (!key) return null;
    const rail = this.rail;
    const requirements = this.requirement(intent.resource);
    const attempt: SettlementAttempt = {
      key,
      network: rail.network,
      amount: requirements.maxAmountRequired,
      payer: typeof payment.payload?.authorization?.from === 'string' ? payment.payload.authorization.from : undefined,
      request,
      intent,
      async verify() {
        // A payload of the wrong shape can make a verifier throw: that is a refusal, not a server error.
        const verdict = await rail
          .verify(payment, requirements)
          .catch((err: Error) => ({ ok: false, reason: `it could not be verified (${err.message.split('\n')[0]})`, payer: undefined }));
        if (verdict.ok && verdict.payer) attempt.payer = verdict.payer;
        return verdict.ok ? null : (verdict.reason ?? 'invalid payment');
      },
      settle: () => rail.settle(payment, requirements),
      reconcile: () => rail.reconcile(payment),
      receiptHeaders: (transaction, payer) => paymentResponseHeaders(rail.network, transaction, payer),
    };
    return attempt;
  }
}

/** X-PAYMENT-RESPONSE: base64 JSON {success, transaction, network, payer}, as x402 clients read it. */
function paymentResponseHeaders(network: string, transaction: string, payer: string): Record<string, string> {
  return { 'x-payment-response': Buffer.from(JSON.stringify({ success: true, transaction, network, payer })).toString('base64') };
}

/** The X-PAYMENT value (base64 JSON PaymentPayload), or why it is not one. */
export function decodePayment(header: string | string[]): X402PaymentPayload | string {
  if (Array.isArray(header)) return 'send one X-PAYMENT header';
  if (header.length > 16_384) return 'it is longer than 16 KiB';
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(header.trim())) return 'it is not base64';
  let value: any;
  try {
    value = JSON.parse(Buffer.from(header.trim(), 'base64').toString('utf8'));
  } catch {
    return 'it is not base64-encoded JSON';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'it is not a JSON object';
  if (typeof value.x402Version !== 'number' || typeof value.scheme !== 'string' || typeof value.network !== 'string') {
    return 'it lacks x402Version, scheme or network';
  }
  if (!value.payload || typeof value.payload !== 'object') return 'it lacks a payload';
  return value as X402PaymentPayload;
}
