import { randomUUID } from 'node:crypto';
import type { Config } from '../config/config.js';
import type { Receipt } from '../jobs/job.types.js';
import type { AffiliateLedger } from './affiliate-ledger.js';
import type { Claim, ClaimStore } from './claim-store.js';
import type { PaidRequest, PaymentChallenge, PaymentOutcome, PaymentRequirements, Paywall, PricedResource } from './paywall.js';
import type { RailSettlement, X402PaymentPayload, X402Rail } from './x402/rail.js';
import { usdToAtomic } from './usdc.js';

const SETTLING_WAIT_MS = 30_000;

/**
 * x402 version 1, `exact` scheme. The order is the contract: decode -> match requirements -> verify
 * -> claim the payment atomically -> settle -> create the job -> 202. A payment is claimed before it
 * is settled, so concurrent resends settle it once; a settled payment maps to its job, so resends get
 * the same 202; a failed settlement releases the claim and charges nothing.
 */
export class X402Paywall implements Paywall {
  private readonly rails: Map<string, X402Rail>;

  constructor(
    private readonly config: Config,
    rails: X402Rail[],
    private readonly claims: ClaimStore,
    private readonly ledger: AffiliateLedger,
    /** How long a settlement may stay unresolved before a resend reconciles it with the chain. */
    private readonly reconcileAfterMs: number,
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

    const key = rail.claimKey(payment);
    const ctx: Attempt | null = key ? { key, rail, payment, requirements, request, refuse } : null;
    if (ctx) {
      const earlier = await this.claims.get(ctx.key);
      if (earlier) return this.answerEarlier(ctx, earlier);
    }
    // A payload of the wrong shape can make a verifier throw: that is a refusal, not a server error.
    const verdict = await rail.verify(payment, requirements).catch((err: Error) => ({ ok: false, reason: `it could not be verified (${err.message.split('\n')[0]})`, payer: undefined }));
    if (!verdict.ok) return refuse(`payment refused: ${verdict.reason ?? 'invalid payment'}. Nothing was charged.`);
    if (!ctx) return refuse('payment refused: it names no payer and nonce. Nothing was charged.');

    const existing = await this.claims.claim(ctx.key, request.fingerprint);
    if (existing) return this.answerEarlier(ctx, existing);
    return this.settleClaimed(ctx, verdict.payer);
  }

  /**
   * Settles a payment this request holds the claim of. A failed or unknown outcome is checked against
   * the chain before anything is released: the transfer may have gone through although the call failed.
   */
  private async settleClaimed(ctx: Attempt, verdictPayer?: string): Promise<PaymentOutcome> {
    const { rail, payment, requirements, key } = ctx;
    let settled: RailSettlement | null = null;
    try {
      settled = await rail.settle(payment, requirements);
    } catch {
      settled = null; // outcome unknown: e.g. the RPC timed out after the broadcast
    }
    if (!settled?.ok || !settled.transaction) {
      const onChain = await rail.reconcile(payment).catch(() => null);
      if (onChain?.settled) {
        settled = { ok: true, transaction: onChain.transaction ?? 'unknown', payer: verdictPayer };
      } else if (settled && onChain) {
        await this.claims.release(key);
        return ctx.refuse(`payment could not be settled: ${settled.reason ?? 'unknown reason'}. Nothing was charged.`);
      } else {
        return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
      }
    }
    return this.accept(ctx, settled.transaction!, settled.payer ?? verdictPayer ?? 'unknown');
  }

  /** The payment is on chain: create its one job, remember it, credit the affiliate. */
  private async accept(ctx: Attempt, transaction: string, payer: string): Promise<PaymentOutcome> {
    const { rail, requirements, request, key } = ctx;
    const receipt: Receipt = {
      receipt_id: randomUUID(),
      payer,
      network: rail.network,
      transaction,
      amount: requirements.maxAmountRequired,
      settled_at: Date.now(),
      ...(request.affiliateId ? { affiliate_id: request.affiliateId } : {}),
    };
    const headers = {
      'x-payment-response': Buffer.from(JSON.stringify({ success: true, transaction, network: rail.network, payer })).toString('base64'),
    };
    const jobId = await request.createJob(receipt);
    await this.claims.settled(key, { state: 'settled', fingerprint: request.fingerprint, jobId, headers });
    if (request.affiliateId) await this.ledger.record(request.affiliateId, BigInt(receipt.amount));
    return { kind: 'accepted', jobId, headers, replay: false };
  }

  /**
   * A resend of a payment seen before: the same 202, a conflict, a wait while another request settles
   * it, or, when that settlement's outcome stayed unknown too long, its reconciliation.
   */
  private async answerEarlier(ctx: Attempt, claim: Claim): Promise<PaymentOutcome> {
    const deadline = Date.now() + SETTLING_WAIT_MS;
    let current: Claim | null = claim;
    while (current?.state === 'settling' && Date.now() - current.since < this.reconcileAfterMs && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      current = await this.claims.get(ctx.key);
    }
    if (!current) return ctx.refuse('payment refused: an earlier send of this payment could not be settled. Nothing was charged.');
    if (current.fingerprint !== ctx.request.fingerprint) {
      return { kind: 'conflict', message: 'this payment was already used for a different request; sign a new payment' };
    }
    if (current.state === 'settled') return { kind: 'accepted', jobId: current.jobId, headers: current.headers, replay: true };
    if (Date.now() - current.since < this.reconcileAfterMs || !(await this.claims.lock(`${ctx.key}:reconcile`, SETTLING_WAIT_MS))) {
      return { kind: 'pending', message: 'this payment is still being settled; resend the same payment, do not pay again', retryAfterSeconds: RETRY_SECONDS };
    }
    const onChain = await ctx.rail.reconcile(ctx.payment).catch(() => null);
    if (!onChain) return { kind: 'pending', message: UNKNOWN_OUTCOME, retryAfterSeconds: RETRY_SECONDS };
    if (onChain.settled) return this.accept(ctx, onChain.transaction ?? 'unknown', ctx.payment.payload?.authorization?.from ?? 'unknown');
    // Nothing moved: settle the same authorization again (its nonce can be used once, so never twice).
    return this.settleClaimed(ctx);
  }
}

/** One paid request in flight through the paywall. */
interface Attempt {
  key: string;
  rail: X402Rail;
  payment: X402PaymentPayload;
  requirements: PaymentRequirements;
  request: PaidRequest;
  refuse: (error: string) => PaymentOutcome;
}

const UNKNOWN_OUTCOME = 'the settlement outcome is not known yet; resend the same payment in a moment, do not pay again';
const RETRY_SECONDS = 5;

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
