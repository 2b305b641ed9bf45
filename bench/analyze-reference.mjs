// /analyze on bench/analyze's 60 s clip, this build against a reference build of the project, interleaved in one
// run: BENCH_REFERENCE=<a checkout, built> (issue 15's reference: the parent of its first commit, 923be8b).
// Each job runs in a process of its own (bench/support/analyze-once.mjs), alternating this build and the
// reference (A, B, A, B, ...; BENCH_ROUNDS pairs, 3 by default), so that load from other work on the machine hits
// both alike. Prints each run (with its CPU seconds and this build's step times), the median wall times,
// `ratio this/reference` (the median of the rounds' ratios; goal <= 1.2), the CPU seconds of each build and their
// ratio, each build's peak worker RSS (goal < 400 MB) and the load average before and after. Skipped without
// BENCH_REFERENCE.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PLAIN_CLIP } from './support/analyze-clip.mjs';
import { startEnv } from './support/start-env.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reference = process.env.BENCH_REFERENCE;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

if (!reference) {
  console.log('bench/analyze-reference: skipped (set BENCH_REFERENCE to a built checkout to compare against)');
} else {
  await main().catch((err) => {
    console.error(`bench/analyze-reference: ERROR ${err?.stack ?? err}`);
    process.exitCode = 2;
  });
}

async function main() {
  if (!fs.existsSync(path.join(reference, 'dist/src/main.js'))) throw new Error(`${reference} has no build (dist/)`);
  const { makeClip } = await import(pathToFileURL(path.join(root, 'dist/test/support/media.js')).href);
  const clip = await makeClip(PLAIN_CLIP);
  const builds = [
    { name: 'this build', root, runs: [] },
    { name: `reference (${await commitOf(reference)})`, root: reference, runs: [] },
  ];
  const loadBefore = os.loadavg();
  for (let i = 0; i < rounds; i++) {
    // The order flips every round (A B, B A, ...): neither build always runs first after a pause.
    for (const b of i % 2 ? [...builds].reverse() : builds) {
      const r = await once(b.root, clip);
      b.runs.push(r);
      const steps = Object.entries(r.steps ?? {}).map(([id, ms]) => `${id} ${(ms / 1000).toFixed(1)}`);
      console.log(
        `round ${i + 1} ${b.name.padEnd(30)} ${(r.ms / 1000).toFixed(2)} s  CPU ${r.cpu.toFixed(1)} s  RSS ${mb(r.peakRss)} MB  load ${load()}${steps.length ? `  steps (s): ${steps.join(', ')}` : ''}`,
      );
    }
  }
  const loadAfter = os.loadavg();
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  for (const b of builds) {
    b.median = median(b.runs.map((r) => r.ms));
    const rss = Math.max(...b.runs.map((r) => r.peakRss));
    console.log(`${b.name.padEnd(30)} median ${(b.median / 1000).toFixed(2)} s  peak worker RSS ${mb(rss)} MB (goal < 400 MB)`);
  }
  // Each round's two runs are neighbours in time, so their ratio sees the same load: its median is the figure.
  const pairs = builds[0].runs.map((r, i) => r.ms / builds[1].runs[i].ms);
  console.log(`ratio this/reference per round: ${pairs.map((x) => x.toFixed(2)).join(', ')}`);
  console.log(
    `ratio this/reference: median of rounds ${median(pairs).toFixed(2)}, of medians ${(builds[0].median / builds[1].median).toFixed(2)} (goal <= 1.2)`,
  );
  // CPU seconds hardly depend on the load: what the job costs, where wall time is what it waits.
  const cpu = (b) => median(b.runs.map((r) => r.cpu));
  console.log(
    `CPU seconds (median): this ${cpu(builds[0]).toFixed(1)}, reference ${cpu(builds[1]).toFixed(1)}, ratio ${(cpu(builds[0]) / cpu(builds[1])).toFixed(2)}`,
  );
  const fmt = (l) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(`load average (1, 5, 15 min): before ${fmt(loadBefore)}, after ${fmt(loadAfter)}; cores: ${os.availableParallelism()}`);
}

async function once(buildRoot, clip) {
  const { stdout } = await run(process.execPath, [path.join(root, 'bench/support/analyze-once.mjs'), buildRoot, clip], {
    cwd: buildRoot,
    // Each build's own start environment: the reference runs as it was started then.
    env: { ...process.env, ...startEnv(buildRoot) },
    maxBuffer: 16 << 20,
  });
  const r = JSON.parse(stdout.trim().split('\n').pop());
  if (r.status !== 'complete') throw new Error(`${buildRoot}: the job failed: ${r.error}`);
  return r;
}

async function commitOf(dir) {
  return (await run('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).catch(() => ({ stdout: 'unknown' }))).stdout.trim();
}

function mb(bytes) {
  return (bytes / 1024 / 1024).toFixed(0);
}

function load() {
  return os.loadavg()[0].toFixed(2);
}
