import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { KnownFailure } from '../known-failure.js';
import { lastLines, ProcessFailed, programEnv } from '../process/run-process.js';

/** One piece for the warm decoder: what pocketsphinx_continuous would read (`-infile`) and write (stdout, `-logfn`). */
export interface WarmPiece {
  file: string;
  /** Where the words go, as pocketsphinx_continuous -time yes prints them. */
  out: string;
  /** The decoder's log of this piece (its -backtrace tables). */
  log: string;
  /** The starting cepstral mean (a -cmninit); null: the model's own. */
  mean: number[] | null;
  /**
   * Where `file` starts with a lead-in whose words are not wanted (heard for the state it leaves), then a pause of
   * digital silence: their lengths in samples, counted as the decoder reads them (from byte 44 of a WAV). Its
   * utterances are searched with a one-word grammar instead of the language model: the same words for the rest.
   */
  leadIn?: { samples: number; gap: number };
}

/** The decoder's exit status when a lead-in's utterance ran into the piece: decoded again without the hint. */
const LEAD_IN_OVERRAN = 3;

interface Pending {
  log: string;
  resolve: () => void;
  reject: (err: Error) => void;
  pid?: number;
  killedFor?: Error;
}

/**
 * pocketsphinx_warm (native/pocketsphinx-warm.c) driven from Node: the decoder loaded once for a set of arguments,
 * each piece decoded in a child forked from it, so a piece pays no start-up and still starts from the decoder as
 * loaded, as a pocketsphinx_continuous process of its own would. The server is started on first use and restarted
 * after it ends; while no piece is pending it does not keep the process alive.
 */
export class WarmDecoder {
  private server: ChildProcess | null = null;
  private readonly pending = new Map<string, Pending>();
  private next = 0;

  constructor(
    private readonly binary: string,
    private readonly args: string[],
  ) {}

  async decode(piece: WarmPiece, signal: AbortSignal): Promise<void> {
    if (!piece.leadIn) return this.send(piece, signal);
    try {
      await this.send(piece, signal);
    } catch (err) {
      if (!(err instanceof ProcessFailed) || err.code !== LEAD_IN_OVERRAN || signal.aborted) throw err;
      // The decoder appends to its log: the second decoding's must stand alone.
      await fs.promises.rm(piece.log, { force: true });
      await this.send({ ...piece, leadIn: undefined }, signal);
    }
  }

  private send(piece: WarmPiece, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason ?? new KnownFailure('pocketsphinx was cancelled'));
    const fields = [piece.file, piece.out, piece.log];
    if (fields.some((f) => /[\t\n]/.test(f))) return Promise.reject(new Error(`a path the warm decoder cannot take: ${fields.join(' ')}`));
    const server = this.started();
    const id = String(this.next++);
    return new Promise<void>((resolve, reject) => {
      // Ended either way: a piece killed for the job's cancellation fails with the job's reason.
      const settle = (err: Error | null) => {
        signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        if (this.pending.size === 0) this.idle(true);
        const why = entry.killedFor ?? err;
        why ? reject(why) : resolve();
      };
      const entry: Pending = { log: piece.log, resolve: () => settle(null), reject: settle };
      const onAbort = () => {
        entry.killedFor = signal.reason instanceof Error ? signal.reason : new KnownFailure('pocketsphinx was cancelled');
        if (entry.pid) kill(entry.pid);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, entry);
      this.idle(false);
      // The mean as a -featparams file gives it (cepstral-mean.ts writes two decimals).
      const mean = piece.mean ? piece.mean.map((m) => m.toFixed(2)).join(',') : '-';
      const leadIn = piece.leadIn ? `\t${piece.leadIn.samples}\t${piece.leadIn.gap}` : '';
      server.stdin!.write(`${id}\t${fields.join('\t')}\t${mean}${leadIn}\n`);
    });
  }

  /** Ends the server (its running children finish first). */
  close(): void {
    this.server?.stdin?.end();
    this.server = null;
  }

  private started(): ChildProcess {
    if (this.server) return this.server;
    const server = spawn(this.binary, this.args, { stdio: ['pipe', 'pipe', 'pipe'], env: programEnv() });
    let stderr = '';
    server.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4096)));
    readline.createInterface({ input: server.stdout! }).on('line', (line) => this.onLine(line));
    const ended = (why: string) => {
      if (this.server === server) this.server = null;
      for (const p of [...this.pending.values()])
        p.reject(new ProcessFailed('pocketsphinx', null, `${why} ${lastLines(stderr)}`.trim(), stderr));
    };
    server.on('error', (err: NodeJS.ErrnoException) => ended(err.code === 'ENOENT' ? `${this.binary} not found` : err.message));
    server.on('exit', (code, sig) => ended(`the warm decoder ended (${sig ?? code})`));
    server.stdin!.on('error', () => {}); // a server that died: reported by 'exit'
    this.server = server;
    return server;
  }

  private onLine(line: string): void {
    const [what, id, value] = line.split(' ');
    const entry = this.pending.get(id);
    if (!entry) return;
    if (what === 'started') {
      entry.pid = Number(value);
      if (entry.killedFor) kill(entry.pid);
    } else if (what === 'done') {
      const code = Number(value);
      if (code === 0) entry.resolve();
      else entry.reject(new ProcessFailed('pocketsphinx', code, logTail(entry.log), ''));
    }
  }

  /** Whether the server may be left running without keeping the process alive. */
  private idle(idle: boolean): void {
    const server = this.server;
    if (!server) return;
    for (const handle of [server, server.stdout, server.stderr, server.stdin] as Array<{ ref?: () => void; unref?: () => void } | null>)
      idle ? handle?.unref?.() : handle?.ref?.();
  }
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already ended */
  }
}

/** The last lines of a failed piece's log, for its error. */
function logTail(log: string): string {
  try {
    return lastLines(fs.readFileSync(log, 'utf8'));
  } catch {
    return '';
  }
}

/** One warm decoder per binary and arguments in this process: every engine shares the loaded model. */
const decoders = new Map<string, WarmDecoder>();

/** The shared warm decoder for `args`, or null where `binary` is not there to run (the caller starts a process per piece). */
export function warmDecoderFor(binary: string | null, args: string[]): WarmDecoder | null {
  if (!binary || !isExecutable(binary)) return null;
  const key = [binary, ...args].join('\0');
  let decoder = decoders.get(key);
  if (!decoder) decoders.set(key, (decoder = new WarmDecoder(binary, args)));
  return decoder;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
