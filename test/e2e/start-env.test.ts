import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../support/harness.js';

/** The `NAME=value` words before `node` in package.json's start script. */
function startScriptEnv(): Record<string, string> {
  const start: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const env: Record<string, string> = {};
  for (const word of start.trim().split(/\s+/)) {
    const m = word.match(/^([A-Za-z_]\w*)=(.*)$/);
    if (!m) break;
    env[m[1] as string] = m[2] as string;
  }
  return env;
}

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
  it('the Dockerfile sets each variable that package.json start sets, to the same value', () => {
    const start = startScriptEnv();
    assert.ok(Object.keys(start).length > 0, 'the start script sets the allocator threshold');
    const image = dockerfileEnv();
    for (const [name, value] of Object.entries(start)) assert.equal(image[name], value, name);
  });
});
