import { usdToAtomic } from '../chains/usdc.js';
import type { JobsConfig } from '../jobs/jobs.config.js';
import { pricedResource } from '../orders/pipeline-resource.js';
import type { OfferedNetwork, ProtocolDescription, RouteOffer } from '../payments/payment-offer.js';
import type { PaymentsConfig } from '../payments/payments.config.js';
import type { Paywall } from '../payments/paywall.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';

/** Everything a discovery document is generated from: the loaded pipelines and the payment protocols on offer. */
export interface DiscoveryContext {
  baseUrl: string;
  pipelines: Pipeline[];
  paywall: Paywall;
  /** The settings the documents state: how long jobs are kept, and whether payments are devnet or live. */
  config: Pick<JobsConfig, 'jobRetentionSeconds'> & Pick<PaymentsConfig, 'paymentMode'>;
  /** How long a job of the pipeline typically takes, in seconds (measured; the pipeline's estimate until then). */
  typicalSeconds: (pipeline: Pipeline) => number;
}

/** What every document says about one endpoint, computed once here so they cannot disagree. */
export interface EndpointFacts {
  pipeline: Pipeline;
  url: string;
  amount: string;
  available: boolean;
  /** Typical seconds from acceptance to result (TypicalDurations). */
  typicalSeconds: number;
  /** How each payment protocol is offered on it. */
  offers: RouteOffer[];
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
      typicalSeconds: ctx.typicalSeconds(p),
      offers: ctx.paywall.offers(pricedResource(p, ctx.baseUrl)),
      requestFields: Object.entries(props).map(([name, s]) => ({
        name,
        type: [s.type ?? 'any'].flat().join('|'),
        required: required.has(name),
        description: String(s.description ?? ''),
      })),
    };
  });
}

/** The payment protocols on offer, as they describe themselves. */
export function protocols(ctx: DiscoveryContext): ProtocolDescription[] {
  return ctx.paywall.protocols();
}

/** Every network on offer, once each, with its protocol. */
export function offeredNetworks(facts: EndpointFacts[]): OfferedNetwork[] {
  const seen = new Map<string, OfferedNetwork>();
  for (const f of facts) for (const o of f.offers) for (const n of o.networks) seen.set(n.network, n);
  return [...seen.values()];
}

/** The names of the payment protocols a route offers. */
export function offeredProtocols(f: EndpointFacts): string[] {
  return f.offers.map((o) => o.protocol);
}

/** How a client pays, one phrase per protocol on offer: the same words in every document. */
export function howToPay(ctx: DiscoveryContext): string[] {
  return protocols(ctx).map((p) => p.howToPay);
}

/** The protocols' titles, for a sentence: "x402 or the Machine Payments Protocol (MPP)". */
export function protocolTitles(ctx: DiscoveryContext): string {
  return protocols(ctx)
    .map((p) => p.title)
    .join(' or ');
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
