/** A header, as the OpenAPI document describes it. */
export interface HeaderDoc {
  name: string;
  description: string;
}

/** One network a protocol takes payments on, and what is paid there. */
export interface OfferedNetwork {
  network: string;
  /** The protocol's name (x402, mpp). */
  protocol: string;
  asset: string;
  payTo: string;
  chainId?: number;
}

/**
 * How a payment protocol is offered, in the words and schemas the discovery documents are written from: each
 * protocol describes itself, so the documents name none.
 */
export interface ProtocolDescription {
  /** As clients and directories name it: x402, mpp. */
  name: string;
  /** For people, in a sentence: "x402", "the Machine Payments Protocol (MPP)". */
  title: string;
  /** Where it is specified. */
  url: string;
  /** A phrase: how a client pays a route with it ("answer the ... challenge with ..."). */
  howToPay: string;
  /** What its part of a 402 holds, in a few words ("PAYMENT-REQUIRED header for x402 v2, accepts[] in the body for v1"). */
  challenge: string;
  /** How to pay with it, step by step, for agents (llms.txt): a line each. */
  guide: string[];
  /** How a paid MCP tool call carries its payment, when it can be paid over MCP. */
  mcp: string | null;
  /** Copy-paste client code paying `url` (a POST with a JSON body {url}): [title, code]. */
  examples(url: string): Array<[string, string]>;
  /** For the OpenAPI document: the request headers that carry its payments, those of its 402 and of its 202. */
  headers: { request: HeaderDoc[]; challenge: HeaderDoc[]; receipt: HeaderDoc[] };
  /** The schemas of its part of the 402 body (component name -> schema), and the body's own, when it shapes it. */
  schemas: { components: Record<string, Record<string, unknown>>; body: Record<string, unknown> } | null;
  /** The fields that open its manifest at /.well-known/<name>, when it publishes one. */
  manifest: Record<string, unknown> | null;
}

/** How a protocol is offered on one route (its networks, and its details of the price there). */
export interface RouteOffer {
  protocol: string;
  networks: OfferedNetwork[];
  /** Its entry of the route's OpenAPI `x-payment-info.protocols`, in the form directories read. */
  directoryEntry: Record<string, unknown>;
  /** What it adds to the route's `x-payment-info` and manifest entry (x402: every option, `accepts`). */
  details: Record<string, unknown>;
}
