import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { Challenge, Receipt } from 'mppx';
import { mppCredential } from './mpp-credential.js';

/** How the client pays: x402 on Base or Solana, or MPP on Tempo, with a key the user holds. */
export type PayMethod =
  | { kind: 'base'; privateKey: `0x${string}` }
  | { kind: 'solana'; secretKey: string; rpcUrl: string }
  | { kind: 'mpp'; privateKey: `0x${string}`; rpcUrl: string };

export interface Accepted {
  job_id: string;
  poll_url: string;
  status: string;
  estimated_completion_seconds: number;
  /** Price paid in USD, from the option chosen. */
  paid_usd: number;
  network: string;
  /** Settlement transaction (x402 X-PAYMENT-RESPONSE or MPP Payment-Receipt). */
  transaction: string | null;
}

/** A refusal the user should read: `kind` says which, `message` why; `charged` is always false. */
export class CallRefused extends Error {
  constructor(
    readonly kind: 'bad_request' | 'not_found' | 'over_budget' | 'payment_refused' | 'no_option' | 'http',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The API did not answer (refused connection, unknown host, timeout): `url` says where it was called. */
export class ApiUnreachable extends Error {
  constructor(
    readonly url: string,
    reason: string,
    afterPayment = false,
  ) {
    super(
      afterPayment
        ? `no answer from ${url} after the payment was sent (${reason}): it may have been settled, so check the chain before paying again`
        : `cannot reach the API at ${url} (${reason}); nothing was paid`,
    );
  }
}

/** fetch, with a network failure turned into ApiUnreachable naming the URL and the cause. */
export async function callApi(url: string, init?: RequestInit, afterPayment = false): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ApiUnreachable(url, cause?.code ?? cause?.message ?? (err as Error).message, afterPayment);
  }
}

const USDC_DECIMALS = 6;

/**
 * One paid call the way an agent makes it: POST unpaid, read the 402's options, refuse any price above
 * `maxUsd` (nothing is signed then), pay with the chosen method, and return the 202's job handle.
 */
export async function paidCall(
  api: string,
  path: string,
  body: unknown,
  opts: { pay: PayMethod; maxUsd: number; headers?: Record<string, string> },
): Promise<Accepted> {
  const post = (headers: Record<string, string> = {}) =>
    callApi(
      `${api}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...opts.headers, ...headers }, body: JSON.stringify(body) },
      Object.keys(headers).length > 0,
    );
  const unpaid = await post();
  if (unpaid.status !== 402) return refusal(unpaid, path);
  await unpaid.body?.cancel(); // the options are in its headers

  let header: Record<string, string>;
  let priceAtomic: bigint;
  let network: string;
  if (opts.pay.kind === 'mpp') {
    const challenge = unpaid.headers.get('www-authenticate');
    if (!challenge || !/^Payment /i.test(challenge))
      throw new CallRefused('no_option', 'the service offers no MPP payment (no WWW-Authenticate: Payment challenge)');
    const { amount } = Challenge.deserialize(challenge).request as { amount?: unknown };
    priceAtomic = BigInt(String(amount));
    network = 'tempo';
    checkBudget(priceAtomic, opts.maxUsd);
    header = { authorization: await mppCredential({ challenge, rpcUrl: opts.pay.rpcUrl, privateKey: opts.pay.privateKey, mode: 'pull' }) };
  } else {
    // x402 v2: the options come in the PAYMENT-REQUIRED header, the payment goes in PAYMENT-SIGNATURE.
    const { decodePaymentRequiredHeader, encodePaymentSignatureHeader } = await import('@x402/core/http');
    const encoded = unpaid.headers.get('payment-required');
    const required = encoded ? decodePaymentRequiredHeader(encoded) : null;
    const wanted = X402_NETWORK[opts.pay.kind];
    const option = required?.accepts.find((a) => a.network === wanted);
    if (!required || !option) {
      const offered = (required?.accepts ?? []).map((a) => NETWORK_NAME[a.network] ?? a.network).join(', ') || 'none';
      throw new CallRefused('no_option', `the service offers no x402 payment on ${opts.pay.kind} (offered: ${offered})`);
    }
    priceAtomic = BigInt(option.amount);
    network = opts.pay.kind;
    checkBudget(priceAtomic, opts.maxUsd);
    const payment = await x402Payment(opts.pay, { ...required, accepts: [option] }, opts.maxUsd);
    header = { 'payment-signature': encodePaymentSignatureHeader(payment) };
  }

  const paid = await post(header);
  if (paid.status === 402) {
    const why = await errorBody(paid);
    throw new CallRefused('payment_refused', `the payment was refused: ${why.error ?? 'no reason given'} (nothing was charged)`, 402);
  }
  if (paid.status !== 202) return refusal(paid, path);
  const accepted = (await paid.json()) as Omit<Accepted, 'paid_usd' | 'network' | 'transaction'>;
  return {
    ...accepted,
    paid_usd: Number(priceAtomic) / 10 ** USDC_DECIMALS,
    network,
    transaction: await settlementTransaction(paid.headers),
  };
}

function checkBudget(priceAtomic: bigint, maxUsd: number): void {
  const price = Number(priceAtomic) / 10 ** USDC_DECIMALS;
  if (price > maxUsd + 1e-9)
    throw new CallRefused('over_budget', `the price is $${price.toFixed(2)}, above --max-usd ${maxUsd.toFixed(2)}: nothing was paid`);
}

async function refusal(res: Response, path: string): Promise<never> {
  const error = (await errorBody(res)).error ?? res.statusText;
  if (res.status === 400) throw new CallRefused('bad_request', `the request was refused (400): ${error}; nothing was paid`, 400);
  if (res.status === 404) throw new CallRefused('not_found', `there is no endpoint POST ${path} (404); GET /openapi.json lists them`, 404);
  throw new CallRefused('http', `POST ${path} answered ${res.status}: ${error}`, res.status);
}

/** The CAIP-2 network of each x402 way to pay, as x402 v2 names them, and back. */
const X402_NETWORK = { base: 'eip155:8453', solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' } as const;
const NETWORK_NAME: Record<string, string> = { [X402_NETWORK.base]: 'base', [X402_NETWORK.solana]: 'solana' };

/**
 * The signed x402 v2 payment for the one option in `required`, made by @x402/core's client with the `exact`
 * scheme of its network (signing is local: an EIP-3009 authorization on Base, a transfer the service co-signs as
 * fee payer on Solana). The library's own spend cap is set to the same budget.
 */
async function x402Payment(pay: Exclude<PayMethod, { kind: 'mpp' }>, required: PaymentRequired, maxUsd: number): Promise<PaymentPayload> {
  const { x402Client } = await import('@x402/core/client');
  const client = new x402Client().setSpendControls({ maxAmountPerPayment: maxUsd });
  if (pay.kind === 'base') {
    const { ExactEvmScheme } = await import('@x402/evm');
    const { privateKeyToAccount } = await import('viem/accounts');
    client.register(X402_NETWORK.base, new ExactEvmScheme(privateKeyToAccount(pay.privateKey)));
  } else {
    const { ExactSvmScheme } = await import('@x402/svm');
    const { createKeyPairSignerFromBytes, getBase58Encoder } = await import('@solana/kit');
    const signer = await createKeyPairSignerFromBytes(getBase58Encoder().encode(pay.secretKey));
    client.register(X402_NETWORK.solana, new ExactSvmScheme(signer, { rpcUrl: pay.rpcUrl }));
  }
  return client.createPaymentPayload(required);
}

/** A refusal's JSON body (`{ error }`), or an empty one when the body is not JSON. */
async function errorBody(res: Response): Promise<{ error?: string }> {
  return (await res.json().catch(() => ({}))) as { error?: string };
}

/** The settlement's transaction from the 202: x402 v2's PAYMENT-RESPONSE (the only x402 way this client pays) or MPP's Payment-Receipt. */
async function settlementTransaction(headers: Headers): Promise<string | null> {
  const x402 = headers.get('payment-response');
  if (x402) return (await import('@x402/core/http')).decodePaymentResponseHeader(x402).transaction || null;
  const receipt = headers.get('payment-receipt');
  return receipt ? (Receipt.deserialize(receipt).reference ?? null) : null;
}

export interface JobView {
  id: string;
  status: 'queued' | 'processing' | 'complete' | 'failed';
  progress?: { step: string | null; steps_done: number; steps_total: number };
  result?: unknown;
  error?: string;
  [k: string]: unknown;
}

/** GET /jobs/{id}; a 404 is a CallRefused('not_found'). */
export async function getJob(api: string, id: string): Promise<JobView> {
  const res = await callApi(`${api}/jobs/${encodeURIComponent(id)}`);
  if (res.status === 404)
    throw new CallRefused('not_found', `job ${id} was not found (404): unknown, or expired after its retention time`, 404);
  if (!res.ok) throw new CallRefused('http', `GET /jobs/${id} answered ${res.status}`, res.status);
  return (await res.json()) as JobView;
}

/** Polls a job until it is complete or failed, every `everyMs` (2 s by default, as the spec asks), reporting each view. */
export async function waitForJob(
  api: string,
  id: string,
  opts: { everyMs?: number; timeoutSeconds?: number; onProgress?: (job: JobView, elapsedMs: number) => void } = {},
): Promise<JobView> {
  const started = Date.now();
  for (;;) {
    const job = await getJob(api, id);
    opts.onProgress?.(job, Date.now() - started);
    if (job.status === 'complete' || job.status === 'failed') return job;
    if (opts.timeoutSeconds && Date.now() - started > opts.timeoutSeconds * 1000)
      throw new Error(`job ${id} is still ${job.status} after ${opts.timeoutSeconds} s; run \`vidint job ${id}\` later`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 2000));
  }
}
