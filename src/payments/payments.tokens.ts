/** Everything a process that takes payments holds (Payments: paywall, ledger). */
export const PAYMENTS = Symbol('PAYMENTS');
/** The paywall of the paid routes (Paywall). */
export const PAYWALL = Symbol('PAYWALL');
/** Affiliate commissions (AffiliateLedger). */
export const AFFILIATE_LEDGER = Symbol('AFFILIATE_LEDGER');
/** Where each offered network settles (SettlementNetworks): live from config, or the devnet's chains. */
export const SETTLEMENT_NETWORKS = Symbol('SETTLEMENT_NETWORKS');
/** What settled payments become (Fulfilment): provided by the module given to PaymentsModule.forRoot (orders/). */
export const FULFILMENT = Symbol('FULFILMENT');
