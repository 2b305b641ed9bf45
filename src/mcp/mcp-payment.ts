import { decodePaymentRequiredHeader } from '@x402/core/http';
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
  const payment = meta?.[PAYMENT_META];
  if (payment === undefined || payment === null) return {};
  if (typeof payment === 'string') return { 'x-payment': payment };
  const encoded = Buffer.from(JSON.stringify(payment)).toString('base64');
  return (payment as { x402Version?: unknown }).x402Version === 2 ? { 'payment-signature': encoded } : { 'x-payment': encoded };
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
  return {
    isError: true,
    structuredContent: data as unknown as Record<string, unknown>,
    content: [{ type: 'text' as const, text: JSON.stringify({ 'x402/error': { code: 402, message: data.error, data } }) }],
    ...(v2 ? { _meta: { [PAYMENT_REQUIRED_META]: decodePaymentRequiredHeader(v2) } } : {}),
  };
}
