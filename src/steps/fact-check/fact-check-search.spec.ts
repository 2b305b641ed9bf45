import { defineSpec } from '../step.js';

const review = {
  type: 'object',
  required: ['claim', 'claimant', 'publisher', 'rating', 'url', 'title'],
  properties: {
    claim: { type: 'string' },
    claimant: { type: ['string', 'null'] },
    publisher: { type: 'string' },
    rating: { type: 'string' },
    url: { type: 'string' },
    title: { type: ['string', 'null'] },
  },
};

export const factCheckSearchSpec = defineSpec({
  type: 'fact_check_search',
  summary: 'Looks up published fact-checks of the claims a video makes',
  description:
    'Extracts the check-worthy claims of `transcript` (a `transcribe` output, or null) and `ocr` (an `ocr` output) ' +
    'and searches the configured evidence source (FACTCHECK_API_URL: the Google Fact Check Tools API or a service ' +
    'answering in its shape) for published reviews of each, `max_claims` at most (default 5), in parallel. Without ' +
    'an evidence source it outputs `source: null` and no reviews. Outputs `source` and `claims` [{claim, time, ' +
    'reviews [{claim, claimant, publisher, rating, url, title}]}].',
  with: {
    type: 'object',
    additionalProperties: false,
    properties: { transcript: {}, ocr: {}, max_claims: { type: 'integer', minimum: 1, maximum: 20 } },
  },
  output: {
    type: 'object',
    required: ['source', 'claims'],
    additionalProperties: false,
    properties: {
      source: { type: ['string', 'null'] },
      claims: {
        type: 'array',
        items: {
          type: 'object',
          required: ['claim', 'time', 'reviews'],
          properties: { claim: { type: 'string' }, time: { type: 'number' }, reviews: { type: 'array', items: review } },
        },
      },
    },
  },
  example: `- id: evidence\n  uses: fact_check_search\n  with: { transcript: "{{steps.speech}}", ocr: "{{steps.captions}}" }`,
});
