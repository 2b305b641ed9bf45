import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { usdToAtomic } from '../chains/usdc.js';
import { jobAccepted } from '../http/job-accepted.js';
import { JOB_ID } from '../http/jobs.controller.js';
import { fingerprint } from '../http/paid-routes.js';
import type { SourcePrecheck } from '../http/source-precheck.js';
import type { JobService } from '../jobs/job.service.js';
import { jobEnvelope } from '../jobs/job-envelope.js';
import { describeErrors } from '../json-schema/ajv.js';
import type { Paywall, PricedResource } from '../payments/paywall.js';
import type { PipelineRegistry } from '../pipelines/pipeline.registry.js';
import type { Pipeline } from '../pipelines/pipeline.types.js';
import { PAYMENT_RESPONSE_META, paymentHeaders, paymentRequiredResult, settlementOf } from './mcp-payment.js';

/** What the MCP tools use: the same pipelines, Paywall, precheck and jobs as the HTTP routes. */
export interface McpDeps {
  pipelines: PipelineRegistry;
  paywall: Paywall;
  jobs: JobService;
  precheck: SourcePrecheck;
  webhookSecret: string;
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
        'is complete or failed. Call a paid tool without payment to get its x402 payment requirements, then call it again with ' +
        'a signed PaymentPayload in _meta["x402/payment"].',
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

function resourceOf(p: Pipeline, base: string): PricedResource {
  // The route's own URL: the requirements (and a payment signed for them) are the same as over HTTP.
  return { path: p.path, description: p.summary, priceUsd: p.priceUsd, resourceUrl: `${base}${p.path}` };
}

function paidTool(deps: McpDeps, p: Pipeline, base: string): Tool {
  const { $id: _id, ...inputSchema } = p.requestSchema as Record<string, unknown>;
  const atomic = usdToAtomic(p.priceUsd).toString();
  return {
    name: p.name,
    title: p.summary,
    description:
      `${p.description} Price: ${p.priceUsd} USD per call (${atomic} USDC atomic units), paid with x402: call without payment ` +
      'to get the requirements, then again with a signed PaymentPayload in _meta["x402/payment"]. Returns job_id and poll_url ' +
      `(read the result with get_job); about ${p.estimatedSeconds} s. Settled when the job is accepted; failed jobs are not refunded.`,
    inputSchema: inputSchema as Tool['inputSchema'],
    annotations: { title: p.summary, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    _meta: {
      'x402/price': { mode: 'fixed', currency: 'USD', amount: p.priceUsd, atomic },
      'x402/accepts': deps.paywall.requirements(resourceOf(p, base)),
    },
  };
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
  const record = JOB_ID.test(id) ? await deps.jobs.get(id.toLowerCase()) : null;
  if (!record) return failure(`job ${id} not found: unknown, or expired (jobs are kept ${deps.retentionSeconds} s)`, 404);
  const envelope = jobEnvelope(record);
  return { structuredContent: envelope, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
}

/** A paid tool call, in the HTTP route's order: request schema, then the Paywall (payment, precheck, settlement, job). */
async function callPaid(
  deps: McpDeps,
  p: Pipeline,
  base: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): Promise<ToolResult> {
  const body = structuredClone(args);
  if (!p.validateRequest(body))
    return failure(`invalid request: ${describeErrors(p.validateRequest.errors).join('; ')}. Nothing was charged.`, 400);
  const check = deps.precheck.check;
  const outcome = await deps.paywall.collect(resourceOf(p, base), paymentHeaders(meta), {
    fingerprint: fingerprint(p.path, body),
    job: { path: p.path, pipeline: p.source, request: body, affiliateId: null },
    precheck: check ? () => check(p, body) : undefined,
  });
  switch (outcome.kind) {
    case 'refused':
      return paymentRequiredResult(outcome.challenge);
    case 'declined':
      return failure(outcome.error, outcome.status);
    case 'conflict':
      return failure(outcome.message, 409);
    case 'pending':
      return failure(`${outcome.message} (retry after ${outcome.retryAfterSeconds} s with the same payment)`, 503);
  }
  if (outcome.replay && !(await deps.jobs.get(outcome.jobId))) {
    return failure(`this payment was already settled for job ${outcome.jobId}, which has expired; nothing was charged again`, 409);
  }
  const accepted = jobAccepted(p, outcome.jobId, base, body, deps.webhookSecret);
  const settlement = settlementOf(outcome.headers);
  return {
    structuredContent: accepted,
    content: [{ type: 'text', text: JSON.stringify(accepted) }],
    ...(settlement ? { _meta: { [PAYMENT_RESPONSE_META]: settlement } } : {}),
  };
}
