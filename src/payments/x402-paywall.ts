import type { Config } from '../config/config.js';
import type { PaidRequest, PaymentChallenge, PaymentOutcome, PaymentRequirements, PricedResource } from './paywall.js';
import type { SettlementAttempt, SettlementFlow } from './settlement-flow.js';
import type { X402PaymentPayload, X402Rail } from './x402/rail.js';
import type { SettlementIntent } from './claim-store.js';
import { usdToAtomic } from './usdc.js';

/**
 * x402 version 1, `exact` scheme. The order is the contract: decode -> match requirements -> verify
 * -> claim the payment atomically -> settle -> create the job -> 202 (claims and settlement: the
 * shared SettlementFlow).
 */
export class X402Paywall {
  private readonly rails: Map<string, X402Rail>;

  constructor(
    private readonly config: Config,
    rails: X402Rail[],
    private readonly flow: SettlementFlow,
  ) {
    this.rails = new Map(rails.map((r) => [r.network, r]));
  }

  requirements(resource: PricedResource): PaymentRequirements[] {
    const amount = usdToAtomic(resource.priceUsd).toString();
    return [...this.rails.values()].map((r) => ({
      scheme: 'exact',
      network: r.network,
      maxAmountRequired: amount,
      maxAmount: amount,
      resource: resource.resourceUrl,
      description: resource.description,
      mimeType: 'application/json',
      payTo: r.payTo,
      maxTimeoutSeconds: this.config.paymentTimeoutSeconds,
      asset: r.asset,
      extra: r.extra,
    }));
  }

  challenge(resource: PricedResource, error: string): PaymentChallenge {
    return { status: 402, headers: {}, body: { x402Version: 1, error, accepts: this.requirements(resource) } };
  }

  async collect(resource: PricedResource, headers: Record<string, string | string[] | undefined>, request: PaidRequest): Promise<PaymentOutcome> {
    const refuse = (error: string): PaymentOutcome => ({ kind: 'refused', challenge: this.challenge(resource, error) });
    const header = headers['x-payment'];
    if (header === undefined) return refuse('payment required: send X-PAYMENT (x402) with a payment for one of the accepted options');

    const payment = decodePayment(header);
    if (typeof payment === 'string') return refuse(`X-PAYMENT is malformed: ${payment}. Nothing was charged.`);
    if (payment.x402Version !== 1) return refuse(`x402Version ${payment.x402Version} is not supported; use 1. Nothing was charged.`);
    if (payment.scheme !== 'exact') return refuse(`scheme '${payment.scheme}' is not accepted; use 'exact'. Nothing was charged.`);
    const rail = this.rails.get(payment.network);
    if (!rail) return refuse(`network '${payment.network}' is not accepted (accepted: ${[...this.rails.keys()].join(', ')}). Nothing was charged.`);
    const requirements = this.requirements(resource).find((r) => r.network === payment.network)!;

    // Signature and binding first: only a payment its payer signed for this offer may be matched to an
    // earlier settlement (a header rebuilt from a settled payment's public fields learns nothing).
    const authentic = await rail.authenticate(payment, requirements).catch(() => ({ ok: false, reason: 'it could not be verified', payer: undefined }));
    if (!authentic.ok) return refuse(`payment refused: ${authentic.reason ?? 'invalid payment'}. Nothing was charged.`);
    const intent: SettlementIntent = { network: rail.network, credential: String(header).trim(), resource, fingerprint: request.fingerprint, job: request.job };
    const attempt = this.attemptFor(intent, payment, rail, request, refuse);
    if (!attempt) return refuse('payment refused: it names no payer and nonce. Nothing was charged.');
    attempt.payer = authentic.payer;
    const earlier = await this.flow.answerIfSeen(attempt);
    if (earlier) return earlier;
    // A payload of the wrong shape can make a verifier throw: that is a refusal, not a server error.
    const verdict = await rail.verify(payment, requirements).catch((err: Error) => ({ ok: false, reason: `it could not be verified (${err.message.split('\n')[0]})`, payer: undefined }));
    if (!verdict.ok) {
      // A payment whose transfer already landed fails verification (its nonce is used): never answer
      // "nothing was charged" then; the chain decides, and a landed payment gets its job.
      const onChain = await rail.reconcile(payment).catch(() => null);
      if (!onChain?.settled) return refuse(`payment refused: ${verdict.reason ?? 'invalid payment'}. Nothing was charged.`);
      return this.flow.claimAndSettle(attempt, { landed: true });
    }
    if (verdict.payer) attempt.payer = verdict.payer;
    return this.flow.claimAndSettle(attempt);
  }

  /** The settlement attempt of an x402 payment, or null when it names no payment on its chain. */
  private attemptFor(intent: SettlementIntent, payment: X402PaymentPayload, rail: X402Rail, request: PaidRequest, refuse: (error: string) => PaymentOutcome): SettlementAttempt | null {
    const key = rail.claimKey(payment);
    if (!key) return null;
    const requirements = this.requirements(intent.resource).find((r) => r.network === rail.network)!;
    return {
      key,
      network: rail.network,
      amount: requirements.maxAmountRequired,
      payer: typeof payment.payload?.authorization?.from === 'string' ? payment.payload.authorization.from : undefined,
      request,
      intent,
      settle: () => rail.settle(payment, requirements),
      reconcile: () => rail.reconcile(payment),
      receiptHeaders: (transaction, payer) => paymentResponseHeaders(rail.network, transaction, payer),
      refuse,
    };
  }

  /** The attempt a recorded intent describes, for the reconciler. */
  async resume(intent: SettlementIntent): Promise<SettlementAttempt | null> {
    const payment = decodePayment(intent.credential);
    const rail = this.rails.get(intent.network);
    if (typeof payment === 'string' || !rail) return null;
    const refuse = (error: string): PaymentOutcome => ({ kind: 'refused', challenge: this.challenge(intent.resource, error) });
    return this.attemptFor(intent, payment, rail, { fingerprint: intent.fingerprint, job: intent.job }, refuse);
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
