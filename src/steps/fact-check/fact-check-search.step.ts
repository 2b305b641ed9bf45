import type { ClaimReview } from '../../engines/fact-check/fact-check.port.js';
import { checkWorthy } from '../shared/check-worthy.js';
import { statementsOf, type VideoEvidence } from '../shared/video-evidence.js';
import { defineStep } from '../step.js';

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

interface Output {
  source: string | null;
  claims: Array<{ claim: string; time: number; reviews: ClaimReview[] }>;
}

/** The outputs of the `transcribe` and `ocr` steps (either may be null: a failed optional step). */
interface Input {
  transcript?: VideoEvidence['transcript'];
  ocr?: VideoEvidence['ocr'];
  max_claims?: number;
}

export const factCheckSearchStep = defineStep<Input, Output>({
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
  async run(input, ctx) {
    const search = ctx.tools.factCheck;
    if (!search) return { source: null, claims: [] };
    // Statements come from the speech and the captions alone: no scenes, and the rest of the evidence is not read.
    const evidence = { transcript: input.transcript ?? null, ocr: input.ocr ?? null, scenes: null } as VideoEvidence;
    const claims = statementsOf(evidence)
      .map((s) => ({ s, c: checkWorthy(s.text) }))
      .filter((x) => x.c)
      .sort((a, b) => b.c!.score - a.c!.score)
      .slice(0, input.max_claims ?? 5);
    const found = await Promise.all(
      claims.map(async ({ s }) => ({ claim: s.text, time: s.time, reviews: await search.search(s.text, ctx.signal) })),
    );
    ctx.engine('evidence', search.name);
    return { source: search.name, claims: found };
  },
});
