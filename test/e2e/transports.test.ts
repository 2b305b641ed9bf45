import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createPaymentHeader } from 'x402/client';
import { devnetClients } from '../support/devnet.js';
import { type Harness, postJson, startHarness } from '../support/harness.js';

/** The same paid order over HTTP and over MCP: one 402 whichever transport asked first, and the same metrics. */
describe('one paid order for every transport', () => {
  const connect = async (h: Harness) => {
    const client = new Client({ name: 'vidint-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`)));
    return client;
  };
  const overHttp = async (h: Harness) => (await postJson(`${h.url}/echo`, { text: 'same order' })).json.accepts;
  const overMcp = async (client: Client) =>
    ((await client.callTool({ name: 'echo', arguments: { text: 'same order' } })) as any).structuredContent.accepts;

  it('offers the same accepts[] (outputSchema included) whether HTTP or MCP asked first', async () => {
    const seen: Record<string, unknown> = {};
    for (const first of ['http', 'mcp'] as const) {
      const h = await startHarness();
      const client = await connect(h);
      try {
        const [a, b] = first === 'http' ? [await overHttp(h), await overMcp(client)] : [await overMcp(client), await overHttp(h)];
        seen[`${first} first: http`] = first === 'http' ? a : b;
        seen[`${first} first: mcp`] = first === 'http' ? b : a;
        for (const option of [...a, ...b]) assert.equal(option.outputSchema.output.required[0], 'text', 'the result schema is offered');
        // Each harness has its own port: compare the options with the resource URL taken out.
        for (const key of Object.keys(seen))
          for (const option of seen[key] as any[]) option.resource = option.resource.replace(h.url, '<base>');
      } finally {
        await client?.close();
        await h?.close();
      }
    }
    const [reference, ...others] = Object.values(seen);
    for (const other of others) assert.deepEqual(other, reference);
  });

  it('counts a payment made over MCP in /metrics as one made over HTTP', async () => {
    const h = await startHarness();
    const client = await connect(h);
    try {
      const chain = devnetClients(h);
      const sign = async (accepts: any[]) =>
        createPaymentHeader(
          chain.wallet(chain.dev.payerKey),
          1,
          accepts.find((a: any) => a.network === 'base'),
        );
      const settled = async () => {
        const text = await (await fetch(`${h.url}/metrics`)).text();
        return Number(/^vidint_payments_total\{method="x402",network="base",outcome="settled"\} (\d+)$/m.exec(text)?.[1] ?? 0);
      };
      const required = async () => {
        const text = await (await fetch(`${h.url}/metrics`)).text();
        return Number(/^vidint_payment_required_total\{route="\/echo"\} (\d+)$/m.exec(text)?.[1] ?? 0);
      };
      const accepts = await overHttp(h);
      const http = await postJson(`${h.url}/echo`, { text: 'paid over http' }, { 'x-payment': await sign(accepts) });
      assert.equal(http.status, 202);
      assert.equal(await settled(), 1);
      assert.equal(await required(), 1);
      const unpaid: any = await client.callTool({ name: 'echo', arguments: { text: 'paid over mcp' } });
      assert.equal(await required(), 2, 'an unpaid MCP call is a 402 too');
      const payment = JSON.parse(Buffer.from(await sign(unpaid.structuredContent.accepts), 'base64').toString());
      const paid: any = await client.callTool({ name: 'echo', arguments: { text: 'paid over mcp' }, _meta: { 'x402/payment': payment } });
      assert.match(paid.structuredContent.job_id, /^[0-9a-f-]{36}$/);
      assert.equal(await settled(), 2, 'the MCP payment is counted');
    } finally {
      await client?.close();
      await h?.close();
    }
  });
});
