import http from 'node:http';
import { type Address, getBase58Decoder, getBase64Encoder, getTransactionDecoder } from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import { type ChainBinding, localRpcUrl } from './anvil.js';

const b58 = getBase58Decoder();
const fromB64 = getBase64Encoder();
const decodeTransaction = getTransactionDecoder();

/** litesvm is typed against its own copy of @solana/kit: the same Transaction, another declaration of it. */
type SvmTransaction = Parameters<LiteSVM['sendTransaction']>[0];
const toSvm = (wire: unknown) => decodeTransaction.decode(fromB64.encode(wire as string)) as unknown as SvmTransaction;

/** A JSON-RPC method: its positional params as the client sent them (JSON, each read as the method documents it). */
type Handler = (params: unknown[]) => unknown;
/** simulateTransaction's config object (the fields read here). */
interface SimulateConfig {
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
  innerInstructions?: boolean;
}

interface Landed {
  slot: bigint;
  err: unknown;
  wire: string;
  logs: string[];
  unitsConsumed: bigint;
}

/** The chain as the front sees it: the LiteSVM, its slot (advanced by blockhashes and transactions), the transactions landed. */
interface SvmState {
  svm: LiteSVM;
  slot: bigint;
  landed: Map<string, Landed>;
}

/**
 * The Solana JSON-RPC methods x402 clients and facilitators call, answered by an in-process LiteSVM:
 * real transactions, signature checks and SPL token programs, on loopback. Each getLatestBlockhash
 * advances the blockhash (as a live chain does between requests), so separate payments never encode
 * to the same transaction; a resent transaction is refused as already processed, as on mainnet.
 */
export async function startSvmRpcFront(svm: LiteSVM, binding?: ChainBinding): Promise<{ url: string; close(): Promise<void> }> {
  const state: SvmState = { svm, slot: 1n, landed: new Map() };
  return serveJsonRpc({ ...clockHandlers(state), ...accountHandlers(state), ...transactionHandlers(state) }, binding);
}

const context = (state: SvmState) => ({ context: { slot: Number(state.slot), apiVersion: '2.2.0' } });

function clockHandlers(state: SvmState): Record<string, Handler> {
  return {
    getLatestBlockhash: () => {
      state.svm.expireBlockhash();
      state.slot += 1n;
      return { ...context(state), value: { blockhash: state.svm.latestBlockhash(), lastValidBlockHeight: Number(state.slot + 150n) } };
    },
    getSlot: () => Number(state.slot),
    getBlockHeight: () => Number(state.slot),
    getGenesisHash: () => '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  };
}

function accountHandlers(state: SvmState): Record<string, Handler> {
  const { svm } = state;
  return {
    getMinimumBalanceForRentExemption: ([size]) => Number(svm.minimumBalanceForRentExemption(BigInt(size as number))),
    getBalance: ([addr]) => ({ ...context(state), value: Number(svm.getBalance(addr as Address) ?? 0n) }),
    getAccountInfo: ([addr]) => ({ ...context(state), value: accountJson(svm, addr as string) }),
    getMultipleAccounts: ([addrs]) => ({ ...context(state), value: (addrs as string[]).map((a) => accountJson(svm, a)) }),
    getTokenAccountBalance: ([addr]) => {
      const acc = svm.getAccount(addr as Address);
      if (!acc.exists || acc.data.length < 72) throw rpcError(-32602, `Invalid param: could not find account ${addr}`);
      const amount = new DataView(acc.data.buffer, acc.data.byteOffset + 64, 8).getBigUint64(0, true);
      const mint = svm.getAccount(b58.decode(acc.data.subarray(0, 32)) as Address);
      const decimals = mint.exists ? mint.data[44] : 0;
      const ui = Number(amount) / 10 ** decimals;
      return { ...context(state), value: { amount: amount.toString(), decimals, uiAmount: ui, uiAmountString: String(ui) } };
    },
  };
}

function transactionHandlers(state: SvmState): Record<string, Handler> {
  return {
    simulateTransaction: ([wire, config]) => simulate(state, wire, config as SimulateConfig | undefined),
    sendTransaction: ([wire]) => send(state, wire as string),
    getSignatureStatuses: ([sigs]) => ({
      ...context(state),
      value: (sigs as string[]).map((s) => {
        const l = state.landed.get(s);
        return l ? { slot: Number(l.slot), confirmations: null, err: l.err, status: { Ok: null }, confirmationStatus: 'finalized' } : null;
      }),
    }),
    getTransaction: ([sig]) => {
      const l = state.landed.get(sig as string);
      if (!l) return null;
      const meta = { err: null, fee: 5000, innerInstructions: [], logMessages: l.logs, preBalances: [], postBalances: [] };
      return {
        slot: Number(l.slot),
        blockTime: Math.floor(Date.now() / 1000),
        transaction: [l.wire, 'base64'],
        meta: { ...meta, computeUnitsConsumed: Number(l.unitsConsumed), status: { Ok: null } },
        version: 0,
      };
    },
  };
}

function simulate(state: SvmState, wire: unknown, opts: SimulateConfig | undefined) {
  const { svm } = state;
  const tx = toSvm(wire);
  // Clients estimate compute units with unsigned transactions and a placeholder blockhash.
  const relaxed = opts?.sigVerify === false || opts?.replaceRecentBlockhash === true;
  if (relaxed) svm.withSigverify(false);
  try {
    const result = svm.simulateTransaction(tx);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = result.meta();
    return {
      ...context(state),
      value: {
        err: failed ? errorJson(result as FailedTransactionMetadata) : null,
        logs: meta.logs(),
        accounts: null,
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        returnData: null,
        innerInstructions: opts?.innerInstructions ? innerJson(meta) : null,
      },
    };
  } finally {
    if (relaxed) svm.withSigverify(true);
  }
}

function send(state: SvmState, wire: string): string {
  const tx = toSvm(wire);
  const signature = b58.decode(Object.values(tx.signatures)[0] ?? new Uint8Array(64));
  if (state.landed.has(signature)) throw rpcError(-32002, 'Transaction simulation failed: This transaction has already been processed');
  const result = state.svm.sendTransaction(tx);
  if (result instanceof FailedTransactionMetadata) {
    throw rpcError(-32002, `Transaction simulation failed: ${JSON.stringify(errorJson(result))}`, {
      err: errorJson(result),
      logs: result.meta().logs(),
    });
  }
  state.slot += 1n;
  state.landed.set(signature, { slot: state.slot, err: null, wire, logs: result.logs(), unitsConsumed: result.computeUnitsConsumed() });
  return signature;
}

/** Answers JSON-RPC 2.0 requests (single or batched) with the given method handlers, on loopback unless bound elsewhere. */
async function serveJsonRpc(handlers: Record<string, Handler>, binding?: ChainBinding): Promise<{ url: string; close(): Promise<void> }> {
  const answer = (request: unknown) => {
    const one = request as { method?: unknown; id?: unknown; params?: unknown[] } | null;
    try {
      const handler = typeof one?.method === 'string' ? handlers[one.method] : undefined;
      if (!handler) throw rpcError(-32601, `Method not found: ${one?.method} (this devnet answers ${Object.keys(handlers).join(', ')})`);
      return { jsonrpc: '2.0', id: one?.id ?? null, result: handler(one?.params ?? []) };
    } catch (err) {
      const failure = err as { rpc?: unknown; message?: unknown } | null;
      return { jsonrpc: '2.0', id: one?.id ?? null, error: failure?.rpc ?? { code: -32603, message: String(failure?.message ?? err) } };
    }
  };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      const error = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(error));
    }
    const out = Array.isArray(parsed) ? parsed.map(answer) : answer(parsed);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
  });
  const host = binding?.host ?? '127.0.0.1';
  await new Promise<void>((r) => server.listen(binding?.port ?? 0, host, r));
  return {
    url: localRpcUrl(host, (server.address() as { port: number }).port),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function accountJson(svm: LiteSVM, addr: string) {
  const acc = svm.getAccount(addr as Address);
  if (!acc.exists) return null;
  return {
    data: [Buffer.from(acc.data).toString('base64'), 'base64'],
    executable: acc.executable,
    lamports: Number(acc.lamports),
    owner: acc.programAddress,
    rentEpoch: 0,
    space: acc.data.length,
  };
}

function errorJson(failed: FailedTransactionMetadata): unknown {
  const err = failed.err();
  return typeof err === 'number'
    ? { code: err, message: failed.toString().slice(0, 300) }
    : { message: String(failed.toString()).slice(0, 300) };
}

function innerJson(meta: TransactionMetadata) {
  return meta.innerInstructions().map((list, index) => ({
    index,
    instructions: list.map((ii) => ({
      programIdIndex: ii.instruction().programIdIndex(),
      accounts: [...ii.instruction().accounts()],
      data: b58.decode(ii.instruction().data()),
      stackHeight: ii.stackHeight(),
    })),
  }));
}

function rpcError(code: number, message: string, data?: unknown) {
  return Object.assign(new Error(message), { rpc: { code, message, ...(data ? { data } : {}) } });
}
