import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { type FileServer, file, startFileServer } from '../support/file-server.js';
import { type Harness, pollJob, postJson, startHarness } from '../support/harness.js';
import { makeClip } from '../support/media.js';
import { runNode } from '../support/processes.js';

/** docs/adding-an-endpoint.md's recipe, followed to the letter: one YAML file, nothing else (and a clip to read). */
describe('a newcomer adds an endpoint with one YAML file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newcomer-'));
  let h: Harness | undefined;
  let web: FileServer | undefined;
  after(async () => {
    await h?.close();
    await web?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is checked, served with its price, listed in /openapi.json and runs', async () => {
    const recipe = fs.readFileSync('docs/adding-an-endpoint.md', 'utf8');
    const m = /For example `pipelines\/(\S+\.yaml)`:\n\n```yaml\n([\s\S]*?)```/.exec(recipe);
    assert.ok(m, 'docs/adding-an-endpoint.md shows an example pipeline file');
    fs.writeFileSync(path.join(dir, m[1]), m[2]);

    // As in production: the shipped steps alone.
    const check = await runNode(['dist/src/cli/check-pipelines.js', dir]);
    assert.equal(check.code, 0, check.output);

    const clip = await makeClip({ scenes: [{ seconds: 2, source: 'testsrc2' }], width: 320, height: 240 });
    web = await startFileServer({ '/clip.mp4': file(clip) });
    const request = { url: `${web.url}/clip.mp4` };
    h = await startHarness({ env: { PIPELINES_DIR: dir, FETCH_ALLOW_LOOPBACK: 'true' } });
    const unpaid = await postJson(`${h.url}/duration`, request);
    assert.equal(unpaid.status, 402);
    assert.equal(unpaid.json.accepts[0].maxAmountRequired, '10000');

    const openapi: any = await (await fetch(`${h.url}/openapi.json`)).json();
    assert.ok(openapi.paths['/duration']?.post, 'POST /duration is in /openapi.json');

    const { id } = await h.rt.jobs.accept({ pipeline: h.rt.pipelines.byPath('/duration')!, request, receipt: null });
    const job = await pollJob(h.url, id);
    assert.equal(job.status, 'complete', JSON.stringify(job.error));
    assert.deepEqual({ ...job.result, seconds: Math.round(job.result.seconds) }, { seconds: 2, width: 320, height: 240 });
  });
});
