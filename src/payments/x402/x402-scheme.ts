import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import type { RailSettlement, RailVerdict, X402PaymentPayload } from './rail.js';

// What the rails hand @x402's `exact` schemes and facilitator client (Base, Solana, a hosted facilitator), and
// how their answers become a rail's verdicts.

/**
 * A v1 payment and its requirements as the V1 schemes and the facilitator client take them: their methods are
 * declared with @x402/core's v2 types, but they pass on or read the v1 shapes (`maxAmountRequired`, a top-level
 * `network`).
 */
export function v1SchemeArgs(payment: X402PaymentPayload, requirements: object): [PaymentPayload, PaymentRequirements] {
  return [payment as unknown as PaymentPayload, requirements as PaymentRequirements];
}

/** A verify answer as a verdict; a refusal always has a reason (the scheme's code and message). */
export function verdictOf(r: Omit<VerifyResponse, 'isValid'> & { isValid: boolean }): RailVerdict {
  return {
    ok: r.isValid,
    reason: r.isValid ? undefined : describe(r.invalidReason ?? 'invalid payment', r.invalidMessage),
    payer: r.payer,
  };
}

/** A settle answer as a settlement; a failure always has a reason. */
export function settlementOf(r: Omit<SettleResponse, 'transaction' | 'network'> & { transaction?: string }): RailSettlement {
  return {
    ok: r.success,
    reason: r.success ? undefined : describe(r.errorReason ?? 'settlement failed', r.errorMessage),
    transaction: r.transaction || undefined,
    payer: r.payer,
  };
}

function describe(code: string, message?: string): string {
  return message ? `${code}: ${message}` : code;
}
