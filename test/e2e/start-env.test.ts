import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../support/harness.js';

/** The Dockerfile's ENV assignments (its `ENV A=b \` continuation lines included). */
function dockerfileEnv(): Record<string, string> {
  const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const env: Record<string, string> = {};
  for (const line of text.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/([A-Za-z_]\w*)=(\S+)/g)) env[m[1] as string] = m[2] as string;
  }
  return env;
}

/** `npm start` and the image start the service with the same process settings (the allocator's among them). */
describe('the start environment', () => {
  it('the Dockerfile sets each variable that package.json start sets, to the same value', async () => {
    // The benches' reading of the start script, so the test and the benches agree on what it sets.
    const { startEnv } = await import(pathToFileURL(path.join(ROOT, 'bench/support/start-env.mjs')).href);
    const start: Record<string, string> = startEnv(ROOT);
    assert.ok(Object.keys(start).length > 0, 'the start script sets the allocator threshold');
    const image = dockerfileEnv();
    for (const [name, value] of Object.entries(start)) assert.equal(image[name], value, name);
  });
});
