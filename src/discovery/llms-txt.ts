import { type DiscoveryContext, endpointFacts, oneLine, retention, usd } from './discovery-context.js';

/** `/llms.txt`: how an LLM agent uses and pays for the service, in Markdown. */
export function buildLlmsTxt(ctx: DiscoveryContext): string {
  const facts = endpointFacts(ctx);
  const mpp = ctx.paywall.mppOffer();
  const lines = [
    '# vidint',
    '',
    `> Pay-per-request API: public short-form video URLs and photos in, structured JSON out. No accounts, no API keys: each request is paid in USDC with x402${mpp ? ' or the Machine Payments Protocol (MPP)' : ''}.`,
    '',
    '## How to call it',
    '',
    "1. POST the endpoint with a JSON body. Without payment the answer is 402 with the payment options (network, asset, payTo, amount in USDC atomic units) twice: x402 v2 in the `PAYMENT-REQUIRED` header (base64 JSON, CAIP-2 networks, the route's input and output schemas), and x402 v1 in the body `{x402Version: 1, error, accepts[]}`.",
    '2. Sign a payment for one option and send the same request again with the `PAYMENT-SIGNATURE` header (v2; the 202 carries `PAYMENT-RESPONSE`) or the `X-PAYMENT` header (v1; `X-PAYMENT-RESPONSE`). Stock clients do it: `@x402/fetch`, `x402-fetch`. The payment is settled before the answer: 202 with `{job_id, poll_url, status, estimated_completion_seconds}`.',
    ...(mpp
      ? [
          `   Or pay with MPP on Tempo (chain ${mpp.chainId}, token ${mpp.currency}): answer the 402's \`WWW-Authenticate: Payment\` challenge with \`Authorization: Payment <credential>\` (a signed transfer, or the hash of one you sent); the 202 carries \`Payment-Receipt\`.`,
        ]
      : []),
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
      `- POST ${f.url}: ${oneLine(p.summary)}. ${usd(p.priceUsd)} per call (${f.amount} atomic USDC), about ${p.estimatedSeconds} s.${f.available ? '' : ' NOT AVAILABLE YET (answers 501, never charged).'} Body: ${fields}.`,
    );
  }
  lines.push(
    '',
    '## Documents',
    '',
    `- [OpenAPI 3.1](${ctx.baseUrl}/openapi.json): every operation, request and result schema`,
    `- [x402 manifest](${ctx.baseUrl}/.well-known/x402): networks, assets, prices`,
    `- [Agent manifest](${ctx.baseUrl}/agents.json)`,
    `- [Plugin manifest](${ctx.baseUrl}/.well-known/ai-plugin.json)`,
    `- MCP (Streamable HTTP, stateless): ${ctx.baseUrl}/mcp. Every endpoint is a tool (its body as input schema, its price in the description and _meta), plus the free get_job. An unpaid call returns isError with the x402 requirements in structuredContent; call again with the signed PaymentPayload in _meta["x402/payment"] to start the job (settlement in the result's _meta["x402/payment-response"]).`,
    '',
  );
  return lines.join('\n');
}
