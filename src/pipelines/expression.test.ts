import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { allowExpressions, collectReferences, ExpressionError, isTruthy, resolve } from './expression.js';

const scope = {
  request: { url: 'http://x/v.mp4', n: 3, flag: false },
  steps: { probe: { duration: 6.5, tags: ['a', 'b'], meta: { title: 'T' } }, skipped: null },
  job: { id: 'j1' },
};

describe('expressions', () => {
  it('keeps the type of a value that is exactly one expression', () => {
    assert.equal(resolve('{{steps.probe.duration}}', scope), 6.5);
    assert.deepEqual(resolve('{{ steps.probe.tags }}', scope), ['a', 'b']);
    assert.deepEqual(resolve('{{steps.probe}}', scope), scope.steps.probe);
    assert.equal(resolve('{{request.flag}}', scope), false);
    assert.equal(resolve('{{steps.probe.tags[1]}}', scope), 'b');
  });

  it('renders templates as strings, objects as JSON, missing values as empty', () => {
    assert.equal(resolve('n={{request.n}} t={{steps.probe.meta.title}}', scope), 'n=3 t=T');
    assert.equal(resolve('m={{steps.probe.meta}}', scope), 'm={"title":"T"}');
    assert.equal(resolve('[{{request.missing}}]', scope), '[]');
  });

  it('resolves deeply and leaves out keys whose exact expression is undefined', () => {
    assert.deepEqual(resolve({ a: ['{{request.n}}', 'x'], b: { c: '{{request.url}}' }, d: '{{request.nope}}' }, scope), {
      a: [3, 'x'],
      b: { c: 'http://x/v.mp4' },
    });
    assert.equal(resolve('{{steps.skipped.field}}', scope), undefined);
  });

  it('collects references with where they stand, and rejects bad ones', () => {
    const refs = collectReferences({ input: { t: 'a {{steps.probe.duration}} {{request.url}}' } }, 'with');
    assert.deepEqual(
      refs.map((r) => [r.at, r.path]),
      [
        ['with.input.t', ['steps', 'probe', 'duration']],
        ['with.input.t', ['request', 'url']],
      ],
    );
    assert.throws(() => collectReferences('{{env.HOME}}'), ExpressionError);
    assert.throws(() => collectReferences('{{steps}}'), /names no step/);
    assert.throws(() => collectReferences('{{request.a b}}'), /not a reference/);
    assert.throws(() => collectReferences('{{request.a}'), /unbalanced/);
  });

  it('treats false, null, 0, empty strings and empty arrays as false in conditions', () => {
    for (const v of [false, null, undefined, 0, '', [], 'false']) assert.equal(isTruthy(v), false, JSON.stringify(v));
    for (const v of [true, 1, 'yes', [0], {}]) assert.equal(isTruthy(v), true, JSON.stringify(v));
  });

  it('lets a schema accept expressions where values are expected, and nothing else', () => {
    const ajv = new Ajv({ strict: false });
    const check = ajv.compile(
      allowExpressions({
        type: 'object',
        required: ['n'],
        properties: { n: { type: 'number' }, o: { type: 'object', properties: { s: { type: 'integer' } } } },
      }) as object,
    );
    assert.equal(check({ n: '{{request.n}}' }), true);
    assert.equal(check({ n: 2, o: { s: '{{steps.a.b}}' } }), true);
    assert.equal(check({ n: 'two' }), false);
    assert.equal(check({}), false);
  });
});
