import fs from 'node:fs';
import { runProcess } from '../process/run-process.js';
import { type AcousticFit, acousticFitOf } from '../voice/acoustic-fit.js';
import type { TimedWord } from './speech-to-text.port.js';
import { roundMs, sphinxWord } from './sphinx-words.js';

/** One stretch of a 16 kHz mono WAV file to decode as one utterance. */
export interface Utterance {
  id: string;
  file: string;
  /** Seconds into `file`. */
  from: number;
  to: number;
}

/** An utterance's words (times from the start of its file) and their acoustic fit (acoustic-fit.ts). */
export interface DecodedUtterance {
  words: TimedWord[];
  fit: AcousticFit;
}

/**
 * Many utterances through one pocketsphinx_batch process (the same library as pocketsphinx_continuous): the
 * engine's start-up (its language model and dictionary, about 0.35 CPU s) is paid once, and each stretch is read
 * from its file by frame numbers, so nothing is cut first. Each utterance is normalised by its own cepstral mean
 * (`-cmn batch`), so it starts warm and its words do not depend on the utterances before it (checked: a piece after
 * another piece, or after another reading's, gives the same words and confidences as alone). `-remove_silence no`:
 * with it, the frames the engine's voice detection drops are taken out of the word times too.
 */
export async function decodeInBatch(
  binary: string,
  utterances: Utterance[],
  search: string[],
  name: string,
  signal: AbortSignal,
): Promise<Map<string, DecodedUtterance>> {
  const lines = utterances.map((u) => `${u.file.replace(/\.wav$/, '')} ${frame(u.from)} ${frame(u.to)} ${u.id}`);
  await fs.promises.writeFile(`${name}.ctl`, `${lines.join('\n')}\n`);
  const args = [
    ...['-ctl', `${name}.ctl`, '-adcin', 'yes', '-adchdr', '44', '-cepext', '.wav'],
    ...['-cmn', 'batch', '-remove_silence', 'no', ...search],
    ...['-ctm', `${name}.ctm`, '-backtrace', 'yes', '-logfn', `${name}.log`],
  ];
  await runProcess(binary, args, { signal, name: 'pocketsphinx' });
  const words = wordsOfCtm(await fs.promises.readFile(`${name}.ctm`, 'utf8'));
  const logs = logsByUtterance(await fs.promises.readFile(`${name}.log`, 'utf8'));
  const decoded = new Map<string, DecodedUtterance>();
  for (const u of utterances) {
    const own = (words.get(u.id) ?? []).map((w) => ({ ...w, start: roundMs(w.start + u.from), end: roundMs(w.end + u.from) }));
    decoded.set(u.id, { words: own, fit: acousticFitOf(logs.get(u.id) ?? '') });
  }
  return decoded;
}

/** The engine's frames are 10 ms. */
const frame = (seconds: number) => Math.round(seconds * 100);

/**
 * pocketsphinx_batch's -ctm: `uttid 1 start duration word posterior` a word or marker (seconds from the utterance's
 * start; sphinx-words.ts). The posterior is the same word posterior pocketsphinx_continuous prints.
 */
export function wordsOfCtm(ctm: string): Map<string, TimedWord[]> {
  const words = new Map<string, TimedWord[]>();
  for (const line of ctm.split('\n')) {
    const m = /^(\S+) \S+ (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\S+) (\d+(?:\.\d+)?)$/.exec(line.trim());
    const start = Number(m?.[2]);
    const word = m && sphinxWord(m[4], start, start + Number(m[3]), Number(m[5]));
    if (!m || !word) continue;
    const list = words.get(m[1]) ?? [];
    list.push(word);
    words.set(m[1], list);
  }
  return words;
}

/** The batch log split at each utterance's `Decoding 'uttid'` line, by utterance id. */
export function logsByUtterance(log: string): Map<string, string> {
  const logs = new Map<string, string>();
  let current: string | null = null;
  let lines: string[] = [];
  for (const line of log.split('\n')) {
    const m = /batch\.c\(\d+\): Decoding '([^']+)'/.exec(line);
    if (m) {
      if (current !== null) logs.set(current, lines.join('\n'));
      current = m[1];
      lines = [];
    } else if (current !== null) lines.push(line);
  }
  if (current !== null) logs.set(current, lines.join('\n'));
  return logs;
}
