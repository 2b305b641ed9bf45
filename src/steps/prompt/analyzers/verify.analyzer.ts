import type { ClaimReview } from '../../../engines/fact-check/fact-check.port.js';
import { checkWorthy } from '../../shared/check-worthy.js';
import { type Statement, statementsOf, timesOf, type VideoEvidence, whereOf } from '../../shared/video-evidence.js';
import { defineAnalyzer } from './analyzer.js';
import { sourcedClaims } from './claim-sources.js';
import { heldEvidence, speechFields } from './speech-evidence.js';

type Verdict = 'true' | 'mostly_true' | 'half_true' | 'mostly_false' | 'false' | 'unverifiable';

/** A publisher's textual rating as a verdict (null when it does not say, e.g. "Needs context"). */
export function verdictOfRating(rating: string): Verdict | null {
  const r = rating.toLowerCase();
  if (/mostly false|largely false|mostly inaccurate/.test(r)) return 'mostly_false';
  if (/mostly true|largely true|mostly accurate/.test(r)) return 'mostly_true';
  if (/half true|half-true|mixture|mixed|partly|partially|misleading|missing context|exaggerat|out of context/.test(r)) return 'half_true';
  if (/\b(false|fake|pants on fire|incorrect|wrong|hoax|fabricated|debunked|untrue|no evidence)\b/.test(r)) return 'false';
  if (/\b(true|correct|accurate|confirmed)\b/.test(r)) return 'true';
  return null;
}
const SCORE: Record<Verdict, number> = { true: 1, mostly_true: 0.75, half_true: 0.5, mostly_false: 0.25, false: 0, unverifiable: 0.5 };

const MAX_CLAIMS = 10;

/** What a verdict's confidence becomes when the words it judges were perceived with `s.confidence`. */
function weighed(verdict: number, s: Statement): number {
  return Math.round(verdict * (s.confidence ?? 1) * 100) / 100;
}

/** The summary's first words when the speech was heard but not recognised. */
const UNHEARD = 'No claims could be heard: the speech could not be recognised with confidence, so nothing said in the video was checked.';
/** Confidence of an `unverifiable` verdict reached without consulting any evidence: low by design. */
export const OFFLINE_CONFIDENCE = 0.2;

/** The video's evidence and, from the fact_check_search step, published reviews of its claims. */
type VerifyInput = VideoEvidence & {
  evidence?: { source: string | null; claims: Array<{ claim: string; reviews: ClaimReview[] }> };
};
type CheckWorthy = NonNullable<ReturnType<typeof checkWorthy>>;

/** The video's check-worthy statements, each once (by its words), the most checkable first, at most MAX_CLAIMS. */
function checkWorthyStatements(input: VerifyInput): Array<{ s: Statement; c: CheckWorthy }> {
  const seen = new Set<string>();
  return statementsOf(input)
    .map((s) => ({ s, c: checkWorthy(s.text) }))
    .filter((x): x is { s: (typeof x)['s']; c: NonNullable<(typeof x)['c']> } => {
      const key = x.s.text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
      if (!x.c || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.c.score - a.c.score || a.s.time - b.s.time)
    .slice(0, MAX_CLAIMS);
}

/** One claim's verdict: the published reviews' when there are any, else unverifiable, saying why. */
function judgedClaim(s: Statement, c: CheckWorthy, evidence: VerifyInput['evidence']) {
  const where = whereOf(s);
  const reviews = (evidence?.claims.find((e) => e.claim === s.text)?.reviews ?? []).filter((r) => verdictOfRating(r.rating));
  if (reviews.length) {
    // The publishers' ratings decide; when they disagree, the most cautious (lowest) one wins.
    const verdicts = reviews.map((r) => verdictOfRating(r.rating)!);
    const verdict = verdicts.reduce((a, b) => (SCORE[b] < SCORE[a] ? b : a));
    const agree = verdicts.every((v) => v === verdict);
    return {
      claim: s.text,
      ...timesOf(s),
      verdict,
      explanation: `A checkable ${c.kinds.join(', ')} claim (${where}). ${reviews
        .slice(0, 3)
        .map((r) => `${r.publisher} rated "${r.claim}" as "${r.rating}"`)
        .join('; ')}.`,
      confidence: weighed(agree ? (reviews.length > 1 ? 0.85 : 0.7) : 0.5, s),
      sources: [...new Set(reviews.map((r) => r.url))],
    };
  }
  return {
    claim: s.text,
    ...timesOf(s),
    verdict: 'unverifiable' as Verdict,
    explanation: evidence?.source
      ? `A checkable ${c.kinds.join(', ')} claim (${where}). ${evidence.source} has no published review of it, so it was neither confirmed nor refuted.`
      : `A checkable ${c.kinds.join(', ')} claim (${where}). No evidence source was consulted (no model or fact-check source is configured), so it was neither confirmed nor refuted.`,
    confidence: weighed(OFFLINE_CONFIDENCE, s),
  };
}

type JudgedClaim = ReturnType<typeof judgedClaim>;

/** The credibility and summary when some claims matched published fact-checks: the checked claims decide. */
function checkedVerdict(claims: JudgedClaim[], checked: JudgedClaim[], unheard: string) {
  const mean = checked.reduce((a, c) => a + SCORE[c.verdict], 0) / checked.length;
  const credibility = mean >= 0.75 ? 'high' : mean >= 0.5 ? 'medium' : mean >= 0.25 ? 'low' : 'very_low';
  const tally = (['true', 'mostly_true', 'half_true', 'mostly_false', 'false'] as Verdict[])
    .map((v) => [v, checked.filter((c) => c.verdict === v).length] as const)
    .filter(([, n]) => n)
    .map(([v, n]) => `${n} ${v.replace('_', ' ')}`)
    .join(', ');
  return {
    overall_credibility: credibility,
    summary: `${unheard}${claims.length} check-worthy claim${claims.length === 1 ? '' : 's'} found; ${checked.length} matched published fact-checks (${tally}); ${claims.length - checked.length} could not be checked. Credibility follows the checked claims.`,
  };
}

/** The summary when nothing could be checked: credibility stays low, and it says what was (not) found. */
function uncheckedSummary(claims: JudgedClaim[], unheard: string): string {
  return claims.length
    ? `${unheard}${claims.length} check-worthy factual claim${claims.length === 1 ? '' : 's'} found in the ${unheard ? 'on-screen text and title' : 'speech and on-screen text'}. None could be checked: no evidence source was consulted, so the video's credibility cannot be established and its claims should be treated as unverified.`
    : unheard
      ? `${UNHEARD} No check-worthy factual claim was found in the on-screen text or title either, so the video's credibility cannot be established.`
      : 'No check-worthy factual claim (numbers, statistics, comparisons, causes or historical facts) was found in the speech or on-screen text; there is nothing to verify, and no evidence source was consulted.';
}

/**
 * The offline fact-check extracts the check-worthy claims, one per spoken sentence or on-screen caption
 * with its times (`start`, `end`, `source`) (numbers, statistics, comparisons, causal and
 * historical statements), ranked by how checkable they are. With an evidence source (FACTCHECK_API_URL),
 * a claim that published fact-checks rated gets their verdict (the most cautious when they disagree),
 * their URLs as sources, and the credibility follows the checked claims. Otherwise it says honestly that
 * nothing was checked: `unverifiable`, low confidence, credibility `low`. A model gives real verdicts.
 */
export const verifyAnalyzer = defineAnalyzer<VerifyInput, unknown>({
  name: 'verify',
  description: 'check-worthy factual claims extracted and ranked; verdicts left unverifiable without an evidence source',
  result: 'results/verify.json',
  async run(given) {
    const input = heldEvidence(given);
    const claims = checkWorthyStatements(input).map(({ s, c }) => judgedClaim(s, c, input.evidence));
    const speech = speechFields(input);
    const unheard = speech.speech === 'unintelligible' ? `${UNHEARD} ` : '';
    const checked = claims.filter((c) => c.verdict !== 'unverifiable');
    if (checked.length) {
      const { overall_credibility, summary } = checkedVerdict(claims, checked, unheard);
      return { claims, overall_credibility, ...speech, summary };
    }
    return { claims, overall_credibility: 'low' as const, ...speech, summary: uncheckedSummary(claims, unheard) };
  },
  hold: heldEvidence,
  vouch(held, answer) {
    const { speech: _speech, speech_reason: _reason, transcript_confidence: _sure, transcript_probability: _p, ...prose } = answer;
    return { ...prose, claims: sourcedClaims(answer.claims, statementsOf(held), true), ...speechFields(held) };
  },
});
