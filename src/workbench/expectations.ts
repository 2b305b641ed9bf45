/**
 * What an eval case expects of a result, as written in its YAML `expect:` (every part optional):
 * `present` paths that must hold a value, `equals` and `matches` (a regular expression) per path,
 * `min_count` of an array per path, `words` that must appear anywhere in the result, and `flagged` claims:
 * a claim (in `claims[]`) whose text contains the words and whose verdict is not true.
 */
export interface Expectations {
  present?: string[];
  equals?: Record<string, unknown>;
  matches?: Record<string, string>;
  min_count?: Record<string, number>;
  words?: string[];
  flagged?: string[];
}

export interface ExpectationResult {
  /** The expectation in words, e.g. "min_count claims >= 2". */
  expectation: string;
  pass: boolean;
  /** What was found instead, when it failed. */
  detail?: string;
}

/** Verdicts that do not flag a claim. */
const NOT_FLAGGED = new Set(['true', 'mostly_true']);

/** Checks a result against its expectations, one line per expectation. */
export function checkExpectations(result: unknown, expect: Expectations): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  const check = (expectation: string, pass: boolean, detail: string) =>
    out.push(pass ? { expectation, pass } : { expectation, pass, detail });
  for (const p of expect.present ?? []) {
    const v = at(result, p);
    check(`present ${p}`, v !== undefined && v !== null && v !== '', 'missing');
  }
  for (const [p, want] of Object.entries(expect.equals ?? {})) {
    const v = at(result, p);
    check(`equals ${p} = ${JSON.stringify(want)}`, JSON.stringify(v) === JSON.stringify(want), `got ${JSON.stringify(v)}`);
  }
  for (const [p, pattern] of Object.entries(expect.matches ?? {})) {
    const v = at(result, p);
    check(`matches ${p} ~ /${pattern}/i`, typeof v === 'string' && new RegExp(pattern, 'i').test(v), `got ${JSON.stringify(v)}`);
  }
  for (const [p, min] of Object.entries(expect.min_count ?? {})) {
    const v = at(result, p);
    check(`min_count ${p} >= ${min}`, Array.isArray(v) && v.length >= min, Array.isArray(v) ? `got ${v.length}` : 'not a list');
  }
  const text = JSON.stringify(result ?? null).toLowerCase();
  for (const word of expect.words ?? []) check(`words '${word}'`, text.includes(word.toLowerCase()), 'not found in the result');
  const claims = (at(result, 'claims') as Array<{ claim?: string; verdict?: string }> | undefined) ?? [];
  for (const words of expect.flagged ?? []) {
    const matching = claims.filter((c) => typeof c.claim === 'string' && c.claim.toLowerCase().includes(words.toLowerCase()));
    const flagged = matching.some((c) => !NOT_FLAGGED.has(String(c.verdict)));
    const detail = matching.length ? `found with verdict ${matching.map((c) => c.verdict).join(', ')}` : 'no claim contains it';
    check(`flagged '${words}'`, flagged, detail);
  }
  return out;
}

/** The value at a dotted path (`claims.0.verdict`), or undefined. */
function at(value: unknown, dotted: string): unknown {
  let v = value;
  for (const key of dotted.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}
