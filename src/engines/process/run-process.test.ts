import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { stallFor } from '../../../test/support/stall.js';
import { KnownFailure } from '../known-failure.js';
import { runProcess } from './run-process.js';

/** Whether a process with this id is alive (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `sleep 30` through runProcess; resolves the child's pid once it runs. */
async function sleeper(signal: AbortSignal, extra: { timeoutMs?: number } = {}) {
  const pidFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'proc-')), 'pid');
  const run = runProcess('sh', ['-c', `echo $$ > ${pidFile}; exec sleep 30`], { signal, name: 'sleeper', ...extra });
  run.catch(() => undefined);
  while (!fs.existsSync(pidFile) || !fs.readFileSync(pidFile, 'utf8').trim()) await delay(10);
  return { run, pid: Number(fs.readFileSync(pidFile, 'utf8')) };
}

describe('engine processes', () => {
  it('kill their child process when the step or job aborts, rejecting with the abort reason', async () => {
    const cancel = new AbortController();
    const { run, pid } = await sleeper(cancel.signal);
    assert.ok(alive(pid));
    const reason = new Error('the job was cancelled');
    cancel.abort(reason);
    await assert.rejects(run, (err) => err === reason);
    await delay(50);
    assert.equal(alive(pid), false);
  });

  it('kill their child process at their own timeout, with a KnownFailure saying so', async () => {
    const { run, pid } = await sleeper(new AbortController().signal, { timeoutMs: 1000 });
    await assert.rejects(run, (err) => err instanceof KnownFailure && err.message === 'sleeper took longer than 1 s');
    await delay(50);
    assert.equal(alive(pid), false);
  });

  it('keep the result of a process that ended within its timeout while the main thread was busy past it', async () => {
    const run = runProcess('sh', ['-c', 'sleep 0.3; echo done'], {
      signal: new AbortController().signal,
      name: 'sleeper',
      timeoutMs: 1000,
    });
    await delay(100);
    await stallFor(1500);
    assert.equal((await run).stdout, 'done\n');
  });

  it('name a missing program', async () => {
    await assert.rejects(
      runProcess('/nonexistent/ffmpeg', [], { signal: new AbortController().signal, name: 'ffmpeg' }),
      /ffmpeg is not installed on this server/,
    );
  });

  it("run without the service's allocator setting, with the rest of its environment and their own", async () => {
    const before = process.env.MALLOC_MMAP_THRESHOLD_;
    process.env.MALLOC_MMAP_THRESHOLD_ = '262144';
    try {
      const { stdout } = await runProcess('sh', ['-c', 'echo "${MALLOC_MMAP_THRESHOLD_-unset} ${PATH:+path} $EXTRA"'], {
        signal: new AbortController().signal,
        env: { EXTRA: 'extra' },
      });
      assert.equal(stdout.trim(), 'unset path extra');
    } finally {
      if (before === undefined) delete process.env.MALLOC_MMAP_THRESHOLD_;
      else process.env.MALLOC_MMAP_THRESHOLD_ = before;
    }
  });
});
