import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TRANSCRIPT } from '../../../test/support/sample-transcript.js';
import { fakeTools, runStep, stepContext } from '../../../test/support/step-context.js';
import type { ClaimReview, FactCheckSearch } from '../../engines/fact-check/fact-check.port.js';
import { factCheckSearchStep } from './fact-check-search.step.js';

/** fact_check_search against the fact-check port, with a fake engine. */
describe('fact_check_search against the fact-check port', () => {
  const review: ClaimReview = {
    claim: 'Serum removes wrinkles in a week',
    claimant: 'an ad',
    publisher: 'Checkers',
    rating: 'False',
    url: 'https://check.example/1',
    title: null,
  };

  it("looks up the transcript's check-worthy claims and returns the reviews found", async () => {
    const queries: string[] = [];
    const factCheck: FactCheckSearch = {
      name: 'fake fact-checks',
      search: async (q) => {
        queries.push(q);
        return /wrinkles/.test(q) ? [review] : [];
      },
    };
    const ctx = stepContext(fakeTools({ factCheck }));
    const out = await runStep(factCheckSearchStep, { transcript: TRANSCRIPT, ocr: null }, ctx);
    assert.equal(out.source, 'fake fact-checks');
    const wrinkles = out.claims.find((c) => /wrinkles/.test(c.claim));
    assert.deepEqual(wrinkles?.reviews, [review]);
    assert.equal(wrinkles?.time, 0);
    assert.ok(queries.length >= 1);
  });

  it('answers with no source and no claims when no evidence source is configured', async () => {
    assert.deepEqual(await runStep(factCheckSearchStep, { transcript: TRANSCRIPT }, stepContext(fakeTools())), {
      source: null,
      claims: [],
    });
  });
});
