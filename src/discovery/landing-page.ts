import { type DiscoveryContext, endpointFacts, protocols, retention, usd } from './discovery-context.js';
import { manifestUrls } from './payment-manifest.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * `/`: what the service is, the price table of the loaded pipelines, the 402 -> 202 -> poll walk-through,
 * a copy-paste paying example per protocol (the stock clients, as the README shows them) and a sample result.
 */
export function buildLandingPage(ctx: DiscoveryContext): string {
  const e = escapeHtml;
  const facts = endpointFacts(ctx);
  const rows = facts
    .map(
      (f) =>
        `<tr><td><code>POST ${e(f.pipeline.path)}</code></td><td>${e(f.pipeline.summary)}</td><td class="num">${e(usd(f.pipeline.priceUsd))}</td>` +
        `<td class="num">~${f.typicalSeconds} s</td><td>${f.available ? 'available' : '<span class="planned">coming soon</span>'}</td></tr>`,
    )
    .join('\n');
  const sample =
    facts.find((f) => f.available && f.requestFields.some((r) => r.name === 'url')) ?? facts.find((f) => f.available) ?? facts[0];
  const samplePath = sample ? sample.pipeline.path : '/analyze';
  const b = ctx.baseUrl;
  const offered = protocols(ctx);
  const docs = [
    ['/openapi.json', 'OpenAPI 3.1 description'],
    ...Object.keys(manifestUrls(ctx)).map((name) => [`/.well-known/${name}`, `${name} payment manifest`]),
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
pre { background: #f4f4f6; padding: 1rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.planned { color: #8a6d00; }
/* A phone's width: each price row becomes a small card, its cells labelled, so no column is cut off. */
@media (max-width: 640px) {
  #prices thead { display: none; }
  #prices tr, #prices td { display: block; border: 0; padding: .15rem 0; }
  #prices tr { border-bottom: 1px solid #ddd; padding: .5rem 0; }
  #prices td.num { text-align: left; }
  #prices td:nth-child(3)::before { content: "Price: "; color: #666; }
  #prices td:nth-child(4)::before { content: "Typical time: "; color: #666; }
  #prices td:nth-child(5)::before { content: "Status: "; color: #666; }
}
</style>
</head>
<body>
<h1>vidint</h1>
<p>Send the URL of a public short-form video (a reel, a short, any public video) or a photo, get structured JSON back.
No accounts and no API keys: each request is paid in USDC with ${offered.map((p) => `<a href="${e(p.url)}">${e(p.title)}</a>`).join(' or ')}, settled when the job is accepted.
Then poll <code>GET /jobs/{id}</code> (free) for the result. Jobs are kept for ${e(retention(ctx))}; failed jobs are not refunded.</p>

<h2>Endpoints and prices</h2>
<table id="prices">
<thead><tr><th>Endpoint</th><th>What it returns</th><th class="num">Price (USDC)</th><th class="num">Typical time</th><th>Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>

<h2>Walk-through</h2>
<pre><code># 1. Ask without paying: 402 and the payment options (${e(offered.map((p) => p.challenge).join('; '))})
curl -si -X POST ${e(b)}${e(samplePath)} -H 'content-type: application/json' -d '{"url":"https://example.com/clip.mp4"}'

# 2. Pay one option with a client (${e(offered.map((p) => p.name).join(', '))}: below) and send the same request again: 202 and a job id

# 3. Poll every 2 to 5 seconds until status is complete (result) or failed (error)
curl -s ${e(b)}/jobs/$JOB_ID</code></pre>

<h2>Pay from code</h2>
${offered
  .flatMap((p) => p.examples(`${b}${samplePath}`))
  .map(([title, code]) => `<h3>${e(title)}</h3>\n<pre><code>${e(code)}</code></pre>`)
  .join('\n')}
${
  ctx.config.paymentMode === 'devnet'
    ? `<p>This server runs on local test chains: <code>GET <a href="${e(b)}/devnet">/devnet</a></code> gives a funded test key
and each chain's RPC URL, the only settings that change. Its test USDC sits at the real USDC addresses, so the clients pay it unmodified.</p>`
    : ''
}
<h2>Sample result</h2>
<p>A complete <code>/analyze</code> job, as <code>GET /jobs/{id}</code> returns it (shortened):</p>
<pre><code>${e(SAMPLE_JOB)}</code></pre>

<h2>For agents and tools</h2>
<p>Agents can also call every endpoint as a tool over MCP (Streamable HTTP) at <code>${e(b)}/mcp</code>: the tools carry their
price, a paid call carries its payment in the tool call, and the free <code>get_job</code> tool reads the result.</p>
<ul>
${docs.map(([p, label]) => `<li><a href="${e(b)}${p}">${e(label)}</a> <code>${p}</code></li>`).join('\n')}
</ul>
</body>
</html>
`;
}

/** A complete /analyze job, shortened: what a paid call ends with. */
const SAMPLE_JOB = JSON.stringify(
  {
    id: '0f6c3f0e-7a55-4d8e-9b1f-2f3a6f1d9c42',
    endpoint_path: '/analyze',
    status: 'complete',
    cost_usd: 0.1,
    result: {
      title: '3 tips for a faster morning',
      duration: 31.2,
      transcript: 'Here are three tips for a faster morning. First, lay out your clothes the night before...',
      topics: ['productivity', 'lifestyle'],
      sentiment: 'positive',
      scenes: [{ index: 0, start: 0, end: 4.8, description: 'A person talks to the camera in a kitchen' }],
      key_moments: [{ time: 12.4, description: 'Tip two: prepare breakfast the night before', kind: 'strong_statement' }],
      on_screen_text: [{ time: 0.5, start: 0.5, end: 3.9, text: '3 TIPS', confidence: 0.93 }],
    },
    receipt: { network: 'base', transaction: '0x9e1c...41ab', amount: '100000', payer: '0x3C44...93BC' },
  },
  null,
  2,
);
