import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { testStepRegistry } from '../../test/support/test-steps.js';
import { loadPipelines, PipelineLoadError } from './pipeline-loader.js';
import { createStepRegistry } from './step-registry.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const GOOD = `
path: /thing
summary: A thing
price_usd: "0.10"
estimated_seconds: 5
request: { type: object, required: [text], properties: { text: { type: string } } }
result: { type: object }
steps:
  - id: a
    uses: echo
    with: { value: "{{request.text}}" }
  - id: b
    uses: echo
    with: { value: "{{steps.a.value}}" }
output: "{{steps.b}}"
`;

/** Loads the files with the tests' steps (echo, fail, sleep) beside the shipped ones, or with `registry`. */
function load(files: Record<string, string>, registry = testStepRegistry()) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipelines-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return loadPipelines({ pipelinesDir: dir, schemasDir: path.resolve('schemas'), registry });
}

function problems(files: Record<string, string>, registry = testStepRegistry()): string[] {
  try {
    load(files, registry);
  } catch (err) {
    assert.ok(err instanceof PipelineLoadError, String(err));
    return err.problems;
  }
  assert.fail('the pipelines loaded, but they should not have');
}

describe('pipeline loader', () => {
  it('loads a valid pipeline with steps ordered by their references', () => {
    const [p] = load({ 'thing.yaml': GOOD });
    assert.equal(p.path, '/thing');
    assert.equal(p.name, 'thing');
    assert.deepEqual(
      p.steps.map((s) => [s.id, s.dependsOn]),
      [
        ['a', []],
        ['b', ['a']],
      ],
    );
  });

  it('loads the eight endpoints of the spec with their prices', () => {
    const ps = loadPipelines({
      pipelinesDir: path.resolve('pipelines'),
      schemasDir: path.resolve('schemas'),
      registry: createStepRegistry(),
    });
    assert.deepEqual(Object.fromEntries(ps.map((p) => [p.path, p.priceUsd])), {
      '/ad-debunk': '0.15',
      '/analyze': '0.10',
      '/hair-formula': '0.50',
      '/menu-from-maps': '0.50',
      '/pfp': '0.50',
      '/product-id': '0.25',
      '/scan-style': '0.50',
      '/verify': '0.15',
    });
  });

  it('names the file, the step and the field of an unknown step type', () => {
    const [line] = problems({ 'x.yaml': GOOD.replace('uses: echo\n    with: { value: "{{steps.a.value}}" }', 'uses: ecoh\n    with: {}') });
    assert.match(line, /x\.yaml: step 'b' \(ecoh\): uses: unknown step type 'ecoh' \(known: [a-z_, ]*\becho\b[a-z_, ]*\)/);
  });

  it('refuses the test steps with the shipped steps alone, as an unknown step type', () => {
    const list = problems({ 'x.yaml': GOOD }, createStepRegistry());
    assert.match(list[0], /x\.yaml: step 'a' \(echo\): uses: unknown step type 'echo' \(known: [a-z_, ]+\)/);
    assert.doesNotMatch(list.join('\n'), /known: [^)]*\b(echo|fail|sleep)\b/);
  });

  it('names unknown references: steps, step outputs, request fields, roots', () => {
    const list = problems({
      'x.yaml': GOOD.replace('{{steps.a.value}}', '{{steps.zz.value}}'),
      'y.yaml': GOOD.replace('/thing', '/y').replace('{{steps.a.value}}', '{{steps.a.valu}}'),
      'z.yaml': GOOD.replace('/thing', '/z').replace('{{request.text}}', '{{request.txt}}'),
      'w.yaml': GOOD.replace('/thing', '/w').replace('"{{steps.b}}"', '"{{env.SECRET}}"'),
    });
    assert.equal(list.length, 4, list.join('\n'));
    assert.match(list.join('\n'), /w\.yaml: output: '\{\{env\.SECRET\}\}' starts with 'env'/);
    assert.match(list.join('\n'), /x\.yaml: step 'b' \(echo\): with\.value: '\{\{steps\.zz\.value\}\}': there is no step 'zz'/);
    assert.match(list.join('\n'), /y\.yaml: step 'b' \(echo\): with\.value: .*step 'a' \(echo\) has no output 'valu' \(outputs: value\)/);
    assert.match(list.join('\n'), /z\.yaml: step 'a' \(echo\): with\.value: .*the request has no field 'txt' \(fields: text\)/);
  });

  it('reports a dependency cycle with its path', () => {
    const [line] = problems({ 'c.yaml': GOOD.replace('{{request.text}}', '{{steps.b.value}}') });
    assert.match(line, /c\.yaml: steps: dependency cycle (a -> b -> a|b -> a -> b)/);
  });

  it("checks `with:` against the step type's schema", () => {
    const list = problems({
      's.yaml': GOOD.replace('uses: echo\n    with: { value: "{{request.text}}" }', 'uses: sleep\n    with: { seconds: "soon", extra: 1 }'),
    });
    assert.match(list.join('\n'), /s\.yaml: step 'a' \(sleep\): with\.extra: is not an allowed field/);
    assert.match(list.join('\n'), /s\.yaml: step 'a' \(sleep\): with\.seconds: must be number/);
    const [missing] = problems({ 'm.yaml': GOOD.replace('with: { value: "{{request.text}}" }', 'with: {}') });
    assert.match(missing, /m\.yaml: step 'a' \(echo\): with\.value: is required/);
  });

  it('refuses duplicate paths, duplicate step ids, bad and zero prices, and bad YAML', () => {
    assert.match(problems({ 'a.yaml': GOOD, 'b.yaml': GOOD }).join('\n'), /b\.yaml: path \/thing is already served by .*a\.yaml/);
    assert.match(
      problems({ 'a.yaml': GOOD.replace('id: b', 'id: a') }).join('\n'),
      /step 'a' \(echo\): id: 'a' is used by an earlier step/,
    );
    assert.match(problems({ 'a.yaml': GOOD.replace('"0.10"', '"0.1234567"') }).join('\n'), /a\.yaml: price_usd: must match pattern/);
    assert.match(problems({ 'a.yaml': GOOD.replace('"0.10"', '0.10') }).join('\n'), /a\.yaml: price_usd: must be string/);
    assert.match(problems({ 'a.yaml': GOOD.replace('"0.10"', '"0.00"') }).join('\n'), /a\.yaml: price_usd: 0\.00 must be more than zero/);
    assert.match(problems({ 'a.yaml': 'path: [unclosed' }).join('\n'), /a\.yaml: not valid YAML/);
    assert.match(
      problems({ 'a.yaml': GOOD.replace('summary: A thing', 'summary: A thing\nprice: 3') }).join('\n'),
      /a\.yaml: price: is not an allowed field/,
    );
  });

  it('refuses a live pipeline without steps, output or result schema, and a missing schema file', () => {
    const list = problems({
      'a.yaml': 'path: /a\nsummary: A\nprice_usd: "1"\nestimated_seconds: 1\nrequest: { $ref: requests/nope.json }\n',
    });
    assert.match(list.join('\n'), /a\.yaml: request\.\$ref: cannot read schemas\/requests\/nope\.json: no such file/);
    assert.match(list.join('\n'), /a live pipeline needs at least one step/);
    assert.match(list.join('\n'), /a live pipeline needs an output/);
    const outside = 'path: /o\nsummary: O\nstatus: planned\nprice_usd: "1"\nestimated_seconds: 1\nrequest: { $ref: ../../etc/passwd }\n';
    assert.match(problems({ 'o.yaml': outside }).join('\n'), /o\.yaml: request\.\$ref: '\.\.\/\.\.\/etc\/passwd' points outside/);
  });

  it("refuses, at load time, a prompt step's offline analyzer that does not exist or makes another result", () => {
    const prompt = (offline: string) =>
      GOOD.replace(
        'uses: echo\n    with: { value: "{{steps.a.value}}" }',
        `uses: prompt\n    with: { template: analyze, schema: results/analyze.json, offline: ${offline}, input: {} }`,
      );
    const [unknown] = problems({ 'p.yaml': prompt('analyse') });
    assert.match(
      unknown,
      /\/p\.yaml: step 'b' \(prompt\): with\.offline: unknown offline analyzer 'analyse' \(known: ad_debunk, analyze, product_id, verify\)$/,
    );
    const [other] = problems({ 'q.yaml': prompt('verify') });
    assert.match(
      other,
      /\/q\.yaml: step 'b' \(prompt\): with\.offline: the offline analyzer 'verify' produces results\/verify\.json, not the step's schema results\/analyze\.json$/,
    );
    assert.equal(load({ 'r.yaml': prompt('analyze') })[0].steps[1].uses, 'prompt');
  });

  it('accepts a planned pipeline with no steps', () => {
    const [p] = load({
      'p.yaml': 'path: /p\nsummary: P\nstatus: planned\nprice_usd: "0.5"\nestimated_seconds: 9\nrequest: { $ref: requests/video.json }\n',
    });
    assert.equal(p.status, 'planned');
    assert.deepEqual(p.steps, []);
  });

  it('refuses a step that fetches a request field with no source check, so nothing fetched escapes the check before payment', () => {
    const fetching = (request: string, url: string) => `
path: /grab
summary: Grab
price_usd: "0.10"
estimated_seconds: 5
request: ${request}
result: { type: object }
steps:
  - id: photo
    uses: load_image
    with: { image_url: ${url} }
output: "{{steps.photo}}"
`;
    const unmarked = '{ type: object, properties: { link: { type: string } } }';
    const [missing] = problems({ 'a.yaml': fetching(unmarked, '"{{request.link}}"') });
    assert.match(
      missing,
      /a\.yaml: step 'photo' \(load_image\): with\.image_url: fetches request field 'link', which has no source check: mark it "x-source-url": true/,
    );
    const marked = '{ type: object, properties: { link: { type: string, x-source-url: true } } }';
    const [pieced] = problems({ 'b.yaml': fetching(marked, '"https://cdn.example/{{request.link}}"') });
    assert.match(
      pieced,
      /b\.yaml: step 'photo' \(load_image\): with\.image_url: a URL fetched from the request must be exactly one request field/,
    );
    const [ok] = load({ 'c.yaml': fetching(marked, '"{{request.link}}"') });
    assert.deepEqual(ok.sources, [{ field: 'link', kind: 'image' }]);
    assert.deepEqual(load({ 'd.yaml': fetching(unmarked, '"https://cdn.example/fixed.png"') })[0].sources, []);
  });

  it('lists the fetched fields of the shipped endpoints with their kinds, and names each version of a file', () => {
    const all = loadPipelines({
      pipelinesDir: path.resolve('pipelines'),
      schemasDir: path.resolve('schemas'),
      registry: createStepRegistry(),
    });
    const sources = Object.fromEntries(all.map((p) => [p.path, p.sources.map((s) => `${s.field}:${s.kind}`).join(',')]));
    assert.deepEqual(sources, {
      '/ad-debunk': 'url:video',
      '/analyze': 'url:video',
      '/hair-formula': 'image_url:image',
      '/menu-from-maps': 'url:map',
      '/pfp': 'image_url:image',
      '/product-id': 'url:video',
      '/scan-style': 'image_url:image',
      '/verify': 'url:video',
    });
    const [a] = load({ 'thing.yaml': GOOD });
    const [same] = load({ 'thing.yaml': GOOD });
    const [dearer] = load({ 'thing.yaml': GOOD.replace('"0.10"', '"0.50"') });
    assert.equal(a.version, same.version);
    assert.notEqual(a.version, dearer.version);
    assert.equal(a.source.doc.price_usd, '0.10');
  });
});
