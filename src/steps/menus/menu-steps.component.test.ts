import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { type FakePage, FakeWeb } from '../../../test/support/fake-web.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import type { ChatModelProvider } from '../../engines/chat/chat-model.port.js';
import { KnownFailure } from '../../engines/known-failure.js';
import type { OcrEngine } from '../../engines/ocr/ocr-engine.port.js';
import { findMenuStep } from './find-menu.step.js';
import type { PricedItem, ResolvedPlace } from './menu.types.js';
import { priceMenuStep } from './price-menu.step.js';
import { resolvePlaceStep } from './resolve-place.step.js';
import type { NativeCategory } from './structured-data.js';
import { translateMenuStep } from './translate-menu.step.js';

/** The /menu-from-maps steps against the web, OCR and chat ports, with fake engines and pages shaped like real ones. */
const page = (head: string, body = ''): FakePage => ({
  contentType: 'text/html; charset=utf-8',
  body: `<!doctype html><html><head>${head}</head><body>${body}</body></html>`,
});
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const PLACE_URL = 'https://www.google.com/maps/place/Trattoria+Roma/@41.8947,12.4839,17z';
const MENU = {
  '@type': 'Menu',
  hasMenuSection: [
    {
      '@type': 'MenuSection',
      name: 'Primi piatti',
      hasMenuItem: [{ '@type': 'MenuItem', name: 'Cacio e pepe', offers: { price: '12.00', priceCurrency: 'EUR' } }],
    },
  ],
};
const WEB = {
  [PLACE_URL]: page(
    ld({
      '@type': 'Restaurant',
      name: 'Trattoria Roma',
      url: 'https://trattoria.example/',
      address: { streetAddress: 'Via dei Serpenti 12', addressLocality: 'Roma', addressCountry: 'IT' },
    }),
  ),
  'https://trattoria.example/': page('<title>Trattoria Roma</title>', '<a href="/chi-siamo">Chi siamo</a> <a href="/menu">Menù</a>'),
  'https://trattoria.example/menu': page(ld(MENU)),
};

const place = (over: Partial<ResolvedPlace['restaurant']> = {}): ResolvedPlace => ({
  restaurant: {
    name: 'Trattoria Roma',
    address: 'Via dei Serpenti 12, Roma',
    country: 'IT',
    currency: 'EUR',
    source_url: PLACE_URL,
    website: 'https://trattoria.example/',
    ...over,
  },
  menu_hint: null,
  photos: [],
  via: 'page structured data',
  sources: [PLACE_URL],
});

describe('resolve_place against the web port', () => {
  it("reads the restaurant from the place page's schema.org data, its currency from its country", async () => {
    const ctx = stepContext(fakeTools({ web: new FakeWeb(WEB) }));
    const out = await runStep(resolvePlaceStep, { url: PLACE_URL }, ctx);
    assert.deepEqual(out.restaurant, {
      name: 'Trattoria Roma',
      address: 'Via dei Serpenti 12, Roma, IT',
      country: 'IT',
      currency: 'EUR',
      source_url: PLACE_URL,
      website: 'https://trattoria.example/',
    });
    assert.equal(out.via, 'page structured data');
  });

  it('refuses a URL that is not a map-service place, without fetching it', async () => {
    const web = new FakeWeb(WEB);
    await assert.rejects(
      runStep(resolvePlaceStep, { url: 'https://trattoria.example/' }, stepContext(fakeTools({ web }))),
      /is not a map-service place URL/,
    );
    assert.deepEqual(web.requests, []);
  });
});

describe('find_menu against the web and OCR ports', () => {
  it("follows the website's menu link to its schema.org Menu", async () => {
    const ctx = stepContext(fakeTools({ web: new FakeWeb(WEB) }));
    const out = await runStep(findMenuStep, { place: place() }, ctx);
    assert.equal(out.method, 'schema.org Menu');
    assert.deepEqual(out.sources, ['https://trattoria.example/menu']);
    assert.deepEqual(out.categories, [
      { name: 'Primi piatti', items: [{ name: 'Cacio e pepe', description: null, priceText: '12.00', currency: 'EUR' }] },
    ]);
  });

  it('reads a menu photo as a page with the OCR engine when the site shows only a photo', async () => {
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const web = new FakeWeb({
      'https://cafe.example/': page('<title>Café</title>', '<img src="/menu-board.png" alt="Our menu board">'),
      'https://cafe.example/menu-board.png': { contentType: 'image/png', body: photo },
    });
    const pages: string[] = [];
    const ocr: OcrEngine = {
      name: 'scripted ocr',
      readBlocks: async () => assert.fail('find_menu reads pages'),
      readPage: async (image) => {
        pages.push(image);
        return ['COFFEE', 'Espresso 2.50', 'Cappuccino 3.80', 'Flat white 4.20', ''];
      },
    };
    const ctx = stepContext(fakeTools({ web, ocr }));
    const out = await runStep(findMenuStep, { place: place({ website: 'https://cafe.example/', country: 'GB', currency: 'GBP' }) }, ctx);
    assert.equal(out.method, 'menu photo OCR');
    assert.deepEqual(
      out.categories.map((c) => [c.name, c.items.map((i) => `${i.name} ${i.priceText}`)]),
      [['COFFEE', ['Espresso 2.50', 'Cappuccino 3.80', 'Flat white 4.20']]],
    );
    assert.equal(pages.length, 1);
    assert.equal(ctx.engines.menu, 'menu photo OCR (scripted ocr)');
  });

  it('fails listing what it tried when no menu is anywhere', async () => {
    const web = new FakeWeb({ 'https://quiet.example/': page('<title>Quiet</title>', '<p>Welcome</p>') });
    await assert.rejects(
      runStep(findMenuStep, { place: place({ website: 'https://quiet.example/' }) }, stepContext(fakeTools({ web }))),
      (err) =>
        err instanceof KnownFailure &&
        err.message === 'no menu was found for Trattoria Roma: https://quiet.example/: no menu data or priced lines',
    );
  });
});

describe('price_menu and translate_menu', () => {
  const categories: NativeCategory[] = [
    { name: 'Primi piatti', items: [{ name: 'Cacio e pepe', description: null, priceText: '12.00', currency: null }] },
  ];

  it("prices a bare number in the country's currency and converts it with the dated table", async () => {
    const out = await runStep(priceMenuStep, { place: place(), categories }, stepContext(fakeTools()));
    const [item] = out.categories[0].items as PricedItem[];
    assert.deepEqual(item.price, { amount: 12, currency: 'EUR' });
    assert.ok(typeof item.price_usd === 'number' && item.price_usd > 10 && item.price_usd < 16, String(item.price_usd));
    assert.match(out.notes[0], /^USD at the rates of \d{4}-\d{2}-\d{2}/);
  });

  const priced = [
    { name: 'Primi piatti', items: [{ name: 'Cacio e pepe', description: null, price: { amount: 12, currency: 'EUR' }, price_usd: 13 }] },
  ];

  it('translates names with the chat model', async () => {
    const llm: ChatModelProvider = {
      name: 'scripted chat',
      vision: false,
      structured: async () => ({
        language: 'it',
        translations: [
          { text: 'Primi piatti', english: 'First courses' },
          { text: 'Cacio e pepe', english: 'Cheese and pepper pasta' },
        ],
      }),
    };
    const ctx = stepContext(fakeTools({ llm }));
    const out = await runStep(translateMenuStep, { restaurant: place().restaurant, categories: priced }, ctx);
    assert.equal(out.language, 'it');
    assert.deepEqual(out.categories[0].name, 'First courses');
    assert.deepEqual(out.categories[0].items[0].name_native, 'Cacio e pepe');
    assert.deepEqual(out.categories[0].items[0].name_translated, 'Cheese and pepper pasta');
    assert.equal(ctx.engines.translation, 'scripted chat');
  });

  it('says why names are not translated when no model is configured', async () => {
    const out = await runStep(translateMenuStep, { restaurant: place().restaurant, categories: priced }, stepContext(fakeTools()));
    assert.equal(out.categories[0].items[0].name_translated, null);
    assert.match(out.translation, /no model is configured \(LLM_PROVIDER\)/);
  });
});
