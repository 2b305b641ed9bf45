import { defineSpec } from '../step.js';

export const resolvePlaceSpec = defineSpec({
  type: 'resolve_place',
  summary: 'Resolves a map-service place URL (short links too) to the restaurant: name, address, country, currency, website',
  description:
    'Accepts place URLs of Google Maps, Apple Maps, OpenStreetMap and Bing Maps, their short links (followed with ' +
    'the address guard on every hop), and hosts listed in MAP_SERVICE_HOSTS. With PLACES_API_KEY the place comes ' +
    "from Google's Places API (details by place id, else a text search for the name in the URL or page); otherwise " +
    "from the place page's schema.org data (Restaurant/LocalBusiness JSON-LD, then Open Graph). The country gives the " +
    'currency (knowledge/currencies.yaml). Any other URL, or a page that names no place, fails the job with the reason.',
  with: { type: 'object', required: ['url'], additionalProperties: false, properties: { url: { type: 'string' } } },
  output: { type: 'object', required: ['restaurant', 'menu_hint', 'photos', 'via', 'sources'] },
  fetches: { url: 'map' },
  example: '- id: place\n  uses: resolve_place\n  with: { url: "{{request.url}}" }',
});
