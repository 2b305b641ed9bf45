import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

/**
 * The layers of src/, top to bottom: a folder imports only folders of the layers below its own. Type-only imports
 * (`import type`, `export type`) count too: a type names what a module knows, so one imported upward is a cycle
 * between folders even though the build drops it.
 */
const LAYERS: string[][] = [
  ['main.ts', 'cli', 'demo'], // entry points
  ['workbench'], // the pipelines run in-process (vidint run / eval)
  ['app'], // the composition root: which modules a ROLE starts, the configuration composed
  ['mcp', 'discovery', 'devnet'], // faces over HTTP built on the routes; the local chains of devnet mode and GET /devnet
  ['http'], // the routes
  ['orders'], // the paid order, one use case for every transport, and its fulfilment (what a settled payment becomes)
  ['webhooks'], // job callbacks
  ['jobs'], // records, queues and the worker
  ['pipelines'], // YAML pipelines, their request validation, the step registry and the runner that interprets them
  ['steps'], // one home per step (its executor, spec, helpers and tests), the catalogue of them and what they share
  ['sources'], // what a source URL holds, inspected before a payment settles (and handed to the job)
  ['payments'], // the paywall and settlement; a settled payment is handed to the Fulfilment port orders/ implements
  ['engines', 'redis', 'observability'], // adapters behind ports, Redis, metrics
  ['imaging'], // in-process pixel work: faces, portraits, colours
  ['net', 'timing', 'json-schema', 'chains', 'config', 'logging'], // the ground: no side effect composed here
];

const layerOf = (folder: string): number => LAYERS.findIndex((layer) => layer.includes(folder));
const folderOf = (file: string): string => file.split(path.sep)[0];

/**
 * Every relative import of every source file under src/ (type-only ones too), as [importer, imported] paths relative to
 * src/. A test beside its source (`*.test.ts`) is no part of the layers: it may reach anything it exercises.
 */
function allImports(): Array<[string, string]> {
  const files = fs.readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  return files.flatMap((file) => {
    const source = fs.readFileSync(path.join('src', file), 'utf8');
    const statics = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)].map((m) => m[1]);
    const dynamics = [...source.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1]);
    return [...statics, ...dynamics].map((spec): [string, string] => [
      file,
      path.normalize(path.join(path.dirname(file), spec)).replace(/\.js$/, '.ts'),
    ]);
  });
}

describe('module layering', () => {
  it('every folder of src/ has its layer', () => {
    // A test at the top of src/ (layers, function length) checks all of it and belongs to no layer.
    const folders = fs.readdirSync('src').filter((f) => !f.endsWith('.d.ts') && !f.endsWith('.test.ts'));
    assert.deepEqual(
      folders.filter((f) => layerOf(f) < 0),
      [],
    );
  });

  it('no folder imports a folder of its own layer or of a layer above it (no cycle between folders)', () => {
    const upward = allImports()
      .filter(([from, to]) => folderOf(from) !== folderOf(to) && layerOf(folderOf(from)) >= layerOf(folderOf(to)))
      .map(([from, to]) => `${from} -> ${to}`);
    assert.deepEqual(upward, []);
  });

  it('payments know nothing of what a payment buys: no import of orders/, jobs/ or pipelines/', () => {
    const reaching = allImports()
      .filter(([from, to]) => folderOf(from) === 'payments' && ['orders', 'jobs', 'pipelines'].includes(folderOf(to)))
      .map(([from, to]) => `${from} -> ${to}`);
    assert.deepEqual(reaching, []);
  });

  it('the HTTP-side modules (http, payments, devnet, discovery, mcp) are composed by src/app only, so ROLE decides if they load', () => {
    const nestModules = [
      'http/http.module.ts',
      'payments/payments.module.ts',
      'devnet/devnet.module.ts',
      'discovery/discovery.module.ts',
      'mcp/mcp.module.ts',
    ];
    const importers = allImports().filter(
      ([from, to]) => nestModules.includes(to) && !from.startsWith(`app${path.sep}`) && !nestModules.includes(from),
    );
    assert.deepEqual(importers, []);
  });
});
