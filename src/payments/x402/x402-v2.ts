import { isDeepStrictEqual } from 'node:util';
import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { x402ResourceServer } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements as PaymentRequirements2 } from '@x402/core/types';
import { type SanitizedResourceServiceMetadata, sanitizeResourceServiceMetadata } from '@x402/extensions/bazaar';
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER } from '@x402/extensions/payment-identifier';
import { caip2, v1NetworkName } from '../../chains/networks.js';
import type { PricedResource } from '../priced-resource.js';
import type { X402PaymentPayload } from './rail.js';
import type { PaymentRequirements } from './x402-requirements.js';
import { bazaarExtension, type Schema } from './x402-schemas.js';

/** How the Bazaar lists the service. */
const SERVICE_NAME = 'vidint';
const SERVICE_TAGS = ['video', 'image', 'analysis', 'fact-check', 'ai'];
const OPTIONAL_PAYMENT_IDENTIFIER = declarePaymentIdentifierExtension(false);

/**
 * x402 version 2 on the wire, beside version 1 on the same routes: the 402 also carries
 * PAYMENT-REQUIRED, a payment may come in PAYMENT-SIGNATURE, and its 202 answers with PAYMENT-RESPONSE.
 * A v2 payment carries the same signed transfer as a v1 one (an EIP-3009 authorization, a Solana
 * transaction); only the envelope differs. It is read into the v1 form here, so the same rails
 * authenticate, verify, claim and settle both, and one signed transfer has one claim whichever header
 * brought it.
 */

/** An x402 v2 PaymentRequirements entry (CAIP-2 network, `amount`). */
export interface PaymentRequirementsV2 {
  scheme: 'exact';
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

export function toV2Requirements(r: PaymentRequirements): PaymentRequirementsV2 {
  return {
    scheme: r.scheme,
    network: caip2(r.network),
    amount: r.maxAmountRequired,
    asset: r.asset,
    payTo: r.payTo,
    maxTimeoutSeconds: r.maxTimeoutSeconds,
    extra: r.extra,
  };
}

/** The PAYMENT-REQUIRED header of a 402: the same options as the v1 body's accepts[], in v2 form. */
export function paymentRequiredHeader(resource: PricedResource, error: string, accepts: PaymentRequirements[]): string {
  const required = {
    x402Version: 2,
    error,
    resource: { url: resource.resourceUrl, description: resource.description, mimeType: 'application/json', ...serviceMetadata(resource) },
    accepts: accepts.map(toV2Requirements),
    // Clients may name their purchase (a retry re-signed after a timeout is the same purchase): see payment-identifiers.ts.
    extensions: { bazaar: bazaarOf(resource), [PAYMENT_IDENTIFIER]: OPTIONAL_PAYMENT_IDENTIFIER },
  };
  // The codec turns every byte of the ~5 KB JSON into a string of its own (about 0.25 ms and that much garbage a 402),
  // and a route's 402 is the same every time: encoded once per distinct JSON.
  const json = JSON.stringify(required);
  let header = encodedHeaders.get(json);
  if (header === undefined) {
    header = encodePaymentRequiredHeader(required as Parameters<typeof encodePaymentRequiredHeader>[0]);
    if (encodedHeaders.size >= ENCODED_HEADERS_KEPT) encodedHeaders.delete(encodedHeaders.keys().next().value as string);
    encodedHeaders.set(json, header);
  }
  return header;
}

/** PAYMENT-REQUIRED headers by their JSON, oldest first: routes x the hosts they are called by x the refusals' reasons. */
const encodedHeaders = new Map<string, string>();
const ENCODED_HEADERS_KEPT = 256;

/** Bazaar extensions by route example (one object per loaded pipeline): built once, not on every 402. */
const bazaars = new WeakMap<object, Schema>();

function bazaarOf(resource: PricedResource): Schema {
  let found = bazaars.get(resource.example);
  if (!found) bazaars.set(resource.example, (found = bazaarExtension(resource)));
  return found;
}

/** Directories' listing of the service on the v2 resource: its name, tags and icon, as the Bazaar accepts them (an icon on a loopback or IP address is left out). */
function serviceMetadata(resource: PricedResource): SanitizedResourceServiceMetadata {
  const url = resource.resourceUrl;
  return sanitizeResourceServiceMetadata({
    url,
    serviceName: SERVICE_NAME,
    tags: SERVICE_TAGS,
    iconUrl: `${new URL(url).origin}/favicon.svg`,
  });
}

/** PAYMENT-RESPONSE: base64 JSON {success, transaction, network (CAIP-2), payer}, as v2 clients read it. */
export function paymentResponseHeaderV2(network: string, transaction: string, payer: string): Record<string, string> {
  return {
    'payment-response': encodePaymentResponseHeader({
      success: true,
      transaction,
      network: caip2(network) as `${string}:${string}`,
      payer,
    }),
  };
}

/**
 * A decoded v2 PaymentPayload ({x402Version: 2, accepted, payload, resource?, extensions?}) in the v1
 * form the rails read ({x402Version, scheme, network (v1 name), payload}), or why it is not one.
 */
export function fromV2Payload(value: Record<string, unknown>): X402PaymentPayload | string {
  const accepted = value.accepted as { scheme?: unknown; network?: unknown } | null | undefined;
  if (!accepted || typeof accepted !== 'object' || typeof accepted.scheme !== 'string' || typeof accepted.network !== 'string') {
    return 'it lacks accepted {scheme, network}';
  }
  if (!value.payload || typeof value.payload !== 'object') return 'it lacks a payload';
  // The v1 form of the same transfer: the v1 facilitator schemes check it exactly as they check X-PAYMENT.
  return {
    x402Version: 1,
    scheme: accepted.scheme,
    network: v1NetworkName(accepted.network),
    payload: value.payload as X402PaymentPayload['payload'],
  };
}

/** What a v2 payment says it accepted: the requirements entry it signed for, and the resource it names. */
export interface V2Binding {
  accepted: Record<string, unknown>;
  resource: string | null;
}

export function v2Binding(value: Record<string, unknown>): V2Binding {
  const resource = value.resource as { url?: unknown } | null | undefined;
  return { accepted: value.accepted as Record<string, unknown>, resource: typeof resource?.url === 'string' ? resource.url : null };
}

/** @x402/core's own server matcher (its resource server, without a facilitator: only its matching is used). */
const stockMatcher = new x402ResourceServer([]);

/**
 * Why a v2 payment's `accepted` entry or its resource is not what the route offers, or null when it is. The
 * entry must match as @x402/core's server matches it: every field equal (scheme, network, asset, amount, payTo,
 * maxTimeoutSeconds), and `extra` holding the route's `extra` deeply (EVM {name, version}, Solana {feePayer}; a
 * client may add fields). EVM addresses are compared without their checksum case.
 */
export function v2BindingMismatch(binding: V2Binding, offered: PaymentRequirementsV2, resourceUrl: string): string | null {
  const evm = offered.network.startsWith('eip155:');
  const accepted = evm ? withLowerCaseAddresses(binding.accepted) : binding.accepted;
  const offer = { ...offered } as Record<string, unknown>;
  const route = evm ? withLowerCaseAddresses(offer) : offer;
  const payload = { x402Version: 2, accepted, payload: {} } as unknown as PaymentPayload;
  if (!stockMatcher.findMatchingRequirements([route as unknown as PaymentRequirements2], payload)) {
    const fields = [...new Set([...Object.keys(route), ...Object.keys(accepted)])].filter((f) => f !== 'extra');
    const field = fields.find((f) => !isDeepStrictEqual(accepted[f], route[f])) ?? 'extra';
    const shown = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
    return `its accepted ${field} (${shown(binding.accepted[field])}) is not the route's (${shown(offer[field])})`;
  }
  if (binding.resource !== null && binding.resource !== resourceUrl) return `it names another resource (${binding.resource})`;
  return null;
}

function withLowerCaseAddresses<T extends Record<string, unknown>>(r: T): T {
  const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
  return { ...r, asset: lower(r.asset), payTo: lower(r.payTo) };
}
