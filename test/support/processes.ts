import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './harness.js';
import { TEST_STEPS_MODULE } from './test-steps.js';

export const MAIN = path.join(ROOT, 'dist/src/main.js');

/** Starts `node dist/src/main.js` with only the given environment (plus PATH, and the test steps), collecting its output. */
export function startService(env: Record<string, string>): ChildProcess & { output: () => string } {
  const base = { PATH: process.env.PATH ?? '', STEP_MODULES: TEST_STEPS_MODULE };
  const child = spawn(process.execPath, [MAIN], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return Object.assign(child, { output: () => out });
}

/** Runs a node script to completion and returns its exit code and output. */
export function runNode(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Resolves with the exit code (null when a signal ended it), also for a child that has already exited, once its
 * output has been read to the end (its last lines can follow 'exit'; at most a second later, in case a process it
 * started holds the pipes open).
 */
export async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  const streams = [child.stdout, child.stderr].filter((s) => s && !s.readableEnded);
  const ended = Promise.all(streams.map((s) => new Promise((r) => s!.once('end', r))));
  await Promise.race([ended, new Promise((r) => setTimeout(r, 1000).unref())]);
  return child.exitCode;
}
