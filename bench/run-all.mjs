// Runs every bench/*.mjs except this file, one after another (sorted by name), each as its own node
// process with the project root as working directory, output forwarded as is. Exits 1 when one failed.
// Optional arguments filter by file name: `node bench/run-all.mjs http` runs only names containing "http".
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const benchDir = path.dirname(self);
const root = path.resolve(benchDir, '..');
const filters = process.argv.slice(2);

const files = readdirSync(benchDir, { withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.mjs') && path.join(benchDir, e.name) !== self)
  .map((e) => e.name)
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(
    `bench: no benchmark to run in ${path.relative(root, benchDir) || '.'}/${filters.length ? ` matching ${filters.join(', ')}` : ''}`,
  );
  process.exit(1);
}

const run = (file) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(benchDir, file)], { cwd: root, stdio: 'inherit' });
    child.on('error', (err) => resolve({ file, ok: false, why: err.message, ms: Date.now() - started }));
    child.on('exit', (code, signal) =>
      resolve({ file, ok: code === 0, why: signal ? `killed by ${signal}` : `exit code ${code}`, ms: Date.now() - started }),
    );
  });

const results = [];
for (const file of files) {
  console.log(`\n=== bench/${file} ===`);
  results.push(await run(file));
}

console.log('\n=== summary ===');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  bench/${r.file}  (${(r.ms / 1000).toFixed(1)} s${r.ok ? '' : `, ${r.why}`})`);
const failed = results.filter((r) => !r.ok);
if (failed.length) {
  console.error(`bench: ${failed.length} of ${results.length} benchmark(s) failed`);
  process.exit(1);
}
