import { defineSpec } from '../step.js';

export const findMenuSpec = defineSpec({
  type: 'find_menu',
  summary: "Finds the restaurant's menu: schema.org Menu data, a menu page, or menu photos (OCR)",
  description:
    "Looks, in order, at: the place page's hasMenu; the restaurant's website (schema.org Menu in JSON-LD); its " +
    'links that say menu (carta, carte, Speisekarte, ...) and their Menu data or text; menu images on those pages; ' +
    'the Places API photos. Text and photos (tesseract OCR) are split into categories and items by the price at the ' +
    'end of a line. No menu anywhere fails the job, listing what was tried.',
  with: { type: 'object', required: ['place'], additionalProperties: false, properties: { place: { type: 'object' } } },
  output: { type: 'object', required: ['categories', 'method', 'sources'] },
  example: '- id: menu\n  uses: find_menu\n  with: { place: "{{steps.place}}" }',
});
