import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { runNode } from '../support/processes.js';

/** docs/adding-an-endpoint.md's recipe, followed to the letter: one YAML file, nothing else. */
describe('a newcomer adds an endpoint with one YAML file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newcomer-'));
  let h: Harness | undefined;
  after(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is checked, served with its price, listed in /openapi.json and runs', async () => {
    const recipe = fs.readFileSync('docs/adding-an-endpoint.md', 'utf8');
    const m = /For example `pipelines\/(\S+\.yaml)`:\n\n```yaml\n([\s\S]*?)```/.exec(recipe);
    assert.ok(m, 'docs/adding-an-endpoint.md shows an example pipeline file');
    fs.writeFileSync(path.join(dir, m[1]), m[2]);

    const check = await runNode(['dist/src/cli/check-pipelines.js', dir]);
    assert.equal(check.code, 0, check.output);

    h = await startHarness({ env: { PIPELINES_DIR: dir } });
    const unpaid = await postJson(`${h.url}/shout`, { text: 'hey' });
    assert.equal(unpaid.status, 402);
    assert.equal(unpaid.json.accepts[0].maxAmountRequired, '10000');

    const openapi: any = await (await fetch(`${h.url}/openapi.json`)).json();
    assert.ok(openapi.paths['/shout']?.post, 'POST /shout is in /openapi.json');

    const { id } = await h.rt.jobs.accept({ pipeline: h.rt.pipelines.byPath('/shout')!, request: { text: 'hey' }, receipt: null });
    const job = await pollJob(h.url, id);
    assert.deepEqual(job.result, { shout: 'hey!' });
  });
});
