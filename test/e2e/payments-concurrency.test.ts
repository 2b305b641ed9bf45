import { crowdPays, PAYERS } from '../support/base-crowd.js';
import { describeCrowd } from '../support/crowd.js';

// A second process settles on the first one's chain (its RPC URL).
describeCrowd(
  `${PAYERS} payers paying /echo on Base at the same instant`,
  { X402_NETWORKS: 'base', MPP_ENABLED: 'false' },
  (first) => ({ BASE_RPC_URL: first.rt.devnet!.base!.rpcUrl }),
  crowdPays,
);
