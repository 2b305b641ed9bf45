import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { Mcp } from 'mppx';
import { usdToAtomic } from '../chains/usdc.js';
import type { JobService } from '../jobs/job.service.js';
import { jobEnvelope } from '../jobs/job-envelope.js';
import type { TypicalDurations } from '../jobs/typical-durations.js';
import type { PaidOrders } from '../orders/paid-orders.js';
import { pricedResource } from '../orders/pipeline-resource.js';
import type { PaymentChallenge } from '../payments/payment-challenge.js';
import type { Paywall } from '../payments/paywall.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import type { PipelineRegistry } from '../pipelines/pipeline-registry.js';
import {
  mppPaymentRequired,
  mppReceiptMeta,
  PAYMENT_RESPONSE_META,
  paymentHeaders,
  paymentRequiredResult,
  settlementOf,
} from './mcp-payment.js';

/** What the MCP tools use: the same pipelines and paid-order use case as the HTTP routes, and the jobs. */
export interface McpDeps {
  pipelines: PipelineRegistry;
  orders: PaidOrders;
  paywall: Paywall;
  jobs: JobService;
  durations: TypicalDurations;
  retentionSeconds: number;
}

const GET_JOB = 'get_job';
type ToolResult = {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

/**
 * The MCP server of one request (the endpoint is stateless): every live pipeline as a paid tool (its request
 * schema as input schema, its price in the description and `_meta`), paid with x402 in the call's `_meta`
 * through the HTTP routes' Paywall, and the free `get_job`. `base` is the service's URL as the client called it.
 */
export function createMcpServer(deps: McpDeps, base: string): Server {
  const server = new Server(
    { name: 'vidint', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Each paid tool starts a job and returns job_id and poll_url; read it with get_job (free) every few seconds until status ' +
        'is complete or failed. Call a paid tool without payment to get its payment requirements (x402, and MPP where offered), ' +
        'then call it again with a signed x402 PaymentPayload in _meta["x402/payment"] or an MPP credential in ' +
        '_meta["org.paymentauth/credential"].',
    },
  );
  const paid = deps.pipelines.all().filter((p) => p.status === 'live');
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...paid.map((p) => paidTool(deps, p, base)), getJobTool(deps)],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<ToolResult> => {
    const { name, arguments: args = {}, _meta } = request.params;
    if (name === GET_JOB) return getJob(deps, args);
    const pipeline = paid.find((p) => p.name === name);
    if (!pipeline)
      throw new McpError(ErrorCode.InvalidParams, `unknown tool '${name}' (tools: ${[...paid.map((p) => p.name), GET_JOB].join(', ')})`);
    return callPaid(deps, pipeline, base, args, _meta);
  });
  return server;
}

function paidTool(deps: McpDeps, p: Pipeline, base: string): Tool {
  const { $id: _id, ...inputSchema } = p.requestSchema as Record<string, unknown>;
  const atomic = usdToAtomic(p.priceUsd).toString();
  return {
    name: p.name,
    title: p.summary,
    description:
      `${p.description} Price: ${p.priceUsd} USD per call (${atomic} USDC atomic units). ${howToPay(deps)} Returns job_id and poll_url ` +
      `(read the result with get_job); about ${deps.durations.seconds(p)} s. Settled when the job is accepted; failed jobs are not refunded.`,
    inputSchema: inputSchema as Tool['inputSchema'],
    annotations: { title: p.summary, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    _meta: {
      'x402/price': { mode: 'fixed', currency: 'USD', amount: p.priceUsd, atomic },
      // The route's own offer (its URL and schemas): a payment signed for it is the same as over HTTP.
      'x402/accepts': deps.paywall.offers(pricedResource(p, base)).find((o) => o.protocol === 'x402')?.details.accepts ?? [],
    },
  };
}

/** The ways of paying a tool on offer, in one sentence (MPP only when the service offers it). */
function howToPay(deps: McpDeps): string {
  const ways = ['with x402: a signed PaymentPayload in _meta["x402/payment"]'];
  if (deps.paywall.protocols().some((p) => p.name === 'mpp'))
    ways.push(`with MPP on Tempo: a credential answering the challenge in _meta["${Mcp.credentialMetaKey}"]`);
  return `Call it without payment to get the requirements, then again paid ${ways.join(', or ')}.`;
}

function getJobTool(deps: McpDeps): Tool {
  return {
    name: GET_JOB,
    title: 'A job: state, progress, result or error (free)',
    description:
      'The job a paid tool started: status (queued, processing, complete, failed), progress, and the result or error. ' +
      `Free. Jobs are kept ${deps.retentionSeconds} s.`,
    inputSchema: {
      type: 'object',
      required: ['job_id'],
      properties: { job_id: { type: 'string', format: 'uuid', description: 'The job_id a paid tool returned' } },
    },
    annotations: { title: 'Get a job', readOnlyHint: true, openWorldHint: false },
  };
}

function failure(error: string, status: number): ToolResult {
  return { isError: true, structuredContent: { error, status }, content: [{ type: 'text', text: error }] };
}

async function getJob(deps: McpDeps, args: Record<string, unknown>): Promise<ToolResult> {
  const id = String(args.job_id ?? '');
  const record = await deps.jobs.find(id);
  if (!record) return failure(`job ${id} not found: unknown, or expired (jobs are kept ${deps.retentionSeconds} s)`, 404);
  const envelope = jobEnvelope(record);
  return { structuredContent: envelope, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
}

/** A paid tool call: the paid-order use case, its outcome translated into x402's MCP transport. */
async function callPaid(
  deps: McpDeps,
  pipeline: Pipeline,
  base: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): Promise<ToolResult> {
  const outcome = await deps.orders.place({ pipeline, body: structuredClone(args), payment: paymentHeaders(meta), baseUrl: base });
  switch (outcome.kind) {
    case 'payment-required': {
      // A refused MPP credential is MPP's MCP verification failure: a JSON-RPC error its clients answer with a new credential.
      const mpp = outcome.paidWith?.method === 'mpp' ? mppPaymentRequired(outcome.challenge) : null;
      if (mpp) throw new McpError(Mcp.paymentVerificationFailedCode, outcome.challenge.body.error, mpp);
      // A call that carried no payment is told how to pay over MCP, not with HTTP headers.
      return paymentRequiredResult(outcome.challenge, outcome.paidWith ? null : howToPayOverMcp(outcome.challenge));
    }
    case 'refused':
      return failure(outcome.status === 400 ? `${outcome.error}. Nothing was charged.` : outcome.error, outcome.status);
    case 'accepted': {
      const settlement = settlementOf(outcome.receipt);
      return {
        structuredContent: { ...outcome.job },
        content: [{ type: 'text', text: JSON.stringify(outcome.job) }],
        _meta: { ...(settlement ? { [PAYMENT_RESPONSE_META]: settlement } : {}), ...mppReceiptMeta(outcome.receipt, meta) },
      };
    }
  }
}

/** What an unpaid call is told: how to pay over MCP (with MPP only when its challenge is on offer). */
function howToPayOverMcp(challenge: PaymentChallenge): string {
  const x402 =
    'payment required: sign one of accepts[] with an x402 client and call this tool again with the PaymentPayload in ' +
    '_meta["x402/payment"] (a v1 or v2 payload; the settlement comes back in the result\'s _meta["x402/payment-response"])';
  if (!mppPaymentRequired(challenge)) return x402;
  return `${x402}, or answer the MPP challenge in _meta["${Mcp.paymentRequiredMetaKey}"] with a credential in _meta["${Mcp.credentialMetaKey}"]`;
}
