import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { paidPost } from '../support/devnet.js';
import { type FileServer, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, postJson, ROOT, startHarness } from '../support/harness.js';
import { type OpenAiServer, startOpenAiServer } from '../support/openai-server.js';
import { type PlacesServer, startPlacesServer } from '../support/places-server.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const html =
  (body: string): Handler =>
  (_req, res) =>
    void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta charset="utf-8">${body}`);
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const png =
  (bytes: () => Buffer): Handler =>
  (_req, res) =>
    void res.writeHead(200, { 'content-type': 'image/png' }).end(bytes());

/** A map-service place page as Google's and others' carry it: Open Graph "Name · Address" and schema.org Restaurant data. */
function placePage(place: { name: string; address: Record<string, string>; url?: string; hasMenu?: string }) {
  const a = place.address;
  return html(
    `<meta property="og:title" content="${place.name} · ${a.streetAddress}, ${a.addressLocality}">` +
      ld({
        '@context': 'https://schema.org',
        '@type': 'Restaurant',
        name: place.name,
        address: { '@type': 'PostalAddress', ...a },
        ...(place.url ? { url: place.url } : {}),
        ...(place.hasMenu ? { hasMenu: place.hasMenu } : {}),
      }) +
      `</head><body><div id="map"></div></body></html>`,
  );
}

const ITALIAN_MENU = {
  '@context': 'https://schema.org',
  '@type': 'Menu',
  name: 'Menù',
  hasMenuSection: [
    {
      '@type': 'MenuSection',
      name: 'Antipasti',
      hasMenuItem: [
        {
          '@type': 'MenuItem',
          name: 'Bruschetta al pomodoro',
          description: 'pane casereccio, pomodoro fresco e basilico',
          offers: { '@type': 'Offer', price: '6.50', priceCurrency: 'EUR' },
        },
      ],
    },
    {
      '@type': 'MenuSection',
      name: 'Primi piatti',
      hasMenuItem: [
        {
          '@type': 'MenuItem',
          name: 'Cacio e pepe',
          description: 'tonnarelli, pecorino romano e pepe nero',
          offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'EUR' },
        },
        {
          '@type': 'MenuItem',
          name: 'Spaghetti alla carbonara',
          description: 'guanciale croccante, uovo e pecorino',
          offers: { '@type': 'Offer', price: '13.50', priceCurrency: 'EUR' },
        },
      ],
    },
    {
      '@type': 'MenuSection',
      name: 'Dolci',
      hasMenuItem: [
        {
          '@type': 'MenuItem',
          name: 'Tiramisù della casa',
          description: 'savoiardi, mascarpone e caffè',
          offers: { '@type': 'Offer', price: '7', priceCurrency: 'EUR' },
        },
      ],
    },
  ],
};

/** A chalkboard-style menu photo: white board, dark text, as a café would post it. */
async function menuBoard(): Promise<Buffer> {
  const lines = [
    'COFFEE',
    'Espresso 2.50',
    'Cappuccino 3.80',
    'Flat white 4.20',
    'PASTRIES',
    'Croissant 2.90',
    'Pain au chocolat 3.40',
    'Almond tart 4.60',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1100"><rect width="100%" height="100%" fill="#f4f1ea"/>${lines
    .map(
      (l, i) =>
        `<text x="90" y="${140 + i * 115}" font-family="DejaVu Sans" font-size="${l === l.toUpperCase() ? 60 : 50}" font-weight="${l === l.toUpperCase() ? 'bold' : 'normal'}" fill="#222">${l}</text>`,
    )
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).rotate(2, { background: '#f4f1ea' }).png().toBuffer();
}

/** The web the tests browse: map place pages, a short link, and the restaurants' own sites. */
function restaurantWeb(site: () => string, board: Buffer): Record<string, Handler> {
  return {
    // Trattoria: place page -> website -> a "Menù" link -> schema.org Menu (Italian).
    '/maps/place/Trattoria+Roma/@41.8947,12.4839,17z': (req, res) =>
      placePage({
        name: 'Trattoria Roma',
        address: { streetAddress: 'Via dei Serpenti 12', postalCode: '00184', addressLocality: 'Roma', addressCountry: 'IT' },
        url: `${site()}/trattoria/`,
      })(req, res),
    '/trattoria/': html(
      `<title>Trattoria Roma</title></head><body><nav><a href="/trattoria/chi-siamo">Chi siamo</a> <a href="/trattoria/menu">Menù</a></nav><h1>Benvenuti</h1><p>Cucina romana dal 1962.</p></body></html>`,
    ),
    '/trattoria/menu': html(`${ld(ITALIAN_MENU)}</head><body><h1>Il nostro menù</h1></body></html>`),
    // A short link that redirects to the place, as maps.app.goo.gl does.
    '/s/tr4tt0r1a': (_req, res) => void res.writeHead(302, { location: `${site()}/maps/place/Trattoria+Roma/@41.8947,12.4839,17z` }).end(),
    // Diner: hasMenu points at a plain HTML menu page (no structured menu), in the US.
    '/maps/place/Blue+Door+Diner/@45.52,-122.68,17z': (req, res) =>
      placePage({
        name: 'Blue Door Diner',
        address: { streetAddress: '415 SW Main Street', addressLocality: 'Portland', addressRegion: 'OR', addressCountry: 'US' },
        hasMenu: `${site()}/bluedoor/menu.html`,
      })(req, res),
    '/bluedoor/menu.html': html(
      `</head><body><header><a href="/">Home</a></header><main><h2>Breakfast</h2><ul><li>Buttermilk pancake stack ....... $9.50</li><li>three fluffy pancakes, maple syrup and whipped butter</li>` +
        `<li>Eggs Benedict ....... $12.00</li><li>Biscuits and gravy ....... $8.75</li></ul><h2>Lunch</h2><ul><li>Club sandwich ....... $13.25</li><li>Classic cheeseburger with fries ....... $14.00</li></ul></main><footer>Open every day from seven in the morning</footer></body></html>`,
    ),
    // Café: the website shows only a photo of the menu board, in London.
    '/maps/place/Cafe+Lumiere/@51.51,-0.12,17z': (req, res) =>
      placePage({
        name: 'Café Lumière',
        address: { streetAddress: '8 Neal Street', addressLocality: 'London', postalCode: 'WC2H 9PU', addressCountry: 'GB' },
        url: `${site()}/lumiere/`,
      })(req, res),
    '/lumiere/': html(
      `</head><body><h1>Café Lumière</h1><p>Coffee and pastries in Covent Garden.</p><img src="/lumiere/menu-board.png" alt="Our menu board"></body></html>`,
    ),
    '/lumiere/menu-board.png': png(() => board),
    // A place whose site has no menu at all.
    '/maps/place/Quiet+Bar/@48.85,2.35,17z': (req, res) =>
      placePage({
        name: 'Le Bar Tranquille',
        address: { streetAddress: '3 rue Oberkampf', addressLocality: 'Paris', addressCountry: 'FR' },
        url: `${site()}/quiet/`,
      })(req, res),
    // A place page that carries only its title, as real map pages do: the place is known by the Places API or not at all.
    '/maps/place/Nowhere/@1,1,17z': html(`<title>Nowhere · Maps</title></head><body></body></html>`),
    // A live rates table in Frankfurter's shape (EUR based).
    '/rates.json': (_req, res) =>
      void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ amount: 1, base: 'EUR', date: '2026-11-20', rates: { USD: 1.1, GBP: 0.87, JPY: 171.2 } })),
    '/quiet/': html(`</head><body><h1>Le Bar Tranquille</h1><p>Ouvert le soir. Réservations par téléphone.</p></body></html>`),
  };
}

describe('/menu-from-maps on local pages shaped like real ones', () => {
  let h: Harness;
  let web: FileServer;
  let board: Buffer;

  before(async () => {
    board = await menuBoard();
    web = await startFileServer(restaurantWeb(() => web.url, board));
    h = await startHarness({
      env: { PIPELINES_DIR: path.join(ROOT, 'pipelines'), FETCH_ALLOW_LOOPBACK: 'true', MAP_SERVICE_HOSTS: '127.0.0.1' },
    });
  });
  after(async () => {
    await h?.close();
    await web?.close();
  });

  const menu = async (url: string) => {
    const res = await paidPost(h, '/menu-from-maps', { url });
    assert.equal(res.status, 202, res.text);
    return pollJob(h.url, res.json.job_id, 120);
  };

  it('reads a schema.org Menu on the restaurant site, in euros with USD at the dated rates, untranslated offline', async () => {
    const job = await menu(`${web.url}/maps/place/Trattoria+Roma/@41.8947,12.4839,17z`);
    assert.equal(job.status, 'complete', job.error);
    const r = job.result;
    assert.deepEqual(
      { name: r.restaurant.name, country: r.restaurant.country, currency: r.restaurant.currency },
      { name: 'Trattoria Roma', country: 'IT', currency: 'EUR' },
    );
    assert.match(r.restaurant.address, /Via dei Serpenti 12, 00184 Roma/);
    assert.equal(r.menu_source, 'schema.org Menu');
    assert.deepEqual(r.sources, [`${web.url}/trattoria/menu`]);
    assert.deepEqual(
      r.categories.map((c: any) => c.name_native),
      ['Antipasti', 'Primi piatti', 'Dolci'],
    );
    const carbonara = r.categories[1].items[1];
    assert.equal(carbonara.name_native, 'Spaghetti alla carbonara');
    assert.deepEqual(carbonara.price, { amount: 13.5, currency: 'EUR' });
    assert.equal(carbonara.price_usd, 15.82); // 13.50 / 0.8532 EUR per USD (knowledge/currencies.yaml)
    assert.equal(r.as_of, '2025-06-30');
    assert.equal(r.language, 'it');
    assert.equal(carbonara.name_translated, null);
    assert.match(r.translation, /no model is configured/);
  });

  it('follows a short link to the place', async () => {
    const job = await menu(`${web.url}/s/tr4tt0r1a`);
    assert.equal(job.status, 'complete', job.error);
    assert.equal(job.result.restaurant.name, 'Trattoria Roma');
    assert.equal(job.result.restaurant.source_url, `${web.url}/maps/place/Trattoria+Roma/@41.8947,12.4839,17z`);
  });

  it('structures a plain HTML menu page: categories, dot leaders, descriptions, dollar prices; English names are their own translation', async () => {
    const job = await menu(`${web.url}/maps/place/Blue+Door+Diner/@45.52,-122.68,17z`);
    assert.equal(job.status, 'complete', job.error);
    const r = job.result;
    assert.equal(r.menu_source, 'menu page text');
    assert.equal(r.restaurant.currency, 'USD');
    assert.deepEqual(
      r.categories.map((c: any) => c.name),
      ['Breakfast', 'Lunch'],
    );
    const pancakes = r.categories[0].items[0];
    assert.deepEqual(
      [pancakes.name, pancakes.price, pancakes.price_usd],
      ['Buttermilk pancake stack', { amount: 9.5, currency: 'USD' }, 9.5],
    );
    assert.equal(pancakes.description, 'three fluffy pancakes, maple syrup and whipped butter');
    assert.equal(pancakes.name_translated, 'Buttermilk pancake stack');
    assert.equal(r.categories[1].items.length, 2);
    assert.equal(r.language, 'en');
  });

  it('reads a menu that exists only as a photo (OCR), in pounds from the country', async () => {
    const job = await menu(`${web.url}/maps/place/Cafe+Lumiere/@51.51,-0.12,17z`);
    assert.equal(job.status, 'complete', job.error);
    const r = job.result;
    assert.equal(r.menu_source, 'menu photo OCR');
    assert.deepEqual(r.sources, [`${web.url}/lumiere/menu-board.png`]);
    assert.equal(r.restaurant.currency, 'GBP');
    const items = r.categories.flatMap((c: any) => c.items);
    const cappuccino = items.find((i: any) => /cappuccino/i.test(i.name));
    assert.ok(cappuccino, JSON.stringify(r.categories));
    assert.deepEqual(cappuccino.price, { amount: 3.8, currency: 'GBP' });
    assert.equal(cappuccino.price_usd, 5.21); // 3.80 / 0.7295
    assert.ok(items.length >= 5, `items read: ${items.map((i: any) => i.name).join(', ')}`);
    assert.deepEqual(
      r.categories.map((c: any) => c.name.toUpperCase()),
      ['COFFEE', 'PASTRIES'],
    );
  });

  it('fails with a clear error: not a map place, no menu anywhere, an unreachable page', async () => {
    // Not a map URL at all: a 400 before any payment (refuse-on-face.test.ts covers the other cases).
    const notMaps = await postJson(`${h.url}/menu-from-maps`, { url: 'https://example.com/restaurants/trattoria-roma' });
    assert.equal(notMaps.status, 400, notMaps.text);
    assert.match(notMaps.json.error, /url: is not a map-service place URL/);

    const shortToElsewhere = await menu(`${web.url}/trattoria/`);
    assert.equal(shortToElsewhere.status, 'failed');
    assert.match(shortToElsewhere.error, /not a map-service place page/);

    const noMenu = await menu(`${web.url}/maps/place/Quiet+Bar/@48.85,2.35,17z`);
    assert.equal(noMenu.status, 'failed');
    assert.match(noMenu.error, /no menu was found for Le Bar Tranquille/);

    // A page that cannot be reached is refused after the payment is verified, before it is settled.
    const unreachable = await paidPost(h, '/menu-from-maps', { url: 'http://127.0.0.1:9/maps/place/Gone/@1,1,17z' });
    assert.equal(unreachable.status, 422, unreachable.text);
    assert.match(unreachable.json.error, /could not be reached .*Nothing was charged\.$/);
  });
});

describe('/menu-from-maps with the Places API and a translation model', () => {
  let h: Harness;
  let web: FileServer;
  let places: PlacesServer;
  let ai: OpenAiServer;

  before(async () => {
    const board = await menuBoard();
    web = await startFileServer(restaurantWeb(() => web.url, board));
    places = await startPlacesServer(
      'test-places-key',
      [
        // Found by a text search: its website has the Italian menu.
        {
          id: 'ChIJtrattoria',
          displayName: { text: 'Trattoria Roma', languageCode: 'it' },
          formattedAddress: 'Via dei Serpenti, 12, 00184 Roma RM, Italy',
          addressComponents: [{ longText: 'Italy', shortText: 'IT', types: ['country', 'political'] }],
          websiteUri: `${web.url}/trattoria/`,
        },
        // Named by id in the URL: no website, but a photo of the menu board.
        {
          id: 'ChIJlumiere',
          displayName: { text: 'Café Lumière', languageCode: 'en' },
          formattedAddress: '8 Neal St, London WC2H 9PU, UK',
          addressComponents: [{ longText: 'United Kingdom', shortText: 'GB', types: ['country', 'political'] }],
          photos: [{ name: 'places/ChIJlumiere/photos/board1', widthPx: 900, heightPx: 1100 }],
        },
      ],
      () => `${web.url}/lumiere/menu-board.png`,
    );
    ai = await startOpenAiServer();
    h = await startHarness({
      env: {
        PIPELINES_DIR: path.join(ROOT, 'pipelines'),
        FETCH_ALLOW_LOOPBACK: 'true',
        MAP_SERVICE_HOSTS: '127.0.0.1',
        PLACES_API_KEY: 'test-places-key',
        PLACES_API_URL: places.url,
        LLM_PROVIDER: 'openai-compatible',
        LLM_MODEL: 'translator-test',
        LLM_BASE_URL: ai.url,
        RATES_URL: `${web.url}/rates.json`,
      },
    });
  });
  after(async () => {
    await h?.close();
    await Promise.all([web.close(), places.close(), ai.close()]);
  });

  const menu = async (url: string) => {
    const res = await paidPost(h, '/menu-from-maps', { url });
    assert.equal(res.status, 202, res.text);
    return pollJob(h.url, res.json.job_id, 120);
  };

  it('finds the place by text search, reads its menu, and translates the names with the model', async () => {
    const english: Record<string, string> = {
      Antipasti: 'Starters',
      'Primi piatti': 'First courses',
      Dolci: 'Desserts',
      'Bruschetta al pomodoro': 'Tomato bruschetta',
      'Cacio e pepe': 'Cacio e pepe (cheese and black pepper pasta)',
      'Spaghetti alla carbonara': 'Spaghetti carbonara',
      'Tiramisù della casa': 'House tiramisu',
    };
    ai.answers = [{ json: { language: 'it', translations: Object.entries(english).map(([text, en]) => ({ text, english: en })) } }];
    const job = await menu(`${web.url}/maps/place/Trattoria+Roma/@41.8947,12.4839,17z`);
    assert.equal(job.status, 'complete', job.error);
    const r = job.result;
    assert.deepEqual(
      [r.restaurant.name, r.restaurant.country, r.restaurant.currency, r.restaurant.website],
      ['Trattoria Roma', 'IT', 'EUR', `${web.url}/trattoria/`],
    );
    assert.match(job.engines.place, /Places API/);
    const search = places.requests.find((q) => q.path === '/v1/places:searchText')!;
    assert.match(search.body.textQuery, /Trattoria Roma/);
    assert.match(search.fieldMask, /places\.websiteUri/);
    assert.deepEqual(
      r.categories.map((c: any) => [c.name, c.name_native]),
      [
        ['Starters', 'Antipasti'],
        ['First courses', 'Primi piatti'],
        ['Desserts', 'Dolci'],
      ],
    );
    const cacio = r.categories[1].items[0];
    assert.deepEqual(
      [cacio.name, cacio.name_native, cacio.name_translated],
      ['Cacio e pepe (cheese and black pepper pasta)', 'Cacio e pepe', 'Cacio e pepe (cheese and black pepper pasta)'],
    );
    assert.equal(r.language, 'it');
    assert.match(r.translation, /translated by .*translator-test/);
    // USD from the live rates table (RATES_URL), dated by it: 13.50 EUR at 1.10 USD per EUR.
    assert.equal(r.as_of, '2026-11-20');
    assert.equal(r.categories[1].items[1].price_usd, 14.85);
    // The model saw every name to translate.
    assert.match(JSON.stringify(ai.chatRequests.at(-1).messages), /Spaghetti alla carbonara/);
  });

  it('uses the place id in the URL for details, and reads the menu from the place photos', async () => {
    ai.answers = [{ json: { language: 'en', translations: [] } }];
    const job = await menu(`${web.url}/maps/place/Cafe+Lumiere/@51.51,-0.12,17z?query_place_id=ChIJlumiere`);
    assert.equal(job.status, 'complete', job.error);
    const r = job.result;
    assert.equal(r.restaurant.currency, 'GBP');
    assert.equal(r.menu_source, 'menu photo OCR');
    assert.deepEqual(r.sources, ['places photo places/ChIJlumiere/photos/board1']);
    assert.ok(places.requests.some((q) => q.path === '/v1/places/ChIJlumiere' && q.key === 'test-places-key'));
    assert.ok(r.categories.flatMap((c: any) => c.items).some((i: any) => /espresso/i.test(i.name) && i.price.amount === 2.5));
  });

  it('fails the job with the API error for a bad key or an unknown place', async () => {
    const job = await menu(`${web.url}/maps/place/Nowhere/@1,1,17z?query_place_id=ChIJunknown`);
    assert.equal(job.status, 'failed');
    assert.match(job.error, /the Places API answered HTTP 404/);
  });
});
