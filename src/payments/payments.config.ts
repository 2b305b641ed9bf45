import { EnvReader } from '../config/env-reader.js';

/** How requests are paid: devnet or live, the x402 networks and their receiving addresses, MPP on Tempo. */
export interface PaymentsConfig {
  paymentMode: 'devnet' | 'live';
  x402Networks: Array<'base' | 'solana'>;
  payToBase: string;
  payToSolana: string;
  paymentTimeoutSeconds: number;
  /** Live mode: JSON-RPC of Base, and the key that pays gas to settle (null in devnet: the devnet has both). */
  baseRpcUrl: string | null;
  evmSettlementKey: `0x${string}` | null;
  /** After this long, a resend of a payment whose settlement outcome stayed unknown reconciles it with the chain. */
  settlementReconcileSeconds: number;
  /** Keys the job id derived from each payment (JOB_ID_SECRET); null: one generated and shared through Redis (or per process). */
  jobIdSecret: string | null;
  /** Live mode: Solana JSON-RPC, and the fee payer that co-signs and pays for Solana settlements (null in devnet). */
  solanaRpcUrl: string | null;
  solanaFeePayerKey: string | null;
  /** An x402 facilitator to verify and settle through, instead of settling in-process. */
  facilitatorUrl: string | null;
  /** MPP on Tempo: offered beside x402 on every route when enabled. */
  mpp: {
    enabled: boolean;
    payTo: `0x${string}`;
    /** Live mode: Tempo JSON-RPC (null in devnet: the devnet has one). */
    rpcUrl: string | null;
    secretKey: string;
    realm: string;
  };
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

export const PAYMENTS_DEFAULTS = {
  PAYMENT_MODE: 'devnet',
  X402_NETWORKS: 'base,solana',
  PAYMENT_TIMEOUT_SECONDS: '120',
  SETTLEMENT_RECONCILE_SECONDS: '60',
  MPP_ENABLED: 'true',
} as const;

/**
 * Devnet receiving addresses: the first is anvil's well-known account #1, the second sha256("vidint devnet solana payTo")
 * in base58. Never used with real funds.
 */
export const DEVNET_PAY_TO = {
  base: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solana: '51F1VANVSUya4H6Rc1egTjyQMn3ErBCRvk5rdSXWy9P7',
  /**
   * keccak256("vidint devnet tempo payTo"): an address nobody holds a key of (anvil's dev accounts hold the maximum
   * balance, so they cannot receive).
   */
  tempo: '0x3A5AFE128E22e548E2b3Eb9DD6A766f940E1b021',
} as const;

/** Public: devnet MPP challenges need a key too, and devnet money is worthless. */
export const DEVNET_MPP_SECRET_KEY = 'vidint-devnet-mpp-secret-key-not-for-real-payments';

type Reader = EnvReader<typeof PAYMENTS_DEFAULTS>;

/** `publicBaseUrl` names the MPP realm when MPP_REALM is unset. */
export function paymentsConfig(r: Reader, publicBaseUrl: string | null): PaymentsConfig {
  const paymentMode = r.oneOf('PAYMENT_MODE', ['devnet', 'live'] as const);
  const networks = r
    .get('X402_NETWORKS')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of networks)
    if (n !== 'base' && n !== 'solana') r.problems.push(`X402_NETWORKS: unknown network '${n}' (known: base, solana)`);
  const live = (network: 'base' | 'solana') => paymentMode === 'live' && networks.includes(network);
  const facilitatorUrl = r.optional('X402_FACILITATOR_URL')?.replace(/\/+$/, '') ?? null;
  if (facilitatorUrl !== null && !/^https?:\/\/[^/]+/.test(facilitatorUrl))
    r.problems.push(`X402_FACILITATOR_URL=${facilitatorUrl}: must be an http(s) URL`);

  const payToBase = payTo(r, 'PAY_TO_BASE', 'base', /^0x[0-9a-fA-F]{40}$/, live('base'));
  const payToSolana = payTo(r, 'PAY_TO_SOLANA', 'solana', /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, live('solana'));
  const paymentTimeoutSeconds = r.int('PAYMENT_TIMEOUT_SECONDS', 10, 3600);
  const baseRpcUrl = liveSetting(r, 'BASE_RPC_URL', /^https?:\/\//, 'an http(s) URL', live('base') ? 'base' : null);
  const mpp = mppConfig(r, paymentMode, publicBaseUrl);
  const settlementReconcileSeconds = r.int('SETTLEMENT_RECONCILE_SECONDS', 1, 3600);
  const jobIdSecret = r.optional('JOB_ID_SECRET');
  if (jobIdSecret !== null && jobIdSecret.length < 32)
    r.problems.push('JOB_ID_SECRET: must be at least 32 characters (e.g. openssl rand -base64 32)');
  const solana = live('solana') ? 'solana' : null;
  const solanaRpcUrl = liveSetting(r, 'SOLANA_RPC_URL', /^https?:\/\//, 'an http(s) URL', solana);
  const solanaFeePayerKey = liveSetting(
    r,
    'SOLANA_FEE_PAYER_KEY',
    /^([1-9A-HJ-NP-Za-km-z]{80,90}|\[[\d,\s]+\])$/,
    'a 64-byte secret key in base58 or a JSON byte array',
    solana,
  );
  const evmSettlementKey = (
    facilitatorUrl === null
      ? liveSetting(r, 'EVM_SETTLEMENT_KEY', /^0x[0-9a-fA-F]{64}$/, 'a 0x-prefixed 32-byte hex private key', live('base') ? 'base' : null)
      : r.optional('EVM_SETTLEMENT_KEY')
  ) as `0x${string}` | null;
  return {
    paymentMode,
    x402Networks: networks as PaymentsConfig['x402Networks'],
    payToBase,
    payToSolana,
    paymentTimeoutSeconds,
    baseRpcUrl,
    evmSettlementKey,
    settlementReconcileSeconds,
    jobIdSecret,
    solanaRpcUrl,
    solanaFeePayerKey,
    facilitatorUrl,
    mpp,
  };
}

/** A receiving address: required in live mode on its network, the devnet's otherwise. */
function payTo(r: Reader, name: string, network: 'base' | 'solana', pattern: RegExp, required: boolean): string {
  const v = r.optional(name);
  if (v === null) {
    if (required) r.problems.push(`${name} is required when PAYMENT_MODE=live and X402_NETWORKS includes ${network}`);
    return DEVNET_PAY_TO[network];
  }
  if (!pattern.test(v)) r.problems.push(`${name}=${v}: not a valid ${network} address`);
  return v;
}

/** A setting live payments on `requiredFor` need (the devnet runs its own chains and keys). */
function liveSetting(r: Reader, name: string, pattern: RegExp, what: string, requiredFor: 'base' | 'solana' | null): string | null {
  const v = r.optional(name);
  if (v !== null && !pattern.test(v)) r.problems.push(`${name}: must be ${what}`);
  if (v === null && requiredFor) r.problems.push(`${name} is required when PAYMENT_MODE=live and X402_NETWORKS includes ${requiredFor}`);
  return v;
}

function mppConfig(r: Reader, paymentMode: 'devnet' | 'live', publicBaseUrl: string | null): PaymentsConfig['mpp'] {
  const flag = r.get('MPP_ENABLED');
  if (flag !== 'true' && flag !== 'false') r.problems.push(`MPP_ENABLED=${flag}: must be true or false`);
  const enabled = flag === 'true';
  const live = enabled && paymentMode === 'live';
  const payTo = r.optional('PAY_TO_TEMPO');
  if (payTo !== null && !/^0x[0-9a-fA-F]{40}$/.test(payTo)) r.problems.push(`PAY_TO_TEMPO=${payTo}: not a valid tempo address`);
  if (payTo === null && live) r.problems.push('PAY_TO_TEMPO is required when PAYMENT_MODE=live and MPP_ENABLED=true');
  const rpcUrl = r.optional('TEMPO_RPC_URL');
  if (rpcUrl !== null && !/^https?:\/\//.test(rpcUrl)) r.problems.push('TEMPO_RPC_URL: must be an http(s) URL');
  const secretKey = r.optional('MPP_SECRET_KEY');
  if (secretKey !== null && secretKey.length < 32)
    r.problems.push('MPP_SECRET_KEY: must be at least 32 characters (e.g. openssl rand -base64 32)');
  if (secretKey === null && live)
    r.problems.push('MPP_SECRET_KEY is required when PAYMENT_MODE=live and MPP_ENABLED=true (every API process must share it)');
  const realm = r.optional('MPP_REALM') ?? (publicBaseUrl ? new URL(publicBaseUrl).host : 'vidint');
  return { enabled, payTo: (payTo ?? DEVNET_PAY_TO.tempo) as `0x${string}`, rpcUrl, secretKey: secretKey ?? DEVNET_MPP_SECRET_KEY, realm };
}
