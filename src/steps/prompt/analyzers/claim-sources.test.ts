import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Statement } from '../../shared/video-evidence.js';
import { sourcedClaims } from './claim-sources.js';

const STATEMENTS: Statement[] = [
  { text: 'Coffee causes cancer in most people.', source: 'speech', time: 2.04, end: 4.5, confidence: 0.8 },
  { text: '90 PERCENT OF PEOPLE AGREE', source: 'screen', time: 0, end: 3, confidence: 0.9 },
];

describe("a model's claims tied to the statements they came from", () => {
  it("takes the statement's times, source and confidence, and weighs the verdict's confidence by it", () => {
    const [claim] = sourcedClaims(
      [{ claim: 'Coffee causes cancer', verdict: 'false', confidence: 0.9, source: 'screen' }],
      STATEMENTS,
      true,
    ) as Array<Record<string, unknown>>;
    assert.deepEqual(claim, {
      claim: 'Coffee causes cancer',
      verdict: 'false',
      confidence: 0.72,
      start: 2.04,
      end: 4.5,
      source: 'speech',
      evidence_confidence: 0.8,
    });
  });

  it('leaves the confidence as the model gave it when not weighing', () => {
    const [claim] = sourcedClaims([{ claim: '90 percent of people agree', confidence: 0.9 }], STATEMENTS, false) as Array<
      Record<string, unknown>
    >;
    assert.equal(claim.source, 'screen');
    assert.equal(claim.confidence, 0.9);
  });

  it('gives no source or evidence confidence to a claim no statement holds, keeping the times the model read', () => {
    const [claim] = sourcedClaims(
      [{ claim: 'The moon is made of cheese', start: 1, source: 'speech', evidence_confidence: 0.9 }],
      STATEMENTS,
      true,
    ) as Array<Record<string, unknown>>;
    assert.deepEqual(claim, { claim: 'The moon is made of cheese', start: 1 });
  });
});
