import { type DiscoveryContext, endpointFacts, oneLine, protocols, protocolTitles, retention, usd } from './discovery-context.js';
import { manifestUrls } from './payment-manifest.js';

/** `/llms.txt`: how an LLM agent uses and pays for the service, in Markdown. */
export function buildLlmsTxt(ctx: DiscoveryContext): string {
  const facts = endpointFacts(ctx);
  const lines = [
    '# vidint',
    '',
    `> Pay-per-request API: public short-form video URLs and photos in, structured JSON out. No accounts, no API keys: each request is paid in USDC with ${protocolTitles(ctx)}.`,
    '',
    '## How to call it',
    '',
    '1. POST the endpoint with a JSON body. Without payment the answer is 402 with the payment options of every protocol on offer.',
    '2. Pay one option and send the same request again. The payment is settled before the answer: 202 with `{job_id, poll_url, status, estimated_completion_seconds}`.',
    ...protocols(ctx).flatMap((p) => p.guide.map((line) => `   ${line}`)),
    `3. Poll \`GET /jobs/{job_id}\` (free) every 2 to 5 seconds until \`status\` is \`complete\` (read \`result\`) or \`failed\` (read \`error\`). Jobs are kept for ${retention(ctx)}. Failed jobs are not refunded: send a new paid request.`,
    '   Instead of polling: add `callback_url` to the body and the finished job (the same envelope) is POSTed there, signed with `X-Vidint-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by the `callback_secret` the 202 returns (3 attempts on 5xx or timeouts); or read `GET /jobs/{job_id}/events`, a server-sent-events stream (`progress` events, then `complete` or `failed` with the envelope).',
    `   Jobs are kept ${retention(ctx)} after creation; the operator keeps them longer with JOB_RETENTION_SECONDS.`,
    '',
    'Errors are JSON `{error}`: 400 invalid request (never charged), 402 payment missing or refused, 404 unknown job, 405 wrong method, 409 payment already used for a different request, 413 body too large, 415 not JSON, 501 endpoint not available yet (never charged), 503 the same payment is still settling (resend after Retry-After, do not pay again).',
    '',
    '## Endpoints',
    '',
  ];
  for (const f of facts) {
    const p = f.pipeline;
    const fields = f.requestFields.map((r) => `\`${r.name}\` (${r.type}${r.required ? ', required' : ''})`).join(', ') || 'none';
    lines.push(
      `- POST ${f.url}: ${oneLine(p.summary)}. ${usd(p.priceUsd)} per call (${f.amount} atomic USDC), about ${f.typicalSeconds} s.${f.available ? '' : ' NOT AVAILABLE YET (answers 501, never charged).'} Body: ${fields}.`,
    );
  }
  lines.push(
    '',
    '## Documents',
    '',
    `- [OpenAPI 3.1](${ctx.baseUrl}/openapi.json): every operation, request and result schema`,
    ...Object.entries(manifestUrls(ctx)).map(([name, url]) => `- [${name} manifest](${url}): networks, assets, prices`),
    `- [Agent manifest](${ctx.baseUrl}/agents.json)`,
    `- [Plugin manifest](${ctx.baseUrl}/.well-known/ai-plugin.json)`,
    `- MCP (Streamable HTTP, stateless): ${ctx.baseUrl}/mcp. Every endpoint is a tool (its body as input schema, its price in the description and _meta), plus the free get_job. ${mcpPayment(ctx)}`,
    '',
  );
  return lines.join('\n');
}

/** How a paid tool call is paid, in the words of the protocols that can be paid over MCP. */
function mcpPayment(ctx: DiscoveryContext): string {
  const ways = protocols(ctx).flatMap((p) => (p.mcp ? [p.mcp] : []));
  return ways.length ? `To pay a tool call: ${ways.join('; or ')}.` : 'No payment protocol on offer is paid over MCP: use HTTP.';
}
