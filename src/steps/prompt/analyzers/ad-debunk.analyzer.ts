import { isCallToAction, isOpinion } from '../../shared/check-worthy.js';
import { loadKnowledge } from '../../shared/knowledge.js';
import { type Statement, statementsOf, timesOf, type VideoEvidence, whereOf } from '../../shared/video-evidence.js';
import { defineAnalyzer } from './analyzer.js';
import { sourcedClaims } from './claim-sources.js';
import { productIdAnalyzer } from './product-id.analyzer.js';
import { heldEvidence, speechFields } from './speech-evidence.js';
import { strongStatement } from './text/strong-statements.js';

type Verdict = 'true' | 'misleading' | 'false' | 'unverifiable';
interface AdRule {
  id: string;
  name: string;
  standard: string;
  verdict: Exclude<Verdict, 'true'>;
  explanation: string;
  patterns: string[];
  unless?: string[];
}

const UNHEARD =
  'No claims could be heard: the speech could not be recognised with confidence, so only the on-screen text and title were checked.';
const SEVERITY: Record<Verdict, number> = { true: 0, unverifiable: 1, misleading: 2, false: 3 };
type CompiledRule = AdRule & { match: RegExp[]; except: RegExp[] };
const compiled = new WeakMap<AdRule[], CompiledRule[]>();

interface Claim {
  claim: string;
  verdict: Verdict;
  evidence: string;
  rules: string[];
  at: Statement;
}

/**
 * The rating follows from the verdicts (documented in docs/endpoints.md):
 * deceptive: 2+ false, or 1 false with 2+ misleading; very_misleading: 1 false, or 3+ misleading;
 * somewhat_misleading: 1-2 misleading; mostly_accurate: only unverifiable claims flagged;
 * trustworthy: no claim flagged.
 */
export function overallRating(
  verdicts: Verdict[],
): 'trustworthy' | 'mostly_accurate' | 'somewhat_misleading' | 'very_misleading' | 'deceptive' {
  const n = (v: Verdict) => verdicts.filter((x) => x === v).length;
  const [f, m, u] = [n('false'), n('misleading'), n('unverifiable')];
  if (f >= 2 || (f === 1 && m >= 2)) return 'deceptive';
  if (f === 1 || m >= 3) return 'very_misleading';
  if (m >= 1) return 'somewhat_misleading';
  if (u >= 1) return 'mostly_accurate';
  return 'trustworthy';
}

const RECOMMENDATIONS = {
  deceptive:
    'Do not buy on the strength of this ad: it makes claims advertising standards treat as false. Look for independent reviews and evidence.',
  very_misleading:
    'Be very careful: several claims are presented without the evidence the law requires. Ask for the study, the conditions and the real price before buying.',
  somewhat_misleading:
    'Treat the flagged claims with caution and check their conditions and evidence; the rest of the ad makes no problematic claims.',
  mostly_accurate:
    'No claim breaks an advertising rule, but some comparisons cannot be checked from the ad; compare with independent sources.',
  trustworthy: 'No problematic claim was found in the speech or on-screen text of this ad.',
};

/**
 * Advertising claims checked against knowledge/ad-rules.yaml, one per spoken sentence or on-screen caption
 * with its times. Each statement that triggers a rule, or that makes a strong factual assertion (numbers,
 * absolute claims; not an opinion or a call to action), is a claim; repeats are merged.
 * Triggered rules give the verdict and the evidence (rule, standard, the words that triggered it);
 * strong statements no rule covers are `unverifiable`: nothing offline can check them.
 */
export const adDebunkAnalyzer = defineAnalyzer<VideoEvidence, unknown>({
  name: 'ad_debunk',
  description: 'claims from speech and on-screen text checked against advertising-standard rules',
  result: 'results/ad-debunk.json',
  async run(given, ctx) {
    const input = heldEvidence(given);
    const { rules } = await loadKnowledge<{ rules: AdRule[] }>(ctx.knowledgeDir, 'ad-rules.yaml');
    const claims = claimsOf(statementsOf(input), compiledRules(rules));
    const products = ((await productIdAnalyzer.run(input, ctx)) as { products: Array<{ name: string }> }).products;
    const product = products[0]?.name ?? input.title ?? input.metadata?.title ?? 'the advertised product (not named in the video)';
    const speech = speechFields(input);
    // Nothing flagged in what could be read is not "trustworthy" when what was said could not be heard.
    const unheard = speech.speech === 'unintelligible';
    const rated = overallRating(claims.map((c) => c.verdict));
    const rating = unheard && rated === 'trustworthy' ? 'mostly_accurate' : rated;
    return {
      product,
      claims: claims.map(({ claim, verdict, evidence, rules: ids, at }) => ({
        claim,
        ...timesOf(at),
        verdict,
        evidence,
        ...(ids.length ? { rules: ids } : {}),
      })),
      overall_rating: rating,
      recommendation: unheard ? `${UNHEARD} ${RECOMMENDATIONS[rating]}` : RECOMMENDATIONS[rating],
      ...speech,
    };
  },
  hold: heldEvidence,
  vouch(held, answer) {
    const { speech: _speech, speech_reason: _reason, transcript_confidence: _sure, transcript_probability: _p, ...prose } = answer;
    return { ...prose, claims: sourcedClaims(answer.claims, statementsOf(held), false), ...speechFields(held) };
  },
});

/** The rules' patterns as regular expressions, compiled once per loaded rules file. */
function compiledRules(rules: AdRule[]): CompiledRule[] {
  if (!compiled.has(rules)) {
    compiled.set(
      rules,
      rules.map((r) => ({
        ...r,
        match: r.patterns.map((p) => new RegExp(p, 'i')),
        except: (r.unless ?? []).map((p) => new RegExp(p, 'i')),
      })),
    );
  }
  return compiled.get(rules)!;
}

/** The claims among the statements, in order, a repeated one kept once. */
function claimsOf(statements: Statement[], rules: CompiledRule[]): Claim[] {
  const claims: Claim[] = [];
  for (const st of statements) {
    const claim = claimOf(st, rules);
    if (claim && !claims.some((c) => normal(c.claim) === normal(claim.claim))) claims.push(claim);
  }
  return claims;
}

/** The statement as a claim: rated by the rules it triggers, or unverifiable when it is strong and no rule applies. */
function claimOf(st: Statement, rules: CompiledRule[]): Claim | null {
  const fired = rules
    .map((r) => ({
      rule: r,
      words: r.except.some((e) => e.test(st.text)) ? null : r.match.map((m) => m.exec(st.text)?.[0]).find(Boolean),
    }))
    .filter((x): x is { rule: CompiledRule; words: string } => Boolean(x.words));
  const where = whereOf(st);
  // An opinion that only trips the comparative rule ("the best ever") is puffery, not a claim to check.
  const puffery = isOpinion(st.text) && fired.every((f) => String(f.rule.verdict) === 'unverifiable');
  if (fired.length && !puffery) {
    const verdict = fired.map((f) => String(f.rule.verdict) as Verdict).sort((a, b) => SEVERITY[b] - SEVERITY[a])[0];
    return {
      claim: st.text,
      verdict,
      evidence: `${where}. ${fired.map((f) => `${f.rule.name} (${f.rule.standard}): "${f.words}". ${f.rule.explanation}`).join(' ')}`,
      rules: fired.map((f) => f.rule.id),
      at: st,
    };
  }
  // A strong sentence no rule covers is a claim only if it asserts something: not an opinion, not a call to action.
  if (strongStatement(st.text) && !isOpinion(st.text) && !isCallToAction(st.text)) {
    return {
      claim: st.text,
      verdict: 'unverifiable',
      evidence: `${where}. No advertising rule applies and no evidence source was consulted offline, so this cannot be checked.`,
      rules: [],
      at: st,
    };
  }
  return null;
}

function normal(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
