import { defineSpec } from '../step.js';

export const priceMenuSpec = defineSpec({
  type: 'price_menu',
  summary: 'Reads each price as an amount and currency, and converts it to USD with a dated rates table',
  description:
    "A price's own symbol or code decides its currency; a bare number takes the currency of the restaurant's " +
    'country (knowledge/currencies.yaml). USD comes from RATES_URL when set, else the shipped table in ' +
    "knowledge/currencies.yaml; `as_of` is the table's date. A currency without a rate gets price_usd null and a note.",
  with: {
    type: 'object',
    required: ['place', 'categories'],
    additionalProperties: false,
    properties: { place: { type: 'object' }, categories: { type: 'array' } },
  },
  output: { type: 'object', required: ['restaurant', 'categories', 'as_of', 'notes'] },
  example: '- id: prices\n  uses: price_menu\n  with: { place: "{{steps.place}}", categories: "{{steps.menu.categories}}" }',
});
