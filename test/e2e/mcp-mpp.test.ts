import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Credential, Mcp } from 'mppx';
import { tempo } from 'mppx/client';
import { McpClient } from 'mppx/mcp/client';
import { createClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { tempoModerato } from 'viem/chains';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { tempoBalance } from '../support/mpp-client.js';

/** An MCP tool paid with MPP on the Tempo devnet by mppx's own MCP client, as its README sets it up. */
describe('MCP paid with MPP (mppx McpClient)', () => {
  let h: Harness;
  let dev: any;
  const sentCredentials: unknown[] = [];
  const clients: Client[] = [];
  const balance = (account: `0x${string}`) => tempoBalance(dev.tempo.rpc_url, dev.tempo.chain_id, dev.tempo.currency, account);

  /** An MCP SDK client on /mcp whose requests are recorded, so a test can replay the credential it sent. */
  async function connect(): Promise<Client> {
    const recording: typeof fetch = async (input, init) => {
      const message = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      const credential = message?.params?._meta?.[Mcp.credentialMetaKey];
      if (credential) sentCredentials.push(credential);
      return fetch(input, init);
    };
    const client = new Client({ name: 'mpp-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), { fetch: recording }));
    clients.push(client);
    return client;
  }

  before(async () => {
    h = await startHarness();
    dev = await (await fetch(`${h.url}/devnet`)).json();
  });
  after(async () => {
    for (const c of clients) await c.close();
    await h?.close();
  });

  it('tools/list says both ways of paying', async () => {
    const { tools } = await (await connect()).listTools();
    const echo = tools.find((t) => t.name === 'echo')!;
    assert.match(echo.description!, /x402: a signed PaymentPayload in _meta\["x402\/payment"\]/);
    assert.match(echo.description!, /MPP on Tempo: a credential answering the challenge in _meta\["org\.paymentauth\/credential"\]/);
  });

  it('pays a tool, gets its job and receipt; the credential replayed over HTTP or MCP gets the same job, charged once', async () => {
    const payTo = dev.tempo.pay_to;
    const before = await balance(payTo);
    const getClient = () => createClient({ chain: { ...tempoModerato, id: dev.tempo.chain_id }, transport: http(dev.tempo.rpc_url) });
    const client = McpClient.wrap(await connect(), {
      methods: [tempo({ account: privateKeyToAccount(dev.tempo.test_payer.private_key), getClient })],
    });
    const args = { text: 'paid over mcp with mpp' };
    const paid: any = await client.callTool({ name: 'echo', arguments: args });
    assert.notEqual(paid.isError, true, JSON.stringify(paid));
    const jobId = paid.structuredContent.job_id;
    assert.match(jobId, /^[0-9a-f-]{36}$/);
    assert.equal(paid.receipt?.status, 'success', 'the receipt comes back in _meta["org.paymentauth/receipt"]');
    assert.equal(paid.receipt.method, 'tempo');
    assert.equal(sentCredentials.length, 1);
    assert.equal(await balance(payTo), before + 10_000n);
    assert.equal((await pollJob(h.url, jobId)).result.greeting, `hello ${args.text}`);

    const overHttp = await postJson(`${h.url}/echo`, args, { authorization: Credential.serialize(sentCredentials[0] as any) });
    assert.equal(overHttp.status, 202, overHttp.text);
    assert.equal(overHttp.json.job_id, jobId);
    const plain = await connect(); // no payment handling: the credential goes as it was sent
    const overMcp: any = await plain.callTool({ name: 'echo', arguments: args, _meta: { [Mcp.credentialMetaKey]: sentCredentials[0] } });
    assert.equal(overMcp.structuredContent.job_id, jobId);
    assert.equal(await balance(payTo), before + 10_000n, 'charged once');
  });

  it('answers a credential it refuses with MPP verification failure (-32043) and its challenge, charging nothing', async () => {
    const before = await balance(dev.tempo.pay_to);
    const plain = await connect();
    const forged = structuredClone(sentCredentials[0]) as any;
    forged.challenge.id = 'not-a-challenge-we-issued';
    await assert.rejects(
      plain.callTool({ name: 'echo', arguments: { text: 'forged' }, _meta: { [Mcp.credentialMetaKey]: forged } }),
      (err: any) => err.code === Mcp.paymentVerificationFailedCode && err.data?.challenges?.[0]?.method === 'tempo',
    );
    assert.equal(await balance(dev.tempo.pay_to), before);
  });
});
