import { decodePaymentRequiredHeader } from '@x402/core/http';
import { Challenge, Credential, Mcp, Receipt } from 'mppx';
import type { PaymentHeaders } from '../payments/paid-request.js';
import type { PaymentChallenge } from '../payments/payment-challenge.js';

/** Where x402's MCP transport carries the payment (tool call `_meta`) and the settlement (result `_meta`). */
export const PAYMENT_META = 'x402/payment';
export const PAYMENT_RESPONSE_META = 'x402/payment-response';
/** Where an unpaid call's result carries the options in x402 v2 form. */
export const PAYMENT_REQUIRED_META = 'x402/payment-required';

/**
 * The HTTP headers a tool call's `_meta["x402/payment"]` stands for, so the call pays through the same Paywall
 * as HTTP: a PaymentPayload object (or its base64 form) of x402 version 1 is `X-PAYMENT`, of version 2
 * `PAYMENT-SIGNATURE`. No payment: no headers (the Paywall answers with its challenge).
 */
export function paymentHeaders(meta: Record<string, unknown> | undefined): PaymentHeaders {
  return { ...x402Headers(meta?.[PAYMENT_META]), ...mppHeaders(meta?.[Mcp.credentialMetaKey]) };
}

function x402Headers(payment: unknown): PaymentHeaders {
  if (payment === undefined || payment === null) return {};
  if (typeof payment === 'string') return { 'x-payment': payment };
  const encoded = Buffer.from(JSON.stringify(payment)).toString('base64');
  return (payment as { x402Version?: unknown }).x402Version === 2 ? { 'payment-signature': encoded } : { 'x-payment': encoded };
}

/**
 * MPP's MCP binding: `_meta["org.paymentauth/credential"]` (a Credential object, or its `Payment ...` form) is the
 * `Authorization: Payment` header; one that cannot be serialized is passed on as sent, for the protocol to refuse.
 */
function mppHeaders(credential: unknown): PaymentHeaders {
  if (credential === undefined || credential === null) return {};
  if (typeof credential === 'string') return { authorization: /^Payment\s/i.test(credential) ? credential : `Payment ${credential}` };
  try {
    return { authorization: Credential.serialize(credential as Credential.Credential) };
  } catch {
    return { authorization: 'Payment malformed' };
  }
}

/** MPP's `_meta["org.paymentauth/receipt"]` of a settled call: the Payment-Receipt header, decoded, with the challenge it answered. */
export function mppReceiptMeta(headers: Record<string, string>, meta: Record<string, unknown> | undefined): Record<string, unknown> {
  const encoded = headers['payment-receipt'];
  const challengeId = (meta?.[Mcp.credentialMetaKey] as { challenge?: { id?: string } } | undefined)?.challenge?.id;
  if (!encoded) return {};
  try {
    return { [Mcp.receiptMetaKey]: { ...Receipt.deserialize(encoded), ...(challengeId ? { challengeId } : {}) } };
  } catch {
    return {};
  }
}

/** MPP's payment-required data (`{httpStatus: 402, challenges}`) from a 402's WWW-Authenticate, or null without MPP. */
export function mppPaymentRequired(challenge: PaymentChallenge): { httpStatus: number; challenges: Challenge.Challenge[] } | null {
  const header = challenge.headers['www-authenticate'];
  return header ? { httpStatus: 402, challenges: Challenge.deserializeList(header) } : null;
}

/** The settlement the Paywall answered with (its X-PAYMENT-RESPONSE or PAYMENT-RESPONSE header, decoded), or null. */
export function settlementOf(headers: Record<string, string>): unknown {
  const encoded = headers['x-payment-response'] ?? headers['payment-response'];
  if (!encoded) return null;
  try {
    return JSON.parse(Buffer.from(encoded, 'base64').toString());
  } catch {
    return null;
  }
}

/**
 * A tool result that asks for payment, in x402's MCP form: `isError`, the 402 body (`x402Version`, `error`,
 * `accepts`) as `structuredContent`, and the same wrapped as `{"x402/error": {code: 402, message, data}}` in
 * the text content for clients that read only text. `error` replaces the body's reason when given.
 */
export function paymentRequiredResult(challenge: PaymentChallenge, error: string | null) {
  const data = error ? { ...challenge.body, error } : challenge.body;
  // The same options in x402 v2 form (the PAYMENT-REQUIRED header, decoded), for v2 clients (x402Client.createPaymentPayload).
  const v2 = challenge.headers['payment-required'];
  // MPP's MCP binding reads the same result: its challenges in _meta["org.paymentauth/payment-required"].
  const mpp = mppPaymentRequired(challenge);
  const meta = {
    ...(v2 ? { [PAYMENT_REQUIRED_META]: decodePaymentRequiredHeader(v2) } : {}),
    ...(mpp ? { [Mcp.paymentRequiredMetaKey]: mpp } : {}),
  };
  return {
    isError: true,
    structuredContent: data as unknown as Record<string, unknown>,
    content: [{ type: 'text' as const, text: JSON.stringify({ 'x402/error': { code: 402, message: data.error, data } }) }],
    ...(Object.keys(meta).length ? { _meta: meta } : {}),
  };
}
