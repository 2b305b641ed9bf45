import type { OfflineAnalyzer } from './analyzer.js';
import { statementsOf, type VideoEvidence } from './evidence.js';
import { checkWorthy } from './text/check-worthy.js';

const MAX_CLAIMS = 10;
/** Confidence of an `unverifiable` verdict reached without consulting any evidence: low by design. */
export const OFFLINE_CONFIDENCE = 0.2;

/**
 * The offline fact-check extracts the check-worthy claims (numbers, statistics, comparisons, causal and
 * historical statements), ranked by how checkable they are, and says honestly that none was checked:
 * every verdict is `unverifiable`, with low confidence, and the overall credibility is `low` because
 * nothing could be confirmed. A model (LLM_PROVIDER) gives real verdicts.
 */
export const verifyAnalyzer: OfflineAnalyzer = {
  name: 'verify',
  description: 'check-worthy factual claims extracted and ranked; verdicts left unverifiable without an evidence source',
  async run(raw) {
    const input = raw as VideoEvidence;
    const seen = new Set<string>();
    const found = statementsOf(input)
      .map((s) => ({ s, c: checkWorthy(s.text) }))
      .filter((x): x is { s: (typeof x)['s']; c: NonNullable<(typeof x)['c']> } => {
        const key = x.s.text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
        if (!x.c || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => b.c.score - a.c.score || a.s.time - b.s.time)
      .slice(0, MAX_CLAIMS);
    const claims = found.map(({ s, c }) => ({
      claim: s.text,
      verdict: 'unverifiable' as const,
      explanation: `A checkable ${c.kinds.join(', ')} claim (${s.source === 'screen' ? 'on screen' : 'said'} at ${s.time.toFixed(1)} s). No evidence source was consulted (no model or fact-check source is configured), so it was neither confirmed nor refuted.`,
      confidence: OFFLINE_CONFIDENCE,
    }));
    return {
      claims,
      overall_credibility: 'low' as const,
      summary: claims.length
        ? `${claims.length} check-worthy factual claim${claims.length === 1 ? '' : 's'} found in the speech and on-screen text. None could be checked: no evidence source was consulted, so the video's credibility cannot be established and its claims should be treated as unverified.`
        : 'No check-worthy factual claim (numbers, statistics, comparisons, causes or historical facts) was found in the speech or on-screen text; there is nothing to verify, and no evidence source was consulted.',
    };
  },
};
