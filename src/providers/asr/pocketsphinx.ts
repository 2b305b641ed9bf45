import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../media/run-process.js';
import { detectSilences, planPieces } from './silence-split.js';
import type { SpeechToText, TimedWord, Transcript, TranscriptSegment } from './speech-to-text.js';

/**
 * CMU's recommended speed settings (a narrower beam of active HMMs and words per frame, fewer Gaussians):
 * about 40% less CPU, with the same transcript on our test speech.
 */
export const FAST_SEARCH = ['-maxhmmpf', '3000', '-maxwpf', '5', '-topn', '2', '-pl_window', '10'];

/**
 * The offline engine: CMU pocketsphinx (Debian's pocketsphinx + pocketsphinx-en-us, US English). It runs
 * at about half real time on one core, so the audio is split at silences and the pieces run in parallel.
 */
export class PocketsphinxSpeechToText implements SpeechToText {
  readonly name = 'pocketsphinx (local, en-US)';

  constructor(
    private readonly binary: string,
    private readonly ffmpeg: string,
    private readonly parallelism = Math.max(1, os.availableParallelism()),
  ) {}

  async transcribe(audio: string, opts: { signal: AbortSignal; workDir: string }): Promise<Transcript> {
    const duration = await this.durationOf(audio, opts.signal);
    // About two pieces per core, so the last ones finish together; each at least 8 s (the engine's start-up
    // and the context lost at a cut cost more on shorter pieces) and at most 20 s.
    const target = Math.min(20, Math.max(8, duration / (this.parallelism * 2)));
    const max = target * 1.5;
    const pieces = planPieces(duration, duration > max ? await detectSilences(this.ffmpeg, audio, opts.signal) : [], target, max);
    const results: TranscriptSegment[][] = new Array(pieces.length);
    let next = 0;
    const worker = async () => {
      while (next < pieces.length) {
        const i = next++;
        const [from, to] = pieces[i];
        let file = audio;
        if (pieces.length > 1) {
          file = path.join(opts.workDir, `speech-${i}.wav`);
          await runProcess(this.ffmpeg, ['-v', 'error', '-y', '-ss', String(from), '-t', String(to - from), '-i', audio, '-c', 'copy', file], { signal: opts.signal, name: 'ffmpeg' });
        }
        const { stdout } = await runProcess(this.binary, ['-infile', file, '-time', 'yes', ...FAST_SEARCH, '-logfn', '/dev/null'], { signal: opts.signal, name: 'pocketsphinx' });
        results[i] = parsePocketsphinx(stdout, from);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.parallelism, pieces.length) }, worker));
    const segments = results.flat();
    return { text: segments.map((s) => s.text).join(' '), language: 'en', segments };
  }

  private async durationOf(audio: string, signal: AbortSignal): Promise<number> {
    const { stderr } = await runProcess(this.ffmpeg, ['-hide_banner', '-i', audio, '-f', 'null', '-t', '0', '-'], { signal, name: 'ffmpeg' });
    const m = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : 0;
  }
}

/** Seconds of silence inside an utterance that end a segment. */
const SENTENCE_PAUSE = 0.15;

/**
 * pocketsphinx_continuous -time yes prints, per utterance, its text, then `word start end confidence`
 * lines with markers (<s>, </s>, <sil>, [NOISE]) and alternate-pronunciation suffixes ("with(2)").
 */
export function parsePocketsphinx(out: string, offset = 0): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let words: TimedWord[] = [];
  const flush = () => {
    if (words.length) segments.push({ start: words[0].start, end: words[words.length - 1].end, text: words.map((w) => w.word).join(' '), words });
    words = [];
  };
  for (const line of out.split('\n')) {
    const m = /^(\S+) (\d+\.\d+) (\d+\.\d+) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) {
      if (line.trim()) flush(); // an utterance's text line starts the next utterance
      continue;
    }
    const word = m[1].replace(/\(\d+\)$/, '');
    // A pause inside an utterance ends a sentence: segments then follow sentences, which claim checks need.
    if (word === '<sil>' && Number(m[3]) - Number(m[2]) >= SENTENCE_PAUSE) {
      flush();
      continue;
    }
    if (/^<.*>$|^\[.*\]$|^\+\+.*\+\+$/.test(word)) continue;
    const round = (n: number) => Math.round(n * 1000) / 1000;
    words.push({ word, start: round(Number(m[2]) + offset), end: round(Number(m[3]) + offset), confidence: Number(m[4]) });
  }
  flush();
  return segments;
}
