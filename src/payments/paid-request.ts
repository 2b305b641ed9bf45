/** The request headers, as the HTTP server parsed them (a transport without headers builds the same shape). */
export type PaymentHeaders = Record<string, string | string[] | undefined>;

/**
 * What a payment buys, as the seller (orders/) hands it over: payments read only who referred the buyer (the affiliate
 * ledger) and give the rest back to the Fulfilment untouched. Recorded with the settlement intent as JSON, so the
 * reconciler of any process can fulfil it.
 */
export interface Order {
  readonly affiliateId: string | null;
}

/** What the paid-order use case hands the paywall besides the payment. */
export interface PaidRequest {
  /** Identifies the request body: a payment already used for another request is refused. */
  readonly fingerprint: string;
  /** The order the payment buys, fulfilled (once) by the Fulfilment when the payment is settled. */
  job: Order;
}

/** A refusal of a verified payment's request before settlement (nothing charged), or the order to record and fulfil. */
export type PrecheckResult = { refused: PrecheckRefusal } | { order: Order };

export interface PrecheckRefusal {
  status: number;
  error: string;
}
