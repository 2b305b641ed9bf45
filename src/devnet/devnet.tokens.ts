/** The running local chains (DevnetChains) of PAYMENT_MODE=devnet. */
export const DEVNET_CHAINS = Symbol('DEVNET_CHAINS');
