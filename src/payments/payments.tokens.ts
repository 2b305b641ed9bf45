/** Everything a process that takes payments holds (Payments: paywall, ledger, devnet chains). */
export const PAYMENTS = Symbol('PAYMENTS');
/** The paywall of the paid routes (Paywall). */
export const PAYWALL = Symbol('PAYWALL');
/** Affiliate commissions (AffiliateLedger). */
export const AFFILIATE_LEDGER = Symbol('AFFILIATE_LEDGER');
