import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { X402PaymentPayload } from './rail.js';

/**
 * A v1 payment and its requirements as @x402's V1 facilitator schemes (Base and Solana) take them: their methods
 * are declared with @x402/core's v2 types, but a V1 scheme reads the v1 shapes (`maxAmountRequired`, a top-level
 * `network`).
 */
export function v1SchemeArgs(payment: X402PaymentPayload, requirements: object): [PaymentPayload, PaymentRequirements] {
  return [payment as unknown as PaymentPayload, requirements as PaymentRequirements];
}
