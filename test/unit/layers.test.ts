import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

/** Every relative import of every source file under src/, as [importer, imported] paths relative to src/. */
function imports(): Array<[string, string]> {
  const files = fs.readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.flatMap((file) => {
    const source = fs.readFileSync(path.join('src', file), 'utf8');
    return [...source.matchAll(/from '(\.[^']+)'/g)].map((m): [string, string] => [
      file,
      path.normalize(path.join(path.dirname(file), m[1])).replace(/\.js$/, '.ts'),
    ]);
  });
}

describe('module layering', () => {
  it('only main.ts imports the composition root (src/app): nothing reaches upward into it', () => {
    const upward = imports().filter(
      ([from, to]) => to.startsWith(`app${path.sep}`) && !from.startsWith(`app${path.sep}`) && from !== 'main.ts',
    );
    assert.deepEqual(upward, []);
  });

  it('the HTTP-side modules (http, payments, devnet, discovery, mcp) are composed by src/app only, so ROLE decides if they load', () => {
    const nestModules = [
      'http/http.module.ts',
      'payments/payments.module.ts',
      'devnet/devnet.module.ts',
      'discovery/discovery.module.ts',
      'mcp/mcp.module.ts',
    ];
    const importers = imports().filter(([from, to]) => nestModules.includes(to) && !from.startsWith('app/') && !nestModules.includes(from));
    assert.deepEqual(importers, []);
  });
});
