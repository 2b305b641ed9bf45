import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readMapUrl } from '../../sources/map-urls.js';
import { loadKnowledge } from '../shared/knowledge.js';
import { parseMenuLines } from './menu-text.js';
import { type CurrencyTable, countryFromAddress, readPrice, toUsd } from './prices.js';

const table = () => loadKnowledge<CurrencyTable>(path.join(process.cwd(), 'knowledge'), 'currencies.yaml');

describe('map-service URLs', () => {
  it('recognises place pages and short links of the known tools, and nothing else', () => {
    const google = readMapUrl('https://www.google.com/maps/place/Trattoria+Roma/@41.89,12.48,17z/data=!3m1');
    assert.deepEqual([google?.kind, google?.service, google?.name], ['place', 'Google Maps', 'Trattoria Roma']);
    assert.equal(readMapUrl('https://www.google.com/maps/search/?api=1&query=Cafe&query_place_id=ChIJabc')?.placeId, 'ChIJabc');
    assert.equal(readMapUrl('https://maps.app.goo.gl/AbCdEf123')?.kind, 'short_link');
    assert.equal(readMapUrl('https://maps.apple.com/?q=Blue+Door&ll=45.5,-122.6')?.service, 'Apple Maps');
    assert.equal(readMapUrl('https://www.openstreetmap.org/node/123456')?.service, 'OpenStreetMap');
    assert.equal(readMapUrl('https://www.google.com/search?q=pizza'), null);
    assert.equal(readMapUrl('https://goo.gl/abc'), null);
    assert.equal(readMapUrl('https://example.com/maps/place/X'), null);
    assert.equal(readMapUrl('https://example.com/maps/place/X', ['example.com'])?.kind, 'place');
  });
});

describe('prices', () => {
  it('reads decimal commas, thousands separators and symbols; the country decides shared symbols', async () => {
    const t = await table();
    assert.deepEqual(readPrice('12,50 €', t, 'EUR'), { amount: 12.5, currency: 'EUR' });
    assert.deepEqual(readPrice('¥1,200', t, 'JPY'), { amount: 1200, currency: 'JPY' });
    assert.deepEqual(readPrice('1.200 円', t, 'JPY'), { amount: 1200, currency: 'JPY' });
    assert.deepEqual(readPrice('$9.50', t, 'CAD'), { amount: 9.5, currency: 'CAD' });
    assert.deepEqual(readPrice('$9.50', t, 'EUR'), { amount: 9.5, currency: 'USD' });
    assert.deepEqual(readPrice('CHF 18.-', t, 'CHF'), { amount: 18, currency: 'CHF' });
    assert.deepEqual(readPrice('7', t, 'GBP'), { amount: 7, currency: 'GBP' });
    assert.deepEqual(readPrice('65 kr', t, 'DKK'), { amount: 65, currency: 'DKK' });
    assert.equal(readPrice('market price', t, 'EUR'), null);
    assert.equal(toUsd(t.rates, 13.5, 'EUR'), 15.82);
    assert.equal(toUsd(t.rates, 100, 'XYZ'), null);
    assert.equal(countryFromAddress(t, 'Via dei Serpenti 12, 00184 Roma, Italia'), 'IT');
  });
});

describe('menu lines', () => {
  it('splits lines into categories, items with prices, and descriptions', () => {
    const menu = parseMenuLines([
      'STARTERS',
      'Soup of the day ..... 6.50',
      'ask your server',
      'Garlic bread - 4',
      'MAINS:',
      'Fish and chips £14.95',
      'Open daily',
    ]);
    assert.deepEqual(
      menu.map((c) => [c.name, c.items.map((i) => [i.name, i.priceText, i.description])]),
      [
        [
          'STARTERS',
          [
            ['Soup of the day', '6.50', 'ask your server'],
            ['Garlic bread', '4', null],
          ],
        ],
        ['MAINS', [['Fish and chips', '£14.95', null]]],
      ],
    );
  });
});
