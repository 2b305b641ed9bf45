import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../support/harness.js';

/** packages/client is a package of its own: `npm pack` builds it, and what it packs is importable with its types. */
describe('@vidint/client as a package', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-client-pack-'));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('packs its build (JavaScript and declarations), and the packed entry exports the client', async () => {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', tmp], {
      cwd: path.join(ROOT, 'packages/client'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [info] = JSON.parse(out);
    assert.equal(info.name, '@vidint/client');
    const files = info.files.map((f: { path: string }) => f.path);
    for (const f of ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/vidint-client.js', 'dist/mpp-credential.js'])
      assert.ok(files.includes(f), `packs ${f}`);
    assert.ok(!files.some((f: string) => f.startsWith('src/')), 'sources stay out');

    execFileSync('tar', ['xzf', path.join(tmp, info.filename), '-C', tmp]);
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules')); // its dependencies, as an install would provide
    const pkg = JSON.parse(fs.readFileSync(path.join(tmp, 'package/package.json'), 'utf8'));
    const client = await import(pathToFileURL(path.join(tmp, 'package', pkg.exports['.'].import)).href);
    for (const name of ['paidCall', 'waitForJob', 'getJob', 'callApi', 'mppCredential', 'CallRefused', 'ApiUnreachable']) {
      assert.equal(typeof client[name], 'function', `exports ${name}`);
    }
    assert.match(fs.readFileSync(path.join(tmp, 'package', pkg.types), 'utf8'), /paidCall/);
  });
});
