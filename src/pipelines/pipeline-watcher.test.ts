import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { testStepRegistry } from '../../test/support/test-steps.js';
import { loadPipelines } from './pipeline-loader.js';
import { PipelineRegistry } from './pipeline-registry.js';
import { PipelineWatcher } from './pipeline-watcher.js';

const ROOT = process.cwd();

/** What the watcher tells the operator when an edit is refused or cannot be served live (reloads driven by hand). */
describe('PipelineWatcher reloads', () => {
  let dir: string;
  let registry: PipelineRegistry;
  let watcher: PipelineWatcher;
  const lines: any[] = [];
  const echo = () => path.join(dir, 'pipelines', 'echo.yaml');

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-watcher-'));
    fs.cpSync(path.join(ROOT, 'test/fixtures/pipelines'), path.join(dir, 'pipelines'), { recursive: true });
    const loader = { pipelinesDir: path.join(dir, 'pipelines'), schemasDir: path.join(ROOT, 'schemas'), registry: testStepRegistry() };
    registry = new PipelineRegistry(loadPipelines(loader));
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const config = {
      pipelinesDir: loader.pipelinesDir,
      schemasDir: loader.schemasDir,
      promptsDir: dir,
      knowledgeDir: dir,
      watch: true,
      stepModules: [],
    };
    watcher = new PipelineWatcher(registry, loader, config, pino(sink));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a broken pipeline keeps the previous set and the log names the file, the step and the field', () => {
    const before = registry.byPath('/echo');
    fs.writeFileSync(echo(), fs.readFileSync(echo(), 'utf8').replace('hello {{request.text}}', '{{steps.ghost.value}}'));
    watcher.reloadPipelines();
    assert.equal(registry.byPath('/echo'), before);
    const refused = lines.find((l) => l.msg === 'pipeline edit refused: the previous version stays');
    assert.ok(refused, JSON.stringify(lines));
    assert.equal(refused.level, 50);
    assert.equal(refused.file, echo());
    assert.match(refused.problem, /step 'greeting' \(echo\): with\.value: '\{\{steps\.ghost\.value\}\}': there is no step 'ghost'/);
  });

  it('a pipeline with a new route path is left out until a restart, and the log says so', () => {
    fs.writeFileSync(
      echo(),
      fs.readFileSync(echo(), 'utf8').replace('{{steps.ghost.value}}', 'hello {{request.text}}').replace('path: /echo', 'path: /echo2'),
    );
    watcher.reloadPipelines();
    assert.equal(registry.byPath('/echo2'), undefined);
    assert.equal(registry.byPath('/echo'), undefined, 'the old path went with its file');
    assert.ok(registry.byPath('/slow'), 'the other pipelines are still served');
    const warned = lines.find((l) => l.msg === 'new route path: restart the service to serve it');
    assert.equal(warned?.path, '/echo2');
  });
});
