// The development loop: how long `npm run dev` takes to serve again after a TypeScript file is saved, against the
// old loop (`npm run build`, then start the service) measured in the same run. Prints each round, the medians and
// `ratio dev-loop/rebuild-and-start` (goal: the edit served again within 10 s).
// Knobs: BENCH_DEV_ROUNDS (3).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_DEV_ROUNDS ?? 3);
const edited = path.join(root, 'src/http/cors.ts');
const original = fs.readFileSync(edited, 'utf8');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const env = { ...process.env, PORT: '3979', LOG_LEVEL: 'info' };

/** Resolves when the log lines from `from` on show a process `listening`; its pid. */
function listening(lines, from = 0) {
  return new Promise((resolve) => {
    const check = () => {
      const found = lines.slice(from).find((l) => /"msg":"listening"/.test(l));
      if (found) resolve(Number(/"pid":(\d+)/.exec(found)[1]));
      else setTimeout(check, 20);
    };
    check();
  });
}

function capture(child) {
  const lines = [];
  let rest = '';
  child.stdout.on('data', (d) => {
    const parts = (rest + d).split('\n');
    rest = parts.pop();
    lines.push(...parts);
  });
  return lines;
}

async function devLoop() {
  const dev = spawn('npm', ['run', 'dev', '--silent'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const lines = capture(dev);
  await listening(lines);
  const times = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const from = lines.length;
      const t = performance.now();
      fs.writeFileSync(edited, `${original}// dev-loop bench ${Date.now()}\n`);
      await listening(lines, from);
      times.push((performance.now() - t) / 1000);
    }
  } finally {
    fs.writeFileSync(edited, original);
    process.kill(-dev.pid, 'SIGTERM');
  }
  return times;
}

async function rebuildAndStart() {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await new Promise((r) => spawn('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' }).on('exit', r));
    const service = spawn(process.execPath, ['dist/src/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    await listening(capture(service));
    times.push((performance.now() - t) / 1000);
    await new Promise((r) => {
      service.once('exit', r);
      service.kill('SIGTERM');
    });
  }
  return times;
}

const loop = await devLoop();
const full = await rebuildAndStart();
for (let i = 0; i < rounds; i++) console.log(`round ${i + 1}: dev loop ${loop[i].toFixed(1)} s, build then start ${full[i].toFixed(1)} s`);
console.log(`median: dev loop ${median(loop).toFixed(1)} s (goal <= 10 s), build then start ${median(full).toFixed(1)} s`);
console.log(`ratio dev-loop/rebuild-and-start: ${(median(loop) / median(full)).toFixed(2)}`);
