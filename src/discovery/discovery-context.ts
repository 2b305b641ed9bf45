import { usdToAtomic } from '../chains/usdc.js';
import type { JobsConfig } from '../jobs/jobs.config.js';
import type { PaymentsConfig } from '../payments/payments.config.js';
import type { MppOffer, PaymentRequirements, Paywall, PricedResource } from '../payments/paywall.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';

/** Everything a discovery document is generated from: the loaded pipelines and the running payment config. */
export interface DiscoveryContext {
  baseUrl: string;
  pipelines: Pipeline[];
  paywall: Paywall;
  /** The settings the documents state: how long jobs are kept, and whether payments are devnet or live. */
  config: Pick<JobsConfig, 'jobRetentionSeconds'> & Pick<PaymentsConfig, 'paymentMode'>;
}

export function pricedResource(ctx: DiscoveryContext, p: Pipeline): PricedResource {
  return {
    path: p.path,
    description: p.summary,
    priceUsd: p.priceUsd,
    resourceUrl: `${ctx.baseUrl}${p.path}`,
    inputSchema: p.requestSchema,
    outputSchema: p.resultSchema,
  };
}

/** What every document says about one endpoint, computed once here so they cannot disagree. */
export interface EndpointFacts {
  pipeline: Pipeline;
  url: string;
  amount: string;
  available: boolean;
  accepts: PaymentRequirements[];
  /** The MPP (Tempo) offer, made on every route when MPP is on. */
  mpp: MppOffer | null;
  requestFields: Array<{ name: string; type: string; required: boolean; description: string }>;
}

export function endpointFacts(ctx: DiscoveryContext): EndpointFacts[] {
  return ctx.pipelines.map((p) => {
    const props = (p.requestSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((p.requestSchema.required as string[] | undefined) ?? []);
    return {
      pipeline: p,
      url: `${ctx.baseUrl}${p.path}`,
      amount: usdToAtomic(p.priceUsd).toString(),
      available: p.status === 'live',
      accepts: ctx.paywall.requirements(pricedResource(ctx, p)),
      mpp: ctx.paywall.mppOffer(),
      requestFields: Object.entries(props).map(([name, s]) => ({
        name,
        type: [s.type ?? 'any'].flat().join('|'),
        required: required.has(name),
        description: String(s.description ?? ''),
      })),
    };
  });
}

/** The networks on offer (x402's, and tempo for MPP), deduplicated. */
export function offeredNetworks(
  facts: EndpointFacts[],
): Array<{ network: string; protocol: 'x402' | 'mpp'; asset: string; payTo: string; chainId?: number }> {
  const seen = new Map<string, { network: string; protocol: 'x402' | 'mpp'; asset: string; payTo: string; chainId?: number }>();
  for (const f of facts) {
    for (const a of f.accepts) seen.set(a.network, { network: a.network, protocol: 'x402', asset: a.asset, payTo: a.payTo });
    if (f.mpp)
      seen.set(f.mpp.network, {
        network: f.mpp.network,
        protocol: 'mpp',
        asset: f.mpp.currency,
        payTo: f.mpp.recipient,
        chainId: f.mpp.chainId,
      });
  }
  return [...seen.values()];
}

/**
 * The payment protocols a route really offers: x402 when it lists x402 networks, MPP when the Tempo
 * offer is on. Only what the running paywall takes is advertised.
 */
export function offeredProtocols(f: EndpointFacts): Array<'x402' | 'mpp'> {
  return [...(f.accepts.length ? (['x402'] as const) : []), ...(f.mpp ? (['mpp'] as const) : [])];
}

/** How a client pays, one phrase per protocol on offer: the same words in every document. */
export function howToPay(mpp: boolean): string[] {
  return [
    "x402: sign one of the 402's options and send it in the PAYMENT-SIGNATURE header (x402 v2, options in the PAYMENT-REQUIRED header) " +
      "or the X-PAYMENT header (v1, options in the body's accepts[])",
    ...(mpp ? ["MPP on Tempo: answer the 402's WWW-Authenticate: Payment challenge with an Authorization: Payment credential"] : []),
  ];
}

/** Collapses runs of whitespace (newlines included), for text quoted on one line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** How long a job can be read after its creation (JOB_RETENTION_SECONDS), in words: "1 hour", "90 minutes". */
export function retention(ctx: DiscoveryContext): string {
  const s = ctx.config.jobRetentionSeconds;
  const [n, unit] =
    s % 86400 === 0 ? [s / 86400, 'day'] : s % 3600 === 0 ? [s / 3600, 'hour'] : s % 60 === 0 ? [s / 60, 'minute'] : [s, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** "0.10" -> "$0.10" */
export function usd(price: string): string {
  return `$${price}`;
}
