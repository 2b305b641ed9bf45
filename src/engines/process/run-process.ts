import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { onceDue } from '../../timing/due-timer.js';
import { KnownFailure } from '../known-failure.js';

export interface RunResult {
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  signal: AbortSignal;
  /** Kills the process after this long. */
  timeoutMs?: number;
  /** Keeps at most this much of stdout (bytes); the rest is dropped, not buffered. */
  maxStdout?: number;
  /** Written to stdin, then closed. */
  input?: Buffer;
  /** Human name for errors ("ffmpeg", "tesseract"). */
  name?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /**
   * Runs the program at a lower CPU priority (nice 10): for work that is off a job's critical path, so
   * the step that decides the job's duration (speech) gets the cores first.
   */
  background?: boolean;
  /**
   * Kills the process once it has used this much CPU time (user + system, read from /proc): a bound that
   * holds on a busy machine, where a wall-clock timeout would fire on work that merely waited for a core.
   */
  cpuLimitMs?: number;
  /** Receives stdout as it comes (raw bytes) instead of collecting it: for large binary output such as raw frames. */
  onStdout?: (chunk: Buffer) => void;
}

const STDERR_TAIL = 64 * 1024;
/** Clock ticks per second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** CPU time a running process has used, in ms; 0 where /proc cannot tell (not Linux, already gone). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return 0;
  }
}

/**
 * Runs a program to completion, killing it when the step is aborted or times out. A missing program
 * or a non-zero exit is a KnownFailure naming the program and the end of its stderr.
 */
export function runProcess(command: string, args: string[], opts: RunOptions): Promise<RunResult> {
  const name = opts.name ?? command;
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(opts.signal.reason ?? new KnownFailure(`${name} was cancelled`));
    const child = spawnChild(command, args, opts);
    const output = collectOutput(child, opts);
    if (opts.input) child.stdin!.end(opts.input);
    let killedFor: Error | null = null;
    const stopWatching = watchLimits(child, opts, name, (why) => {
      killedFor ??= why;
      child.kill('SIGKILL');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      stopWatching();
      reject(err.code === 'ENOENT' ? new KnownFailure(`${name} is not installed on this server (${command} not found)`) : err);
    });
    child.on('close', (code) => {
      stopWatching();
      if (killedFor) return reject(killedFor);
      if (code !== 0) {
        return reject(new ProcessFailed(name, code, lastLines(output.stderr), output.stderr));
      }
      resolve({ stdout: output.stdout, stderr: output.stderr });
    });
  });
}

/** A program's last three lines of output on one line: what its error quotes. */
export function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' | ');
}

/**
 * The service's environment without its allocator setting (MALLOC_MMAP_THRESHOLD_, which npm start and the image set
 * for the service's own large buffers): the programs keep the C library's default, as measured without it.
 */
export function programEnv(): NodeJS.ProcessEnv {
  const { MALLOC_MMAP_THRESHOLD_: _, ...env } = process.env;
  return env;
}

/** Starts the program, at a lower priority when asked to run in the background. */
function spawnChild(command: string, args: string[], opts: RunOptions): ChildProcess {
  const child = spawn(command, args, {
    stdio: [opts.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    env: { ...programEnv(), ...opts.env },
  });
  if (opts.background && child.pid) {
    try {
      os.setPriority(child.pid, 10);
    } catch {
      /* not permitted here: run at normal priority */
    }
  }
  return child;
}

/** Collects stdout (up to maxStdout, unless onStdout takes it) and the end of stderr as they arrive. */
function collectOutput(child: ChildProcess, opts: RunOptions): RunResult {
  const output: RunResult = { stdout: '', stderr: '' };
  const maxStdout = opts.maxStdout ?? 64 * 1024 * 1024;
  if (opts.onStdout) child.stdout!.on('data', opts.onStdout);
  else
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      if (output.stdout.length < maxStdout) output.stdout += d.slice(0, maxStdout - output.stdout.length);
    });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    output.stderr = (output.stderr + d).slice(-STDERR_TAIL);
  });
  return output;
}

/**
 * Calls `kill` with the reason when the step is aborted, the time runs out or the CPU limit is passed;
 * returns the function that stops watching (the process has ended).
 */
function watchLimits(child: ChildProcess, opts: RunOptions, name: string, kill: (why: Error) => void): () => void {
  const onAbort = () => kill(opts.signal.reason instanceof Error ? opts.signal.reason : new KnownFailure(`${name} was cancelled`));
  opts.signal.addEventListener('abort', onAbort, { once: true });
  const stopTimer = opts.timeoutMs
    ? onceDue(opts.timeoutMs, () => kill(new KnownFailure(`${name} took longer than ${Math.round(opts.timeoutMs! / 1000)} s`)))
    : null;
  const cpuWatch =
    opts.cpuLimitMs && child.pid
      ? setInterval(() => {
          if (cpuMsOf(child.pid!) > opts.cpuLimitMs!)
            kill(new KnownFailure(`${name} used more than ${(opts.cpuLimitMs! / 1000).toFixed(1)} s of CPU`));
        }, 100)
      : null;
  return () => {
    opts.signal.removeEventListener('abort', onAbort);
    stopTimer?.();
    if (cpuWatch) clearInterval(cpuWatch);
  };
}

/** A program exited non-zero; `stderr` is kept for callers that explain known failures better. */
export class ProcessFailed extends KnownFailure {
  constructor(
    readonly program: string,
    readonly code: number | null,
    tail: string,
    readonly stderr: string,
  ) {
    super(`${program} failed (exit ${code}): ${tail}`);
  }
}
