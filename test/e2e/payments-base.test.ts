import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createPaymentHeader, preparePaymentHeader, signPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Driver, type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { runNode } from '../support/processes.js';
import { assertResendsSettleOnce } from '../support/resends.js';

const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';
/** Another network's USDC (Base Sepolia's): the devnet's test USDC sits at Base's own address. */
const BASE_SEPOLIA_USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';

/** x402 on the devnet's Base: the official x402 client library pays, the chain shows what was charged. */
for (const driver of ['memory', 'bullmq'] as Driver[])
  describe(`x402 payments on base (devnet, ${driver} driver)`, () => {
    let h: Harness;
    let dev: any;
    let balanceOf: (a: Address) => Promise<bigint>;
    let wallet: ReturnType<typeof devnetClients>['wallet'];
    let requirements: any;
    const pay = (header: string, body: unknown = { text: 'paid' }, extra: Record<string, string> = {}) =>
      postJson(`${h.url}/echo`, body, { 'x-payment': header, ...extra });

    before(async () => {
      h = await startHarness({ driver, env: { ADMIN_TOKEN } });
      dev = await (await fetch(`${h.url}/devnet`)).json();
      ({ wallet, balanceOf } = devnetClients(h));
      const unpaid = await postJson(`${h.url}/echo`, { text: 'paid' });
      assert.equal(unpaid.status, 402);
      requirements = unpaid.json.accepts.find((a: any) => a.network === 'base');
    });
    after(() => h.close());

    it('offers the devnet token and receiving address', () => {
      assert.equal(requirements.asset.toLowerCase(), dev.base.usdc.toLowerCase());
      assert.equal(requirements.payTo, dev.base.pay_to);
      assert.equal(requirements.maxAmountRequired, '10000');
      assert.deepEqual(requirements.extra, { name: 'USD Coin', version: '2' });
    });

    it('settles before the 202: the receiving balance rises by exactly the price, the job carries the receipt', async () => {
      const before = await balanceOf(dev.base.pay_to);
      const payerBefore = await balanceOf(dev.base.test_payer.address);
      const res = await pay(
        await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements),
        { text: 'paid' },
        { 'x-affiliate-id': 'catalog-7' },
      );
      assert.equal(res.status, 202, res.text);
      assert.equal(await balanceOf(dev.base.pay_to), before + 10000n);
      assert.equal(await balanceOf(dev.base.test_payer.address), payerBefore - 10000n);
      assert.equal(res.json.status, 'queued');
      assert.equal(res.json.poll_url, `${h.url}/jobs/${res.json.job_id}`);
      assert.equal(res.headers.get('location'), res.json.poll_url);
      assert.equal(res.json.estimated_completion_seconds, 5);
      const settlement = JSON.parse(Buffer.from(res.headers.get('x-payment-response')!, 'base64').toString());
      assert.equal(settlement.success, true);
      assert.equal(settlement.network, 'base');
      assert.equal(settlement.payer.toLowerCase(), dev.base.test_payer.address.toLowerCase());
      assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);

      const job = await pollJob(h.url, res.json.job_id);
      assert.equal(job.status, 'complete');
      assert.equal(job.result.greeting, 'hello paid');
      assert.equal(job.cost_usd, 0.01);
      assert.equal(job.affiliate_id, 'catalog-7');
      assert.equal(job.receipt.transaction, settlement.transaction);
      assert.equal(job.receipt.amount, '10000');
      assert.equal(job.receipt.network, 'base');
      assert.equal(job.receipt.affiliate_id, 'catalog-7');
      assert.equal(job.receipt.payer.toLowerCase(), dev.base.test_payer.address.toLowerCase());
      assert.match(job.receipt.receipt_id, /^[0-9a-f-]{36}$/);
      assert.ok(job.receipt.settled_at >= job.created_at - 5000);
    });

    it("credits the referring affiliate 20% in the operator's ledger, once", async () => {
      const denied = await fetch(`${h.url}/admin/affiliates`, { headers: { authorization: 'Bearer wrong' } });
      assert.equal(denied.status, 401);
      const res = await fetch(`${h.url}/admin/affiliates`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(res.status, 200);
      const ledger: any = await res.json();
      assert.equal(ledger.commission_percent, 20);
      assert.deepEqual(ledger.affiliates, [{ affiliate_id: 'catalog-7', payments: 1, paid: '10000', commission: '2000' }]);
      if (driver === 'bullmq') {
        const cli = await runNode(['dist/src/cli/ledger.js', '--json'], {
          REDIS_URL: h.env.REDIS_URL,
          KEY_PREFIX: h.env.KEY_PREFIX,
        });
        assert.equal(cli.code, 0, cli.output);
        assert.deepEqual(JSON.parse(cli.output).affiliates, ledger.affiliates);
      }
    });

    it('settles a payment sent 50 times at once exactly once, for one job; a later resend gets the same 202', async () => {
      const header = await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements);
      await assertResendsSettleOnce(
        () => pay(header, { text: 'race' }),
        () => balanceOf(dev.base.pay_to),
        10000n,
      );
    });

    it('refuses a used payment for a different request with 409', async () => {
      const header = await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements);
      assert.equal((await pay(header, { text: 'first' })).status, 202);
      const other = await pay(header, { text: 'second' });
      assert.equal(other.status, 409);
      assert.match(other.json.error, /already used for a different request/);
    });

    it('refuses bad payments with 402 and a reason, charging nothing', async () => {
      const payer = wallet(dev.base.test_payer.private_key);
      const signed = async (edit: (unsigned: any) => void, reqs = requirements) => {
        const unsigned: any = preparePaymentHeader(payer.account.address, 1, reqs);
        edit(unsigned);
        return signPaymentHeader(payer, reqs, unsigned);
      };
      const reencode = (header: string, edit: (p: any) => void) => {
        const p = JSON.parse(Buffer.from(header, 'base64').toString());
        edit(p);
        return Buffer.from(JSON.stringify(p)).toString('base64');
      };
      const good = await createPaymentHeader(payer, 1, requirements);
      const now = Math.floor(Date.now() / 1000);
      const broke = generatePrivateKey();
      const cases: Array<[string, string, RegExp]> = [
        ['malformed header', 'not base64!', /X-PAYMENT is malformed/],
        ['not JSON', Buffer.from('hello').toString('base64'), /malformed/],
        [
          'tampered signature',
          reencode(
            good,
            (p) => (p.payload.signature = p.payload.signature.slice(0, -4) + (p.payload.signature.endsWith('1b1b') ? '1c1c' : '1b1b')),
          ),
          /payment refused/,
        ],
        ['raised value after signing', reencode(good, (p) => (p.payload.authorization.value = '20000')), /payment refused/],
        ['too little', await createPaymentHeader(payer, 1, { ...requirements, maxAmountRequired: '9999' }), /payment refused/],
        [
          'wrong payTo',
          await createPaymentHeader(payer, 1, { ...requirements, payTo: privateKeyToAccount(broke).address }),
          /payment refused/,
        ],
        ['wrong asset', await createPaymentHeader(payer, 1, { ...requirements, asset: BASE_SEPOLIA_USDC }), /payment refused/],
        ['other network', reencode(good, (p) => (p.network = 'base-sepolia')), /network 'base-sepolia' is not accepted/],
        [
          'expired',
          await signed((u) => {
            u.payload.authorization.validAfter = String(now - 600);
            u.payload.authorization.validBefore = String(now - 300);
          }),
          /payment refused/,
        ],
        ['not yet valid', await signed((u) => (u.payload.authorization.validAfter = String(now + 3600))), /payment refused/],
        ['no funds', await createPaymentHeader(wallet(broke), 1, requirements), /payment refused/],
      ];
      const before = await balanceOf(dev.base.pay_to);
      for (const [name, header, reason] of cases) {
        const res = await pay(header);
        assert.equal(res.status, 402, `${name}: ${res.text}`);
        assert.match(res.json.error, reason, name);
        assert.match(res.json.error, /Nothing was charged/, name);
        assert.equal(res.json.x402Version, 1);
        assert.ok(res.json.accepts.length >= 1);
      }
      assert.equal(await balanceOf(dev.base.pay_to), before, 'nothing was charged');
    });

    it('refuses (402) the second of two payments that together exceed the balance, charging it nothing', async () => {
      const dv = h.rt.devnet!.base!;
      const settler = wallet(dv.settlerKey);
      const key = generatePrivateKey();
      const payer = privateKeyToAccount(key).address;
      await settler.waitForTransactionReceipt({
        hash: await settler.writeContract({ address: dv.usdc, abi: dv.usdcAbi, functionName: 'mint', args: [payer, 15000n] }),
      });
      const before = await balanceOf(dev.base.pay_to);
      const [a, b] = [await createPaymentHeader(wallet(key), 1, requirements), await createPaymentHeader(wallet(key), 1, requirements)];
      const answers = await Promise.all([pay(a, { text: 'one' }), pay(b, { text: 'two' })]);
      assert.deepEqual(answers.map((r) => r.status).sort(), [202, 402], answers.map((r) => r.text).join('\n'));
      assert.match(answers.find((r) => r.status === 402)!.json.error, /Nothing was charged/);
      assert.equal(await balanceOf(dev.base.pay_to), before + 10000n);
      assert.equal(await balanceOf(payer), 5000n);
    });

    it('charges nothing for an invalid request, and the payment stays usable', async () => {
      const before = await balanceOf(dev.base.pay_to);
      const header = await createPaymentHeader(wallet(dev.base.test_payer.private_key), 1, requirements);
      const bad = await pay(header, { txt: 'typo' });
      assert.equal(bad.status, 400);
      assert.equal(await balanceOf(dev.base.pay_to), before);
      assert.equal((await pay(header, { text: 'fixed' })).status, 202);
      assert.equal(await balanceOf(dev.base.pay_to), before + 10000n);
    });
  });

describe('malformed payment headers (fuzz)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { X402_NETWORKS: 'base' } });
  });
  after(() => h.close());

  it('always get a 4xx with a JSON error, never a crash', async () => {
    const payload = fc.record({
      x402Version: fc.oneof(fc.constant(1), fc.integer(), fc.string()),
      scheme: fc.oneof(fc.constant('exact'), fc.string()),
      network: fc.oneof(fc.constantFrom('base', 'solana', 'tempo'), fc.string()),
      payload: fc.oneof(fc.object(), fc.constant(null), fc.record({ signature: fc.string(), authorization: fc.object() })),
    });
    const header = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.base64String({ maxLength: 400 }),
      payload.map((p) => Buffer.from(JSON.stringify(p)).toString('base64')),
    );
    await fc.assert(
      fc.asyncProperty(header, fc.string({ maxLength: 120 }), async (xPayment, authorization) => {
        const headers: Record<string, string> = {};
        if (/^[\x21-\x7e][\x20-\x7e]*$/.test(xPayment)) headers['x-payment'] = xPayment;
        if (/^[\x21-\x7e][\x20-\x7e]*$/.test(authorization)) headers.authorization = `Payment ${authorization}`;
        const res = await postJson(`${h.url}/echo`, { text: 'fuzz' }, headers);
        assert.ok(res.status >= 400 && res.status < 500, `${res.status} for ${JSON.stringify(headers)}: ${res.text}`);
        assert.equal(typeof res.json?.error, 'string');
      }),
      { numRuns: 150 },
    );
    assert.equal((await fetch(`${h.url}/healthz`)).status, 200);
  });
});
