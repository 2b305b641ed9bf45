import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, startHarness } from '../support/harness.js';

/** /mcp with the SDK's own client: tools with prices, a paid call answered with x402 requirements, paid on the devnet. */
describe('MCP endpoint (/mcp)', () => {
  let h: Harness;
  let client: Client;
  let payTo: string;
  let chain: ReturnType<typeof devnetClients>;

  before(async () => {
    h = await startHarness();
    chain = devnetClients(h);
    payTo = (await (await fetch(`${h.url}/devnet`)).json()).base.pay_to;
    client = new Client({ name: 'vidint-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`)));
  });
  after(async () => {
    await client?.close();
    await h?.close();
  });

  /** A signed x402 v1 PaymentPayload for the requirement on Base, as x402's MCP transport sends it. */
  const paymentFor = async (accepts: any[]) => {
    const header = await createPaymentHeader(
      chain.wallet(chain.dev.payerKey),
      1,
      accepts.find((a) => a.network === 'base'),
    );
    return JSON.parse(Buffer.from(header, 'base64').toString());
  };

  it('lists every live pipeline as a tool with its input schema and price, and get_job', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['broken-result', 'degraded', 'echo', 'failing', 'get_job', 'slow'], 'planned pipelines are not tools');
    const echo = tools.find((t) => t.name === 'echo')!;
    assert.deepEqual(echo.inputSchema.required, ['text']);
    assert.ok((echo.inputSchema.properties as any).callback_url);
    assert.match(echo.description!, /0\.01 USD per call \(10000 USDC atomic units\)/);
    assert.deepEqual(echo._meta!['x402/price'], { mode: 'fixed', currency: 'USD', amount: '0.01', atomic: '10000' });
    assert.equal((echo._meta!['x402/accepts'] as any[])[0].maxAmountRequired, '10000');
    assert.equal(echo.annotations?.readOnlyHint, false);
    assert.equal(tools.find((t) => t.name === 'get_job')!.annotations?.readOnlyHint, true);
  });

  it('answers an unpaid call with the payment requirements, then starts the job when paid, and get_job follows it', async () => {
    const unpaid: any = await client.callTool({ name: 'echo', arguments: { text: 'over mcp' } });
    assert.equal(unpaid.isError, true);
    assert.equal(unpaid.structuredContent.x402Version, 1);
    assert.match(unpaid.structuredContent.error, /payment required/);
    const base = unpaid.structuredContent.accepts.find((a: any) => a.network === 'base');
    assert.equal(base.maxAmountRequired, '10000');
    assert.equal(base.resource, `${h.url}/echo`);
    const wrapped = JSON.parse(unpaid.content[0].text)['x402/error'];
    assert.equal(wrapped.code, 402);
    assert.deepEqual(wrapped.data, unpaid.structuredContent);

    const before = await chain.balanceOf(payTo as any);
    const payment = await paymentFor(unpaid.structuredContent.accepts);
    const paid: any = await client.callTool({ name: 'echo', arguments: { text: 'over mcp' }, _meta: { 'x402/payment': payment } });
    assert.equal(paid.isError, undefined, JSON.stringify(paid));
    assert.match(paid.structuredContent.job_id, /^[0-9a-f-]{36}$/);
    assert.equal(paid.structuredContent.poll_url, `${h.url}/jobs/${paid.structuredContent.job_id}`);
    assert.equal(paid.structuredContent.status, 'queued');
    const settlement = paid._meta['x402/payment-response'];
    assert.equal(settlement.success, true);
    assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(await chain.balanceOf(payTo as any), before + 10000n, 'charged the price once');

    const again: any = await client.callTool({ name: 'echo', arguments: { text: 'over mcp' }, _meta: { 'x402/payment': payment } });
    assert.equal(again.structuredContent.job_id, paid.structuredContent.job_id, 'the same payment names the same job');
    assert.equal(await chain.balanceOf(payTo as any), before + 10000n, 'and is not charged twice');

    let job: any;
    for (let i = 0; i < 100; i++) {
      job = ((await client.callTool({ name: 'get_job', arguments: { job_id: paid.structuredContent.job_id } })) as any).structuredContent;
      if (job.status === 'complete' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(job.status, 'complete');
    assert.equal(job.result.greeting, 'hello over mcp');
    assert.equal(job.receipt.transaction, settlement.transaction);
    assert.deepEqual(job, await (await fetch(paid.structuredContent.poll_url)).json(), 'get_job shows what GET /jobs/{id} shows');
  });

  it('refuses an invalid request before payment, and a refused payment with the requirements again', async () => {
    const invalid: any = await client.callTool({ name: 'echo', arguments: { wrong: 1 } });
    assert.equal(invalid.isError, true);
    assert.match(invalid.content[0].text, /invalid request: text: is required.*Nothing was charged/);
    const payment = await paymentFor((await client.listTools()).tools.find((t) => t.name === 'echo')!._meta!['x402/accepts'] as any[]);
    payment.payload.authorization.value = '1'; // altered after signing
    const refused: any = await client.callTool({ name: 'echo', arguments: { text: 'x' }, _meta: { 'x402/payment': payment } });
    assert.equal(refused.isError, true);
    assert.match(refused.structuredContent.error, /Nothing was charged/);
    assert.ok(refused.structuredContent.accepts.length >= 1);
  });

  it('answers get_job for an unknown job with an error result', async () => {
    const res: any = await client.callTool({ name: 'get_job', arguments: { job_id: '6f1c1b8e-8e7a-4c4e-9a5e-2f1d3c4b5a69' } });
    assert.equal(res.isError, true);
    assert.match(res.content[0].text, /not found/);
  });
});
