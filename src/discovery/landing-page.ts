import { type DiscoveryContext, endpointFacts, retention, usd } from './discovery-context.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `/`: what the service is, the price table of the loaded pipelines, and the 402 -> 202 -> poll walk-through. */
export function buildLandingPage(ctx: DiscoveryContext): string {
  const e = escapeHtml;
  const facts = endpointFacts(ctx);
  const rows = facts
    .map(
      (f) =>
        `<tr><td><code>POST ${e(f.pipeline.path)}</code></td><td>${e(f.pipeline.summary)}</td><td class="num">${e(usd(f.pipeline.priceUsd))}</td>` +
        `<td class="num">~${f.pipeline.estimatedSeconds} s</td><td>${f.available ? 'available' : '<span class="planned">coming soon</span>'}</td></tr>`,
    )
    .join('\n');
  const sample = facts.find((f) => f.available && f.requestFields.some((r) => r.name === 'url')) ?? facts.find((f) => f.available) ?? facts[0];
  const samplePath = sample ? sample.pipeline.path : '/analyze';
  const b = ctx.baseUrl;
  const docs = [
    ['/openapi.json', 'OpenAPI 3.1 description'],
    ['/.well-known/x402', 'x402 payment manifest'],
    ['/llms.txt', 'llms.txt for agents'],
    ['/agents.json', 'agent skill manifest'],
    ['/.well-known/ai-plugin.json', 'plugin manifest'],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>vidint: pay-per-request video intelligence</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #ddd; }
td.num { text-align: right; white-space: nowrap; }
pre { background: #f4f4f6; padding: 1rem; overflow-x: auto; }
.planned { color: #8a6d00; }
</style>
</head>
<body>
<h1>vidint</h1>
<p>Send the URL of a public short-form video (a reel, a short, any public video) or a photo, get structured JSON back.
No accounts and no API keys: each request is paid in USDC with <a href="https://x402.org">x402</a>${ctx.paywall.mppOffer() ? ' or the <a href="https://mpp.dev">Machine Payments Protocol</a> (Tempo)' : ''}, settled when the job is accepted.
Then poll <code>GET /jobs/{id}</code> (free) for the result. Jobs are kept for ${e(retention(ctx))}; failed jobs are not refunded.</p>

<h2>Endpoints and prices</h2>
<table id="prices">
<thead><tr><th>Endpoint</th><th>What it returns</th><th class="num">Price (USDC)</th><th class="num">Typical time</th><th>Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>

<h2>Walk-through</h2>
<pre><code># 1. Ask without paying: 402 and the payment options (accepts[])
curl -si -X POST ${e(b)}${e(samplePath)} -H 'content-type: application/json' -d '{"url":"https://example.com/clip.mp4"}'

# 2. Sign a payment for one option with an x402 client and send it: 202 and a job id
curl -si -X POST ${e(b)}${e(samplePath)} -H 'content-type: application/json' -H "X-PAYMENT: $PAYMENT" -d '{"url":"https://example.com/clip.mp4"}'

# 3. Poll every 2 to 5 seconds until status is complete (result) or failed (error)
curl -s ${e(b)}/jobs/$JOB_ID</code></pre>

<h2>For agents and tools</h2>
<ul>
${docs.map(([p, label]) => `<li><a href="${e(b)}${p}">${e(label)}</a> <code>${p}</code></li>`).join('\n')}
</ul>
</body>
</html>
`;
}
