import { type Statement, timesOf } from '../../shared/video-evidence.js';

/** A claim as a result lists it: its words, and the times, source and confidence of what it came from. */
type Claim = Record<string, unknown> & { claim?: unknown; confidence?: unknown };

/** The share of a claim's words a statement must hold to be what the claim came from. */
const SAME_WORDS = 0.6;

/**
 * A model's claims tied to the statements of the video they came from (steps/shared/video-evidence.ts): each takes that statement's
 * `start`, `end`, `source` and `evidence_confidence`, as the offline analyzers give them, and with `weigh` its
 * `confidence` is scaled by how surely the statement was perceived. A claim no statement holds keeps the times
 * the model gave, but no source or evidence confidence: the service cannot vouch for where it came from.
 */
export function sourcedClaims(claims: unknown, statements: Statement[], weigh: boolean): unknown {
  if (!Array.isArray(claims)) return claims;
  return claims.map((c: Claim) => {
    const { source: _source, evidence_confidence: _sure, ...claim } = c;
    const from = typeof c.claim === 'string' ? statementOf(c.claim, statements) : null;
    if (!from) return claim;
    const times = timesOf(from);
    const confidence =
      weigh && typeof c.confidence === 'number' && times.evidence_confidence !== undefined
        ? Math.round(c.confidence * times.evidence_confidence * 100) / 100
        : c.confidence;
    return { ...claim, ...times, ...(confidence !== undefined ? { confidence } : {}) };
  });
}

/** The statement that holds most of the claim's words (at least SAME_WORDS of them), or null. */
function statementOf(claim: string, statements: Statement[]): Statement | null {
  const words = wordsOf(claim);
  if (!words.size) return null;
  let best: { statement: Statement; share: number } | null = null;
  for (const statement of statements) {
    const said = wordsOf(statement.text);
    const share = [...words].filter((w) => said.has(w)).length / words.size;
    if (share >= SAME_WORDS && (!best || share > best.share)) best = { statement, share };
  }
  return best?.statement ?? null;
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}
