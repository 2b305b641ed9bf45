import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

/** The import rules of engines and steps, read from the sources (src/ beside the working directory; tests beside them left out). */
const SRC = path.resolve('src');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Each import of a file: its specifier and, for a relative one, the file it names relative to src/. */
function importsOf(file: string): Array<{ spec: string; target: string | null }> {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => {
    const spec = m[1] ?? m[2];
    return { spec, target: spec.startsWith('.') ? path.relative(SRC, path.resolve(path.dirname(file), spec)) : null };
  });
}

const rel = (f: string) => path.relative(SRC, f);
const isStep = (f: string) => f.endsWith('.step.ts');

describe('engine and step boundaries', () => {
  it('engines, imaging and net never import steps, pipelines, jobs or the app', () => {
    const lower = ['engines', 'imaging', 'net'].flatMap((d) => filesUnder(path.join(SRC, d)));
    const wrong = lower.flatMap((f) =>
      importsOf(f)
        .filter((i) => i.target && /^(steps|pipelines|jobs|app|http|payments)\//.test(i.target))
        .map((i) => `${rel(f)} imports ${i.spec}`),
    );
    assert.deepEqual(wrong, []);
  });

  it('steps reach engines only through their ports: no adapter, no child process, no other step', () => {
    const steps = filesUnder(SRC).filter(isStep);
    assert.ok(steps.length >= 15, `found ${steps.length} step files`);
    const wrong = steps.flatMap((f) =>
      importsOf(f)
        .filter(
          (i) =>
            i.spec === 'node:child_process' ||
            (i.target?.startsWith('engines/') && !/\.port\.js$|^engines\/known-failure\.js$/.test(i.target)) ||
            i.target?.startsWith('net/') ||
            (i.target && isStep(i.target.replace(/\.js$/, '.ts'))),
        )
        .map((i) => `${rel(f)} imports ${i.spec}`),
    );
    assert.deepEqual(wrong, []);
  });
});
