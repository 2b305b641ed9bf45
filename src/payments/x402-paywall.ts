import type { Config } from '../config/config.js';
import { x402Networks } from './networks.js';
import type { PaymentChallenge, PaymentOutcome, PaymentRequirements, Paywall, PricedResource } from './paywall.js';
import { usdToAtomic } from './usdc.js';

/**
 * The x402 v1 challenge for every configured network. Verifying and settling a presented payment
 * belongs to the payments issue; until it lands this paywall refuses every payment with a clear
 * reason, so nothing can be charged and no job is created through HTTP.
 */
export class X402ChallengePaywall implements Paywall {
  constructor(private readonly config: Config) {}

  requirements(resource: PricedResource): PaymentRequirements[] {
    const amount = usdToAtomic(resource.priceUsd).toString();
    return x402Networks(this.config).map((n) => ({
      scheme: 'exact',
      network: n.network,
      maxAmountRequired: amount,
      maxAmount: amount,
      resource: resource.resourceUrl,
      description: resource.description,
      mimeType: 'application/json',
      payTo: n.payTo,
      maxTimeoutSeconds: this.config.paymentTimeoutSeconds,
      asset: n.asset,
      extra: n.extra,
    }));
  }

  challenge(resource: PricedResource, error: string): PaymentChallenge {
    return { status: 402, headers: {}, body: { x402Version: 1, error, accepts: this.requirements(resource) } };
  }

  async collect(resource: PricedResource, headers: Record<string, string | string[] | undefined>): Promise<PaymentOutcome> {
    const presented = headers['x-payment'] !== undefined || /^Payment\s/i.test(String(headers.authorization ?? ''));
    const error = presented
      ? 'payment verification and settlement are not enabled on this server yet; nothing was charged'
      : 'payment required: send X-PAYMENT (x402) with a payment for one of the accepted options';
    return { kind: 'refused', challenge: this.challenge(resource, error) };
  }
}
