import { Challenge, Credential, PaymentRequest, Receipt, type Store } from 'mppx';
import { Mppx, tempo } from 'mppx/server';
import { type Chain, createClient, createPublicClient, http, isAddressEqual, keccak256, type Log, parseEventLogs } from 'viem';
import { tempo as tempoMainnet, tempoModerato } from 'viem/chains';
import { Abis, Transaction } from 'viem/tempo';
import { usdToAtomic } from '../../chains/usdc.js';
import type { PaidRequest, PaymentHeaders } from '../paid-request.js';
import type { ChallengePart } from '../payment-challenge.js';
import type { ProtocolDescription, RouteOffer } from '../payment-offer.js';
import type { PaymentProtocol, ReadPayment } from '../payment-protocol.js';
import type { PricedResource } from '../priced-resource.js';
import type { SettlementAttempt, SettlementIntent } from '../settlement.types.js';
import { mppDescription } from './mpp-description.js';

export interface MppTempoOptions {
  /** HMAC key binding challenges to this server (every API process must share it). */
  secretKey: string;
  realm: string;
  chainId: number;
  rpcUrl: string;
  /** The TIP-20 stablecoin charged (USDC on Tempo; pathUSD on the devnet). */
  currency: `0x${string}`;
  recipient: `0x${string}`;
  /** mppx's replay store (used transaction hashes): Redis when several processes serve payments. */
  store: Store.AtomicStore;
}

/** How long a challenge may be answered: mppx's own default. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The Machine Payments Protocol on Tempo (`tempo` method, `charge` intent), verified and settled by
 * the mppx server. A 402 carries its challenge in `WWW-Authenticate: Payment ...`; the client answers
 * with `Authorization: Payment <credential>`, a signed transfer (pull: we broadcast it) or the hash of
 * one it sent (push). A credential is named by that transaction's hash, so resends share one claim.
 */
export class MppProtocol implements PaymentProtocol {
  readonly network = 'tempo';
  readonly description: ProtocolDescription;
  private readonly mppx;
  private readonly chain: Chain;
  private readonly publicClient;
  /** Each route's challenge as mppx issues it (see template). */
  private readonly templates = new Map<string, Promise<Challenge.Challenge>>();
  private lastExpiry = 0;

  constructor(private readonly options: MppTempoOptions) {
    const known = options.chainId === tempoModerato.id ? tempoModerato : tempoMainnet;
    this.chain = { ...known, id: options.chainId, rpcUrls: { default: { http: [options.rpcUrl] } } };
    const getClient = () => createClient({ chain: this.chain, transport: http(options.rpcUrl) });
    this.mppx = Mppx.create({
      secretKey: options.secretKey,
      realm: options.realm,
      methods: [tempo.charge({ currency: options.currency, recipient: options.recipient, getClient, store: options.store })],
    });
    this.publicClient = createPublicClient({ chain: this.chain, transport: http(options.rpcUrl) });
    this.description = mppDescription(options.chainId, options.currency);
  }

  async challenge(resource: PricedResource): Promise<ChallengePart> {
    return { headers: { 'www-authenticate': await this.challengeHeader(resource) }, body: {} };
  }

  offer(): RouteOffer {
    const { chainId, currency, recipient } = this.options;
    const name = this.description.name;
    return {
      protocol: name,
      networks: [{ network: this.network, protocol: name, asset: currency, payTo: recipient, chainId }],
      directoryEntry: { mpp: { method: 'tempo', intent: 'charge', currency } },
      details: {},
    };
  }

  /**
   * The `WWW-Authenticate` value of a route's 402: a fresh challenge (its own expiry, so its own id) for
   * every 402, since the challenge a payer answered is what proves a resend is theirs (see
   * SettlementAttempt.proof). Built from the route's template with mppx's Challenge.from, which gives the
   * id mppx itself computes, without running mppx's request pipeline per 402.
   */
  async challengeHeader(resource: PricedResource): Promise<string> {
    const { id: _id, expires: _expires, ...template } = await this.template(resource);
    // Expiries never repeat in this process, so no two 402s carry the same challenge (its id covers the expiry).
    this.lastExpiry = Math.max(Date.now() + CHALLENGE_TTL_MS, this.lastExpiry + 1);
    const expires = new Date(this.lastExpiry).toISOString();
    return Challenge.serialize(Challenge.from({ ...template, expires, secretKey: this.options.secretKey }));
  }

  /** The challenge mppx issues for a route and price, computed once per route (id and expiry aside, it is always the same). */
  private template(resource: PricedResource): Promise<Challenge.Challenge> {
    const key = `${resource.priceUsd} ${resource.path} ${resource.resourceUrl} ${resource.description}`;
    let found = this.templates.get(key);
    if (!found) {
      found = this.charge(resource, null).then((result) => {
        if (result.status !== 402) throw new Error('mppx accepted a request without a credential');
        return Challenge.deserialize(result.challenge.headers.get('www-authenticate') ?? '');
      });
      found.catch(() => this.templates.delete(key));
      // Host headers are the client's: keep the cache bounded whatever they send.
      if (this.templates.size >= 1000) this.templates.clear();
      this.templates.set(key, found);
    }
    return found;
  }

  async read(headers: PaymentHeaders): Promise<ReadPayment> {
    const authorization = headers.authorization;
    if (typeof authorization !== 'string' || !/^Payment\s/i.test(authorization)) return null;
    const parsed = await parseCredential(authorization);
    if (typeof parsed === 'string') {
      return { refused: `the Authorization: Payment credential is malformed: ${parsed}. Nothing was charged.`, network: this.network };
    }
    const payment: MppCredential = { ...parsed, credential: authorization };
    return { payment, network: this.network };
  }

  /** An HMAC check of the challenge answered, no signature: the attempt's `authenticate` has nothing left to check. */
  async attempt(resource: PricedResource, read: unknown, request: PaidRequest): Promise<SettlementAttempt | { refused: string }> {
    const payment = read as MppCredential; // as read() returned it
    const unbound = await this.bindingProblem(resource, payment.challenge);
    if (unbound) return { refused: `payment refused: ${unbound}. Nothing was charged.` };
    const intent: SettlementIntent = {
      network: 'tempo',
      credential: payment.credential,
      resource,
      fingerprint: request.fingerprint,
      job: request.job,
    };
    return this.attemptFor(intent, payment, request);
  }

  /** The attempt a recorded intent describes, for the reconciler. */
  async resume(intent: SettlementIntent): Promise<SettlementAttempt | null> {
    if (intent.network !== this.network) return null;
    const parsed = await parseCredential(intent.credential);
    if (typeof parsed === 'string') return null;
    return this.attemptFor(intent, parsed, { fingerprint: intent.fingerprint, job: intent.job });
  }

  private attemptFor(intent: SettlementIntent, parsed: ParsedCredential, request: PaidRequest): SettlementAttempt {
    const { resource, credential: authorization } = intent;
    const attempt: SettlementAttempt = {
      intent,
      key: `mpp:tempo:${parsed.hash.toLowerCase()}`,
      // A transaction (or its hash) is public once on chain: only the challenge it answered, which we
      // sent to the payer alone, lets a resend be matched to the settlement.
      proof: parsed.challenge.id,
      network: 'tempo',
      amount: usdToAtomic(resource.priceUsd).toString(),
      payer: parsed.payer ?? null,
      // The challenge answered expires (mppx refuses it after), and with it the credential.
      ...(parsed.challenge.expires ? { expiresAt: Date.parse(parsed.challenge.expires) } : {}),
      request,
      // The challenge it answers was checked in attempt(): ours (HMAC), for this route and price.
      authenticate: async () => null,
      // mppx checks the credential when it settles it.
      verify: async () => null,
      settle: async () => {
        // mppx answers an unknown hash with "An internal payment error occurred": say what is wrong.
        if (parsed.mode === 'push' && !(await this.receiptOf(parsed.hash))) {
          return { ok: false, reason: `transaction ${parsed.hash} is not on the chain; send the hash of a transfer that landed` };
        }
        const result = await this.charge(resource, authorization);
        if (result.status === 402) {
          const problem = (await result.challenge.json().catch(() => null)) as { detail?: unknown } | null;
          return {
            ok: false,
            reason: String(problem?.detail ?? 'the credential was refused')
              .split('\n')[0]
              .replace(/\.+$/, ''),
          };
        }
        const header = result.withReceipt(new Response(null)).headers.get('payment-receipt')!;
        return {
          ok: true,
          transaction: Receipt.deserialize(header).reference,
          payer: parsed.payer,
          headers: { 'payment-receipt': header },
        };
      },
      // A pull credential is broadcast by us: if its outcome was lost, the chain knows. A push one was
      // broadcast by the client and only checked here: nothing of ours can have moved money.
      reconcile: async () => {
        if (parsed.mode === 'push') return { settled: false, final: true };
        const receipt = await this.receiptOf(parsed.hash);
        if (!receipt) return { settled: false }; // never broadcast, or not mined yet
        return receipt.status === 'success' && this.paysUs(receipt.logs, attempt.amount)
          ? { settled: true, transaction: parsed.hash }
          : { settled: false, final: true };
      },
      receiptHeaders: (transaction) => ({
        'payment-receipt': Receipt.serialize(
          Receipt.from({ method: 'tempo', status: 'success', reference: transaction, timestamp: new Date().toISOString() }),
        ),
      }),
      restateReceipt: (recorded) => recorded,
    };
    return attempt;
  }

  /** The transaction's receipt, or null when the chain does not know it (yet). */
  private receiptOf(hash: `0x${string}`) {
    return this.publicClient.getTransactionReceipt({ hash }).catch((err: Error) => {
      if (/could not be found|not found/i.test(err.message)) return null;
      throw err;
    });
  }

  /**
   * Why a credential's challenge is not one this server issued for this route and price (its HMAC id,
   * realm, request: amount, currency, recipient, and the route scope), or null when it is.
   */
  private async bindingProblem(resource: PricedResource, challenge: Challenge.Challenge): Promise<string | null> {
    if (!Challenge.verify(challenge, { secretKey: this.options.secretKey }))
      return 'the credential answers a challenge this server did not issue';
    const ours = bindingOf(await this.template(resource));
    return ours === bindingOf(challenge) ? null : 'the credential answers a challenge for another route or price';
  }

  /**
   * Whether a landed transaction transferred `amount` of our currency to our recipient. A transaction
   * found on chain proves nothing by itself: the client may have broadcast a transfer to someone else.
   */
  private paysUs(logs: Log[], amount: string): boolean {
    const events = parseEventLogs({ abi: Abis.tip20, logs, eventName: ['Transfer', 'TransferWithMemo'] });
    return events.some(
      (e) =>
        isAddressEqual(e.address, this.options.currency) &&
        isAddressEqual(e.args.to, this.options.recipient) &&
        e.args.amount === BigInt(amount),
    );
  }

  private charge(resource: PricedResource, authorization: string | null) {
    const headers: Record<string, string> = authorization ? { authorization } : {};
    // `scope` binds the challenge to the route: a credential for one route cannot pay another.
    return this.mppx.charge({ amount: resource.priceUsd, description: resource.description, scope: resource.path })(
      new Request(resource.resourceUrl, { method: 'POST', headers }),
    );
  }
}

/** What binds a challenge to a route and price: everything but its id and expiry. */
function bindingOf(a: Challenge.Challenge): string {
  return [a.realm, a.method, a.intent, PaymentRequest.serialize(a.request), a.opaque ?? '', JSON.stringify(a.meta ?? null)].join('|');
}

/** The transaction a credential pays with (its hash names the payment), or why it is unusable. */
interface ParsedCredential {
  mode: 'pull' | 'push';
  hash: `0x${string}`;
  payer?: string;
  challenge: Challenge.Challenge;
}

/** A parsed credential and the header as sent (stored in the settlement intent). */
type MppCredential = ParsedCredential & { credential: string };

/** The payload of a tempo charge credential, as sent: unchecked until read below. */
type MppPayload = { type?: unknown; hash?: unknown; signature?: `0x${string}` };

async function parseCredential(header: string): Promise<ParsedCredential | string> {
  if (header.length > 16_384) return 'it is longer than 16 KiB';
  let credential: Credential.Credential<MppPayload>;
  try {
    credential = Credential.deserialize(header);
  } catch (err) {
    return (err as Error).message.split('\n')[0].replace(/\.+$/, '');
  }
  const { challenge, payload, source } = credential;
  if (challenge?.method !== 'tempo' || challenge?.intent !== 'charge') return 'it answers no tempo charge challenge';
  const payer = typeof source === 'string' ? /0x[0-9a-fA-F]{40}$/.exec(source)?.[0] : undefined;
  if (payload?.type === 'hash') {
    const hash = payload.hash;
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return 'its hash is not a transaction hash';
    return { mode: 'push', hash: hash as `0x${string}`, payer, challenge };
  }
  if (payload?.type === 'transaction') {
    if (typeof payload.signature !== 'string') return 'its transaction cannot be decoded (it has none)';
    try {
      // Hash the canonical envelope, as the node (and mppx's replay check) will.
      const tx = Transaction.deserialize(payload.signature as `0x${string}`);
      const hash = keccak256(await Transaction.serialize(tx));
      return { mode: 'pull', hash, payer: payer ?? (tx as { from?: string }).from, challenge };
    } catch (err) {
      return `its transaction cannot be decoded (${(err as Error).message.split('\n')[0]})`;
    }
  }
  return `payload type '${payload?.type}' is not accepted (send a transaction or a transaction hash)`;
}
