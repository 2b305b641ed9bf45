/** x402 version 1 PaymentRequirements, plus `maxAmount` (the spec's sample name for the amount): one entry of a 402's `accepts[]`. */
export interface PaymentRequirements {
  scheme: 'exact';
  network: string;
  maxAmountRequired: string;
  maxAmount: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  outputSchema?: Record<string, unknown>;
  extra: Record<string, unknown>;
}
