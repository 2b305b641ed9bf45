import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtinSteps } from './catalogue.js';
import { builtinSpecs } from './specs.js';

describe('the step catalogues', () => {
  it('has one executor per spec, in the same order, carrying its spec', () => {
    assert.deepEqual(
      builtinSteps.map((s) => s.type),
      builtinSpecs.map((s) => s.type),
    );
    builtinSpecs.forEach((spec, i) => {
      const { run, ...carried } = builtinSteps[i];
      assert.equal(typeof run, 'function');
      assert.deepEqual(carried, spec, spec.type);
    });
  });
});
