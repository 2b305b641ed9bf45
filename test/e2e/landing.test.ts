import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Harness, ROOT, startHarness } from '../support/harness.js';

/** Debian's chromium, installed by scripts/setup.sh; playwright-core drives it (it downloads no browser). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT = path.join(ROOT, 'test-artifacts', 'landing.png');

describe('the landing page in headless Chromium', () => {
  let h: Harness;
  let browser: Browser;
  before(async () => {
    h = await startHarness({ env: { PIPELINES_DIR: path.join(ROOT, 'pipelines') } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      // No network here but loopback: keep Chromium from calling home at start.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  it('renders the price table of every loaded pipeline, links to working discovery documents, and is kept as a screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const res = await page.goto(`${h.url}/`);
    assert.equal(res?.status(), 200);
    assert.match(await page.title(), /vidint/i);
    await assertPriceTable(page, h);
    await assertDiscoveryLinks(page);

    await page.goto(`${h.url}/`);
    await assertNoSidewaysScroll(page);
    await assertExamplesAndSample(page, h);
    assert.match(await page.content(), new RegExp(`MCP.*${h.url}/mcp`, 's'), 'the page names the MCP endpoint');
    await assertPhoneWidth(page);

    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    assert.ok(fs.statSync(SCREENSHOT).size > 10_000);
  });
});

/** A row per loaded pipeline, each with its price. */
async function assertPriceTable(page: Page, h: Harness): Promise<void> {
  const rows = await page.$$eval('#prices tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
  );
  const byPath = Object.fromEntries(rows.map((r) => [r[0].replace('POST ', ''), r]));
  for (const p of h.rt.pipelines.all()) {
    assert.ok(byPath[p.path], `no row for ${p.path}`);
    assert.match(byPath[p.path][2], new RegExp(Number(p.priceUsd).toFixed(2).replace('.', '\\.')));
  }
  assert.equal(rows.length, h.rt.pipelines.all().length);
}

/** Every discovery document is linked and answers; following a link in the page works too. */
async function assertDiscoveryLinks(page: Page): Promise<void> {
  const links = await page.$$eval('a[href]', (as) =>
    as.map((a) => (a as HTMLAnchorElement).href).filter((u) => u.startsWith(location.origin)),
  );
  for (const doc of ['/openapi.json', '/.well-known/x402', '/llms.txt', '/agents.json', '/.well-known/ai-plugin.json']) {
    const href = links.find((l) => new URL(l).pathname === doc);
    assert.ok(href, `no link to ${doc}`);
    const linked = await page.context().request.get(href);
    assert.equal(linked.status(), 200, doc);
    if (doc.endsWith('.json') || doc === '/.well-known/x402') JSON.parse((await linked.body()).toString());
  }
  await page.click('a[href$="/openapi.json"]');
  assert.match(await page.content(), /openapi/);
}

/** No horizontal scroll at 1280 px: neither the page nor any code block is wider than its box. */
async function assertNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    blocks: [...document.querySelectorAll('pre')].map((pre) => [pre.scrollWidth, pre.clientWidth]),
  }));
  assert.ok(widths.page[0] <= widths.page[1], `the page scrolls sideways: ${widths.page}`);
  for (const [scroll, client] of widths.blocks) assert.ok(scroll <= client, `a code block scrolls sideways: ${scroll} > ${client}`);
}

/** A copy-paste paying example per protocol, for a real route of this server, and a sample result. */
async function assertExamplesAndSample(page: Page, h: Harness): Promise<void> {
  const examples = await page.$$eval('h3 + pre', (pres) => pres.map((pre) => pre.textContent ?? ''));
  assert.equal(examples.length, 3);
  assert.match(examples[0], /wrapFetchWithPaymentFromConfig[\s\S]*new ExactEvmScheme\(account\)/);
  assert.match(examples[1], /wrapFetchWithPayment\(fetch, client, BigInt\(0\.5 \* 10 \*\* 6\)\)/);
  assert.match(examples[2], /Mppx\.create\(\{ methods: \[tempo\(\{ account/);
  const paths = new Set(h.rt.pipelines.all().map((p) => p.path));
  for (const code of examples) {
    const called = code.match(/\('(http[^']+)'/)?.[1] ?? '';
    assert.ok(called.startsWith(`${h.url}/`) && paths.has(called.slice(h.url.length)), `calls a route of this server: ${called}`);
  }
  const sample = JSON.parse((await page.$$eval('pre', (pres) => pres.at(-1)?.textContent ?? ''))!);
  assert.equal(sample.status, 'complete');
  assert.deepEqual(Object.keys(sample.result).slice(0, 4), ['title', 'duration', 'transcript', 'topics']);
}

/** A phone's width: no sideways scroll, and every cell of the price table inside the screen. */
async function assertPhoneWidth(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    cells: [...document.querySelectorAll('#prices td')].map((td) => td.getBoundingClientRect().right),
  }));
  assert.ok(narrow.page[0] <= narrow.page[1], `the page scrolls sideways at 390 px: ${narrow.page}`);
  for (const right of narrow.cells) assert.ok(right <= 390, `a price table cell ends at ${right} px, past the screen`);
  await page.setViewportSize({ width: 1280, height: 900 });
}
