/**
 * Check-worthy factual claims: statements of fact that a fact-checker could look up. Each signal adds
 * to a score; opinions, questions and calls to action are left out (they assert no checkable fact).
 */
const NUMBER_WORDS =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|half|double|twice|triple)';
const SIGNALS: Array<{ kind: string; weight: number; pattern: RegExp }> = [
  {
    kind: 'statistic',
    weight: 3,
    pattern: new RegExp(
      `\\b(\\d+(?:[.,]\\d+)?\\s*(%|percent)|${NUMBER_WORDS}\\s+percent|per ?cent|out of (\\d+|${NUMBER_WORDS})|on average|average|majority|most people|studies|survey|data|rate)\\b`,
      'i',
    ),
  },
  { kind: 'number', weight: 2, pattern: new RegExp(`\\b(\\d[\\d.,]*|${NUMBER_WORDS})\\b`, 'i') },
  {
    kind: 'comparison',
    weight: 2,
    pattern:
      /\b(more|less|fewer|higher|lower|bigger|smaller|larger|faster|slower|older|younger|[a-z]+er) than\b|\b(the (largest|biggest|smallest|highest|lowest|tallest|oldest|first|only))\b/i,
  },
  {
    kind: 'causal',
    weight: 2,
    pattern:
      /\b(causes?|caused|leads? to|led to|results? in|linked to|because of|increases?|reduces?|prevents?|kills?|doubles?|raises?|lowers?)\b/i,
  },
  {
    kind: 'historical',
    weight: 2,
    pattern:
      /\b(in (1[0-9]{3}|20[0-9]{2})|(was|were) (built|founded|invented|discovered|born|created|signed|elected)|ago|century|(18|19|20)[0-9]{2}s?)\b|\b(eighteen|nineteen) (hundred|[a-z]+ty)\b/i,
  },
  { kind: 'attribution', weight: 1, pattern: /\b(according to|scientists|researchers|doctors|experts|the government|nasa|who|cdc|fda)\b/i },
];
const OPINION =
  /\b(i think|i believe|i feel|in my opinion|i love|i hate|i like|my favorite|you should|we should|should be|must try|amazing|beautiful|awesome|delicious|gorgeous|the best|worst)\b|\?\s*$/i;
const CALL_TO_ACTION =
  /^(please\s+)?(subscribe|follow|like|comment|share|click|buy|order|shop|try|check out|sign up|join|watch|tap|swipe|use code|link in bio|don'?t forget)\b/i;

/** An opinion or feeling ("I love", "amazing", a question): it asserts no checkable fact. */
export function isOpinion(text: string): boolean {
  return OPINION.test(text.trim());
}

/** A call to action ("subscribe", "buy now", "use code"): an instruction, not a claim. */
export function isCallToAction(text: string): boolean {
  return CALL_TO_ACTION.test(text.trim());
}

export interface CheckWorthy {
  text: string;
  score: number;
  kinds: string[];
}

/** Why `text` is check-worthy (its signals and score), or null for opinions, calls to action and plain talk. */
export function checkWorthy(text: string): CheckWorthy | null {
  const t = text.trim();
  if (t.split(/\s+/).length < 4 || CALL_TO_ACTION.test(t)) return null;
  const kinds = SIGNALS.filter((s) => s.pattern.test(t));
  if (!kinds.length) return null;
  // An opinion with a number in it ("I love these 3 songs") is still an opinion.
  if (OPINION.test(t) && !kinds.some((k) => k.kind === 'statistic' || k.kind === 'historical')) return null;
  const score = kinds.reduce((s, k) => s + k.weight, 0);
  return score >= 2 ? { text: t, score, kinds: kinds.map((k) => k.kind) } : null;
}
