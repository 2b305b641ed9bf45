import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { type DiscoveryContext, type EndpointFacts, endpointFacts, protocols, retention, usd } from './discovery-context.js';
import { manifestUrls } from './payment-manifest.js';

/** templates/landing-page.hbs, at the package root (beside prompts/ and pipelines/), from dist/src/discovery/. */
const TEMPLATE = fileURLToPath(new URL('../../../templates/landing-page.hbs', import.meta.url));

/** What the landing page template renders (Handlebars escapes every value for HTML). */
interface LandingView {
  protocols: Array<{ url: string; title: string }>;
  retention: string;
  endpoints: Array<{ path: string; summary: string; price: string; typicalSeconds: number; available: boolean }>;
  baseUrl: string;
  samplePath: string;
  challenges: string;
  clients: string;
  examples: Array<{ title: string; code: string }>;
  devnet: boolean;
  sampleJob: string;
  documents: Array<{ path: string; label: string }>;
}

let template: HandlebarsTemplateDelegate<LandingView> | undefined;

/**
 * `/`: what the service is, the price table of the loaded pipelines, the 402 -> 202 -> poll walk-through,
 * a copy-paste paying example per protocol (the stock clients, as the README shows them) and a sample result.
 */
export function buildLandingPage(ctx: DiscoveryContext): string {
  // Read once per process: the page's text changes with a release, not while the service runs.
  template ??= Handlebars.create().compile<LandingView>(fs.readFileSync(TEMPLATE, 'utf8'), { strict: true });
  return template(landingView(ctx));
}

function landingView(ctx: DiscoveryContext): LandingView {
  const facts = endpointFacts(ctx);
  const offered = protocols(ctx);
  const samplePath = samplePathOf(facts);
  return {
    protocols: offered,
    retention: retention(ctx),
    endpoints: facts.map((f) => ({
      path: f.pipeline.path,
      summary: f.pipeline.summary,
      price: usd(f.pipeline.priceUsd),
      typicalSeconds: f.typicalSeconds,
      available: f.available,
    })),
    baseUrl: ctx.baseUrl,
    samplePath,
    challenges: offered.map((p) => p.challenge).join('; '),
    clients: offered.map((p) => p.name).join(', '),
    examples: offered.flatMap((p) => p.examples(`${ctx.baseUrl}${samplePath}`)).map(([title, code]) => ({ title, code })),
    devnet: ctx.config.paymentMode === 'devnet',
    sampleJob: SAMPLE_JOB,
    documents: discoveryDocuments(ctx),
  };
}

/** The route the walk-through and the examples call: one taking a `url`, else any available one. */
function samplePathOf(facts: EndpointFacts[]): string {
  const sample =
    facts.find((f) => f.available && f.requestFields.some((r) => r.name === 'url')) ?? facts.find((f) => f.available) ?? facts[0];
  return sample ? sample.pipeline.path : '/analyze';
}

/** The machine-readable documents the page links to. */
function discoveryDocuments(ctx: DiscoveryContext): Array<{ path: string; label: string }> {
  return [
    { path: '/openapi.json', label: 'OpenAPI 3.1 description' },
    ...Object.keys(manifestUrls(ctx)).map((name) => ({ path: `/.well-known/${name}`, label: `${name} payment manifest` })),
    { path: '/llms.txt', label: 'llms.txt for agents' },
    { path: '/agents.json', label: 'agent skill manifest' },
    { path: '/.well-known/ai-plugin.json', label: 'plugin manifest' },
  ];
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
