import type { ClaimReview } from '../../engines/fact-check/fact-check.port.js';
import { checkWorthy } from '../shared/check-worthy.js';
import { statementsOf, type VideoEvidence } from '../shared/video-evidence.js';
import { defineStep } from '../step.js';
import { factCheckSearchSpec } from './fact-check-search.spec.js';

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
  ...factCheckSearchSpec,
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
