import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { address, createKeyPairSignerFromBytes, getBase58Decoder, lamports } from '@solana/kit';
import { createTokenAccount } from '../../src/devnet/svm-devnet.js';
import { type Driver, type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { assertResendsSettleOnce } from '../support/resends.js';
import { svmClients } from '../support/svm.js';

/** x402 on the devnet's Solana (LiteSVM): the official x402 client pays, the chain shows what was charged. */
for (const driver of ['memory', 'bullmq'] as Driver[])
  describe(`x402 payments on solana (devnet, ${driver} driver)`, () => {
    let h: Harness;
    let dev: any;
    let requirements: any;
    let chain: ReturnType<typeof svmClients>;
    const pay = (header: string, body: unknown = { text: 'paid' }) => postJson(`${h.url}/echo`, body, { 'x-payment': header });

    before(async () => {
      h = await startHarness({ driver });
      dev = (await (await fetch(`${h.url}/devnet`)).json()).solana;
      chain = svmClients(dev);
      requirements = (await postJson(`${h.url}/echo`, { text: 'paid' })).json.accepts.find((a: any) => a.network === 'solana');
    });
    after(() => h.close());

    it('offers the devnet mint, the receiving address and the server as fee payer', () => {
      assert.equal(requirements.asset, dev.usdc_mint);
      assert.equal(requirements.payTo, dev.pay_to);
      assert.equal(requirements.maxAmountRequired, '10000');
      assert.deepEqual(requirements.extra, { feePayer: dev.fee_payer });
    });

    it('settles a real SPL transfer before the 202: the receiver gains exactly the price, the payer loses it', async () => {
      const [before, payerBefore] = [await chain.balanceOf(dev.pay_to), await chain.balanceOf(dev.test_payer.address)];
      const res = await pay(await chain.pay(dev.test_payer.secret_key, requirements));
      assert.equal(res.status, 202, res.text);
      assert.equal(await chain.balanceOf(dev.pay_to), before + 10000n);
      assert.equal(await chain.balanceOf(dev.test_payer.address), payerBefore - 10000n);
      const settlement = JSON.parse(Buffer.from(res.headers.get('x-payment-response')!, 'base64').toString());
      assert.equal(settlement.network, 'solana');
      assert.equal(settlement.payer, dev.test_payer.address);
      const job = await pollJob(h.url, res.json.job_id);
      assert.equal(job.status, 'complete');
      assert.equal(job.receipt.network, 'solana');
      assert.equal(job.receipt.transaction, settlement.transaction);
      assert.match(job.receipt.transaction, /^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
      assert.equal(job.receipt.payer, dev.test_payer.address);
      assert.equal(job.receipt.amount, '10000');
    });

    it('settles a payment sent 50 times at once exactly once, for one job; a later resend gets the same 202', async () => {
      const header = await chain.pay(dev.test_payer.secret_key, requirements);
      await assertResendsSettleOnce(
        () => pay(header, { text: 'race' }),
        () => chain.balanceOf(dev.pay_to),
        10000n,
      );
    });

    it('refuses a used payment for a different request with 409', async () => {
      const header = await chain.pay(dev.test_payer.secret_key, requirements);
      assert.equal((await pay(header, { text: 'first' })).status, 202);
      const other = await pay(header, { text: 'second' });
      assert.equal(other.status, 409);
      assert.match(other.json.error, /already used for a different request/);
    });
  });

describe('x402 refusals on solana (devnet)', () => {
  let h: Harness;
  let dev: any;
  let requirements: any;
  let chain: ReturnType<typeof svmClients>;
  before(async () => {
    h = await startHarness();
    dev = (await (await fetch(`${h.url}/devnet`)).json()).solana;
    chain = svmClients(dev);
    requirements = (await postJson(`${h.url}/echo`, { text: 'paid' })).json.accepts.find((a: any) => a.network === 'solana');
  });
  after(() => h.close());

  /** A new funded payer holding `amount` test USDC (and SOL it never needs: the server pays fees). */
  async function newPayer(amount: bigint, mint = dev.usdc_mint): Promise<{ address: string; secret: string }> {
    const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
    const bytes = new Uint8Array([...Buffer.from(jwk.d!, 'base64url'), ...Buffer.from(jwk.x!, 'base64url')]);
    const signer = await createKeyPairSignerFromBytes(bytes);
    const svm = h.rt.devnet!.solana!.svm;
    svm.airdrop(signer.address, lamports(1_000_000n));
    await createTokenAccount(svm, address(mint), signer.address, amount);
    return { address: signer.address, secret: getBase58Decoder().decode(bytes) };
  }

  /** A second token on the chain (its mint account made directly), to pay with the wrong asset; its mint address. */
  async function otherToken(): Promise<string> {
    const svm = h.rt.devnet!.solana!.svm;
    const otherMint = (await newPayer(0n)).address;
    const { getMintEncoder, TOKEN_PROGRAM_ADDRESS } = await import('@solana-program/token');
    const { none, some } = await import('@solana/kit');
    const mintData = new Uint8Array(
      getMintEncoder().encode({
        mintAuthority: some(address(dev.fee_payer)),
        supply: 10n ** 12n,
        decimals: 6,
        isInitialized: true,
        freezeAuthority: none(),
      }),
    );
    svm.setAccount({
      address: address(otherMint),
      data: mintData,
      executable: false,
      lamports: lamports(10_000_000n),
      programAddress: TOKEN_PROGRAM_ADDRESS,
      space: BigInt(mintData.length),
    } as any);
    return otherMint;
  }

  it('refuses bad payments with 402 and a reason, charging nothing', async () => {
    const svm = h.rt.devnet!.solana!.svm;
    // A second token, to pay with the wrong asset.
    const otherMint = await otherToken();
    const rich = await newPayer(10n ** 9n, otherMint);
    await createTokenAccount(svm, address(otherMint), address(dev.pay_to), 0n);
    // The x402 client will not sign a transfer its simulation shows failing: the payer spends the
    // funds after signing (another payment, elsewhere) and before the server settles.
    const poor = await newPayer(10000n);
    const unfunded = await chain.pay(poor.secret, requirements);
    await createTokenAccount(svm, address(dev.usdc_mint), address(poor.address), 5000n);
    const stranger = (await newPayer(0n)).address;
    const good = await chain.pay(dev.test_payer.secret_key, requirements);
    const cases: Array<[string, string, RegExp]> = [
      ['too little', await chain.pay(dev.test_payer.secret_key, { ...requirements, maxAmountRequired: '9999' }), /payment refused/],
      ['wrong payTo', await chain.pay(dev.test_payer.secret_key, { ...requirements, payTo: stranger }), /payment refused/],
      ['wrong mint', await chain.pay(rich.secret, { ...requirements, asset: otherMint }), /payment refused/],
      ['insufficient balance', unfunded, /payment refused/],
      ['tampered transaction', tampered(good), /payment refused/],
      [
        'not a transaction',
        Buffer.from(JSON.stringify({ x402Version: 1, scheme: 'exact', network: 'solana', payload: { transaction: 'AAAA' } })).toString(
          'base64',
        ),
        /payment refused/,
      ],
    ];
    const before = await chain.balanceOf(dev.pay_to);
    const poorBefore = await chain.balanceOf(poor.address);
    for (const [name, header, reason] of cases) {
      const res = await postJson(`${h.url}/echo`, { text: 'paid' }, { 'x-payment': header });
      assert.equal(res.status, 402, `${name}: ${res.text}`);
      assert.match(res.json.error, reason, name);
      assert.match(res.json.error, /Nothing was charged/, name);
    }
    assert.equal(await chain.balanceOf(dev.pay_to), before, 'nothing was charged');
    assert.equal(await chain.balanceOf(poor.address), poorBefore);
  });
});

/** The payment with the last byte of its transaction's message flipped: the signature no longer matches. */
function tampered(header: string): string {
  const p = JSON.parse(Buffer.from(header, 'base64').toString());
  const tx = Buffer.from(p.payload.transaction, 'base64');
  tx[tx.length - 1] ^= 0xff;
  p.payload.transaction = tx.toString('base64');
  return Buffer.from(JSON.stringify(p)).toString('base64');
}
