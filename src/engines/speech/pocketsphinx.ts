import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { runProcess } from '../process/run-process.js';
import { type AcousticFit, acousticFitOf, addFits, fitPerFrame } from '../voice/acoustic-fit.js';
import { copiedStretch, decodedStretch, type PcmWav, readPcmWav, silence, wavSeconds, writeWav } from '../voice/pcm-wav.js';
import { detectSilences, planPieces } from '../voice/silence-split.js';
import { isolateVoiceInThread } from '../voice/voice-isolation-thread.js';
import { cepstralMean, featParamsWith } from './cepstral-mean.js';
import { lmDictionary } from './lm-dictionary.js';
import { decodeInBatch, type Utterance } from './pocketsphinx-batch.js';
import { sentencesOf } from './sentences.js';
import { transcriptConfidence } from './speech-confidence.js';
import { type SpeechToText, type TimedWord, type Transcript, type TranscriptSegment } from './speech-to-text.port.js';
import { sphinxWord } from './sphinx-words.js';
import { FIT_KNEE, loadTranscriptModel, probabilityRight, type TranscriptMeasures, type TranscriptModel } from './transcript-model.js';
import { type WarmPiece, warmDecoderFor } from './warm-decoder.js';
import { wordAgreement } from './word-agreement.js';
import { voteWords } from './word-vote.js';

/**
 * CMU's recommended speed settings (a narrower beam of active HMMs and words per frame, fewer Gaussians):
 * about 40% less CPU, with the same transcript on our test speech.
 */
export const FAST_SEARCH = ['-maxhmmpf', '3000', '-maxwpf', '5', '-topn', '2', '-pl_window', '10'];

/**
 * The search under a music bed (voice-isolation.ts finds it): the engine's own beams and Gaussians, not
 * FAST_SEARCH. What is left of a bed after isolation blurs the sounds, and the narrow beams prune the right words
 * early. Measured on bench/quality's clips (flite speech under chords, pads and a band, 12 and 9 dB under the
 * voice): word errors under a bed from 0.227 to 0.174 on average, for about 1.5x the decoding CPU; speech without
 * a bed keeps the fast search.
 */
export const BED_SEARCH: string[] = [];

/**
 * The transcript confidence (speech-confidence.ts) below which the speech is unintelligible. Chosen on
 * bench/quality's tune half of voices and scripts: every transcript with at most half its words wrong scored 0.55
 * or more, every nonsense one (English said by voices the models were not trained on, other languages decoded as
 * English) 0.45 or less. The held-out half saw the choice of the share of sure words in that confidence; the
 * fresh half (test/support/voices.ts) checks the bar untouched.
 */
export const POCKETSPHINX_CONFIDENCE_BAR = 0.5;

/**
 * The acoustic fit (acoustic-fit.ts: nats per frame of the decoded words) below which the words do not fit the
 * sounds: English decoding of another language, or of a voice unlike any the models know. Chosen on the tune half
 * of test/support/voices.ts, halfway between the English transcripts kept (-3.75 at worst, flite rms at 8 kHz) and
 * everything else (-5.03 at best, Polish); French from Belgium had passed the confidence bar at 0.61 with -5.53.
 * English under bench/quality's music beds scores -2.6 to -3.5.
 */
export const POCKETSPHINX_FIT_BAR = -4.4;

/**
 * A second opinion on a transcript that is not sure of itself (see wantsSecondOpinion): the voice decoded again with its pitch and formants `shift` times higher (resampled,
 * so also that much faster), and the share of the transcript's words that survive it (word-agreement.ts). Words the
 * sounds ground survive the shift; the language model's confident substitutions for rare words move with it. Chosen
 * on bench/quality's tune half of voices (its product scripts and faster flite voices), each clip's English words
 * fitting the sounds: of five second decodings (language weight 10, 10% faster, no flat-lexicon and best-path
 * passes, narrower beams, the 5% shift), the shift alone put every kept nonsense transcript (at most 0.609 survived)
 * under the good ones but three (0.545 to 0.607, their word errors 0.41 to 0.50). Not run under a music bed (not
 * measured there) nor on a sure transcript, so the cost falls on unsure clips only. `under`: the grey zone of
 * confidence, halfway from the confidence bar to certainty.
 */
export const SECOND_OPINION = { shift: 1.05, under: 0.75, bar: 0.62 };

/**
 * Whether a transcript gets the second opinion: the decision would keep it without one, and it is not sure of
 * itself: its confidence in the grey zone (SECOND_OPINION.under), or its words fitting the sounds under the model's
 * knee (FIT_KNEE), where unfamiliar voices' confident nonsense lies (bench/quality's families-voices; docs/testing.md).
 * A transcript the decision withholds gets none: the agreement can only lower its probability.
 */
export function wantsSecondOpinion(t: TranscriptMeasures, model: TranscriptModel): boolean {
  if (t.confidence === null) return false;
  const p = probabilityRight({ ...t, agreement: undefined }, model);
  const unsure = t.confidence < SECOND_OPINION.under || (t.fit != null && t.fit < FIT_KNEE);
  return p !== null && p >= model.keep && unsure;
}

/**
 * The decision on a transcript (speech-verdict.ts): a logistic model of its measures (transcript-model.ts), fitted
 * on one family of voices by bench/fit-speech-decision.mjs. It also chooses the transcripts that get a second
 * opinion (wantsSecondOpinion).
 */
export const POCKETSPHINX_DECISION = loadTranscriptModel();

/**
 * The offline engine: CMU pocketsphinx (Debian's pocketsphinx + pocketsphinx-en-us, US English). It runs
 * at about half real time on one core, so the audio is split at silences and the pieces run in parallel.
 */
export class PocketsphinxSpeechToText implements SpeechToText {
  readonly name = 'pocketsphinx (local, en-US)';
  readonly confidenceBar = POCKETSPHINX_CONFIDENCE_BAR;
  readonly identifiesLanguage = false;
  readonly fitBar = POCKETSPHINX_FIT_BAR;
  readonly agreementBar = SECOND_OPINION.bar;
  readonly decision = POCKETSPHINX_DECISION;
  /** `-dict` with only the words the language model knows (lm-dictionary.ts), found once per engine; none: the engine's own. */
  private dictionary: Promise<string[]> | null = null;

  constructor(
    private readonly binary: string,
    private readonly ffmpeg: string,
    private readonly opts: PocketsphinxOptions = { isolateVoice: true },
  ) {}

  private get parallelism(): number {
    return this.opts.parallelism ?? Math.max(1, os.availableParallelism());
  }

  async transcribe(input: string, opts: { signal: AbortSignal; workDir: string }): Promise<Transcript> {
    // Music beds are the rule on short-form video: the voice is isolated first (see voice-isolation.ts).
    const {
      file: audio,
      readings,
      musicBed,
    } = this.opts.isolateVoice
      ? await isolateVoiceInThread(
          { ffmpeg: this.ffmpeg, audio: input, workDir: opts.workDir, parallelism: this.parallelism, readings: this.opts.bedReadings ?? 3 },
          opts.signal,
        )
      : { file: input, readings: [input], musicBed: false };
    const duration = await this.durationOf(audio, opts.signal);
    // About two pieces per core, so the last ones finish together; each at least 8 s (the engine's start-up
    // and the context lost at a cut cost more on shorter pieces) and at most 20 s.
    const target = Math.min(20, Math.max(8, duration / (this.parallelism * 2)));
    const max = target * 1.5;
    const pieces = planPieces(duration, duration > max ? await detectSilences(this.ffmpeg, audio, opts.signal) : [], target, max);
    // Every reading is cut at the same places, so their words line up piece by piece for the vote.
    // The batch decoder under a bed only: on clean speech it saved no CPU (no lead-in to drop) and lost words.
    const results =
      this.opts.decoder === 'batch' && musicBed
        ? await this.recogniseInBatch(readings, pieces, opts)
        : await this.recogniseEach(readings, pieces, musicBed, opts);
    // Sentences across pieces: a piece ends in a silence, which the words' times show as a pause.
    const words = results.flatMap((piece) => voteWords(piece.map((reading) => reading.words)));
    const segments = sentencesOf(words);
    const fit = fitPerFrame(addFits(results.flat().map((reading) => reading.fit)));
    const confidence = transcriptConfidence(words);
    const grey = !musicBed && wantsSecondOpinion({ confidence, fit, segments }, this.decision);
    const agreement = grey ? await this.secondOpinion(readings[0], pieces, words, opts) : undefined;
    const text = segments.map((s) => s.text).join(' ');
    return { text, language: 'en', segments, confidence, fit, ...(agreement !== undefined ? { agreement } : {}) };
  }

  /** Every piece of every reading, one pocketsphinx_continuous process each: results by piece, then reading. */
  private async recogniseEach(
    readings: string[],
    pieces: Array<[number, number]>,
    musicBed: boolean,
    opts: { signal: AbortSignal; workDir: string },
  ): Promise<Recognised[][]> {
    const jobs = pieces.flatMap((_, i) => readings.map((_, r) => [i, r] as const));
    const results: Recognised[][] = pieces.map(() => new Array(readings.length));
    await pLimit(this.parallelism).map(jobs, async ([i, r]) => {
      const piece = { index: i, reading: r, from: pieces[i][0], to: pieces[i][1], cut: pieces.length > 1 };
      results[i][r] = await this.recognisePiece(readings[r], piece, musicBed, opts);
    });
    return results;
  }

  /**
   * Every piece of every reading under a music bed through one pocketsphinx_batch process per core
   * (pocketsphinx-batch.ts), the pieces shared out longest first to the process with the least audio so far: results
   * by piece, then reading.
   */
  private async recogniseInBatch(
    readings: string[],
    pieces: Array<[number, number]>,
    opts: { signal: AbortSignal; workDir: string },
  ): Promise<Recognised[][]> {
    const utterances = pieces.flatMap(([from, to], i) => readings.map((file, r) => ({ id: `p${i}r${r}`, file, from, to })));
    const groups = Array.from({ length: Math.min(this.parallelism, utterances.length) }, () => ({
      seconds: 0,
      utterances: [] as Utterance[],
    }));
    for (const u of [...utterances].sort((a, b) => b.to - b.from - (a.to - a.from))) {
      const least = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
      least.seconds += u.to - u.from;
      least.utterances.push(u);
    }
    const binary = this.opts.batchBinary ?? 'pocketsphinx_batch';
    const search = [...(await this.dictionaryArgs()), ...BED_SEARCH];
    const decoded = await Promise.all(
      groups.map((g, k) => decodeInBatch(binary, g.utterances, search, path.join(opts.workDir, `speech-batch-${k}`), opts.signal)),
    );
    // decodeInBatch answers for every utterance it is given.
    const all = new Map(decoded.flatMap((d) => [...d]));
    return pieces.map((_, i) => readings.map((_, r) => all.get(`p${i}r${r}`) as Recognised));
  }

  /** The share of `words` heard again in `reading` shifted up (see SECOND_OPINION), cut into the same pieces. */
  private async secondOpinion(
    reading: string,
    pieces: Array<[number, number]>,
    words: TimedWord[],
    opts: { signal: AbortSignal; workDir: string },
  ): Promise<number> {
    const shifted = path.join(opts.workDir, 'voice-shifted.wav');
    const resample = `asetrate=${Math.round(16000 * SECOND_OPINION.shift)},aresample=16000`;
    const args = ['-v', 'error', '-y', '-i', reading, '-af', resample, '-ac', '1', '-c:a', 'pcm_s16le', shifted];
    await runProcess(this.ffmpeg, args, { signal: opts.signal, name: 'ffmpeg' });
    const heard = await pLimit(this.parallelism).map(pieces, async (span, i) => {
      const [from, to] = span.map((t) => t / SECOND_OPINION.shift);
      const piece = { index: i, reading: 'shifted', from, to, cut: pieces.length > 1 };
      return (await this.recognisePiece(shifted, piece, false, opts)).words;
    });
    return wordAgreement(
      words.map((w) => w.word),
      heard.flat().map((w) => w.word),
    );
  }

  /** One piece of one reading through the engine: its words (times from the start of the audio) and their acoustic fit. */
  private async recognisePiece(
    reading: string,
    piece: { index: number; reading: number | string; from: number; to: number; cut: boolean },
    musicBed: boolean,
    opts: { signal: AbortSignal; workDir: string },
  ): Promise<Recognised> {
    const { from, to } = piece;
    const name = path.join(opts.workDir, `speech-${piece.index}-${piece.reading}`);
    const search = musicBed ? BED_SEARCH : FAST_SEARCH;
    // A piece after the first must not start cold (see LEAD_IN): without a bed its own cepstral mean warms the engine
    // up and nothing is decoded twice; under a bed (or without sphinx_fe) it hears a lead-in first.
    if (from > 0 && !musicBed && this.opts.warmUp !== 'lead-in') {
      const recognised = await this.decodeFromOwnMean(reading, piece, search, name, opts.signal);
      if (recognised) return recognised;
    }
    // The piece's warm-up: the audio before it, or under a bed the first piece's own start heard twice.
    const warm: [number, number] | null =
      from > 0 ? [from - Math.min(LEAD_IN, from), from] : musicBed ? [from, Math.min(to, from + LEAD_IN)] : null;
    const start = warm ? warm[1] - warm[0] + LEAD_GAP : 0;
    if (!piece.cut && !warm) return this.decode(reading, from, start, search, name, opts);
    const { file, leadIn } = await this.cutPiece(reading, from, to, warm, `${name}.wav`, opts.signal);
    return this.decode(file, from, start, search, name, opts, null, leadIn);
  }

  /** A later piece of `reading` decoded from its own cepstral mean (cepstral-mean.ts); null where sphinx_fe gives none. */
  private async decodeFromOwnMean(
    reading: string,
    piece: { from: number; to: number },
    search: string[],
    name: string,
    signal: AbortSignal,
  ): Promise<Recognised | null> {
    const { file } = await this.cutPiece(reading, piece.from, piece.to, null, `${name}.wav`, signal);
    const mean = await cepstralMean(this.opts.sphinxFe ?? 'sphinx_fe', file, `${name}.cep.txt`, signal);
    if (!mean) return null;
    return this.decode(file, piece.from, 0, search, name, { signal }, mean);
  }

  /**
   * The piece [from, to] of `reading` in `file`, after the warm-up stretch `warm` of it and a pause; with the lengths
   * of that lead-in and pause where they are known to the sample (the decoder reads a WAV's samples from byte 44 on).
   */
  private async cutPiece(
    reading: string,
    from: number,
    to: number,
    warm: [number, number] | null,
    file: string,
    signal: AbortSignal,
  ): Promise<{ file: string; leadIn?: WarmPiece['leadIn'] }> {
    const wav = readPcmWav(reading);
    if (wav?.rate === 16000 && wav.channels === 1) {
      const parts = pieceParts(wav, from, to, warm);
      writeWav(wav, parts, file);
      if (!warm) return { file };
      const headerSamples = (wav.header.length - 44) / 2;
      return { file, leadIn: { samples: headerSamples + parts[0].length / 2, gap: parts[1].length / 2 } };
    }
    await runProcess(this.ffmpeg, pieceArgs(reading, from, to, warm, file), { signal, name: 'ffmpeg' });
    return { file };
  }

  /**
   * `file` through the engine, starting from the cepstral mean `mean` (null: the model's); its words from `start`
   * seconds on, at times from `from`, the piece's start in the audio.
   */
  private async decode(
    file: string,
    from: number,
    start: number,
    search: string[],
    name: string,
    opts: { signal: AbortSignal },
    mean: number[] | null = null,
    leadIn?: WarmPiece['leadIn'],
  ) {
    const dict = await this.dictionaryArgs();
    const warm = warmDecoderFor(this.opts.warmBinary ?? null, [...dict, ...search, '-backtrace', 'yes', '-logfn', '/dev/null']);
    let stdout: string;
    if (warm) {
      await warm.decode({ file, out: `${name}.out`, log: `${name}.log`, mean, leadIn }, opts.signal);
      stdout = await fs.promises.readFile(`${name}.out`, 'utf8');
    } else {
      const featParams = mean ? ['-featparams', await featParamsWith(mean, `${name}.feat.params`)] : [];
      const args = ['-infile', file, '-time', 'yes', ...dict, ...search, ...featParams, '-backtrace', 'yes', '-logfn', `${name}.log`];
      ({ stdout } = await runProcess(this.binary, args, { signal: opts.signal, name: 'pocketsphinx' }));
    }
    // The lead-in's words belong to the piece before.
    const words = parseWords(stdout, from - start).filter((w) => w.start >= from - 0.05);
    return { words, fit: acousticFitOf(await fs.promises.readFile(`${name}.log`, 'utf8'), start) };
  }

  private dictionaryArgs(): Promise<string[]> {
    this.dictionary ??= (this.opts.lmDictionary === false ? Promise.resolve(null) : lmDictionary()).then((dict) =>
      dict ? ['-dict', dict] : [],
    );
    return this.dictionary;
  }

  /**
   * The audio's length to the hundredth of a second, rounded as ffmpeg reports it (the pieces are planned from it,
   * and their cut points were measured so); read from the WAV's header where it is one, else from ffmpeg.
   */
  private async durationOf(audio: string, signal: AbortSignal): Promise<number> {
    const wav = readPcmWav(audio);
    if (wav) return Math.floor((Math.round(wavSeconds(wav) * 1e6) + 5000) / 10000) / 100;
    const { stderr } = await runProcess(this.ffmpeg, ['-hide_banner', '-i', audio, '-f', 'null', '-t', '0', '-'], {
      signal,
      name: 'ffmpeg',
    });
    const m = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : 0;
  }
}

export interface PocketsphinxOptions {
  isolateVoice: boolean;
  parallelism?: number;
  bedReadings?: number;
  /**
   * How a piece without a music bed that must not start cold (see LEAD_IN) starts: `cepstral-mean` (default) gives
   * the engine the piece's own cepstral mean from sphinx_fe (cepstral-mean.ts) and decodes nothing twice, falling
   * back to the lead-in where sphinx_fe is missing; `lead-in` decodes the warm-up audio first. Under a bed: the lead-in.
   */
  warmUp?: 'cepstral-mean' | 'lead-in';
  /** sphinx_fe's binary (Debian's sphinxbase-utils); `sphinx_fe` on PATH by default. */
  sphinxFe?: string;
  /**
   * `continuous` (default): a pocketsphinx_continuous process per piece of each reading, warmed up as `warmUp` says;
   * `batch`: under a music bed, one pocketsphinx_batch process per core for all of them, each piece normalised by
   * its own cepstral mean with no lead-in (pocketsphinx-batch.ts); speech without a bed as `continuous`. Not the
   * default: about 40% less decoding CPU under a bed, but more word errors (docs/testing.md, issue 41).
   */
  decoder?: 'continuous' | 'batch';
  /** pocketsphinx_batch's binary (Debian's pocketsphinx); `pocketsphinx_batch` on PATH by default. */
  batchBinary?: string;
  /** false: the engine's whole pronouncing dictionary, not the copy with the language model's words only (lm-dictionary.ts). */
  lmDictionary?: boolean;
  /**
   * pocketsphinx_warm's binary (native/pocketsphinx-warm.c, warm-decoder.ts): every piece decoded by a child of one
   * loaded decoder, the same output as `binary` without its start-up a piece. Absent or not there: a `binary` process
   * per piece.
   */
  warmBinary?: string | null;
}

/** A piece's words and how well they fit its sounds (acoustic-fit.ts). */
interface Recognised {
  words: TimedWord[];
  fit: AcousticFit;
}

/**
 * Seconds of the audio before a cut that a later piece starts with, then a pause long enough to end the
 * engine's utterance. The engine normalises its features by a running cepstral mean that starts from a fixed
 * guess and moves only at an utterance's end: a piece that starts cold hears its first sentences with the wrong
 * mean, which under a music bed costs many words (measured: an ad over music 12 dB under the voice, cut in two
 * pieces, went from 0.37 to 0.19 word errors with the lead-in; clean speech from 0.15 to 0.11). Under a bed the
 * first piece starts with its own first seconds for the same reason (bench/quality's beds: word errors from
 * 0.174 to 0.126 on average; the facts script under a beat from 0.12 to 0.05). Without a bed, and with sphinx_fe at
 * hand, a piece starts from its own cepstral mean instead (cepstral-mean.ts) and nothing is decoded twice. Under a
 * bed the mean alone lost words (bench/quality: facts under the 9 dB beat 0.05 -> 0.10, under the pad 0.05 -> 0.12):
 * the lead-in also settles the engine's noise removal (spectral subtraction) and speech detection on the bed.
 */
const LEAD_IN = 4;
const LEAD_GAP = 0.6;

/** The samples of the piece [from, to] of `wav`, after the warm-up stretch `warm` of it and a pause: what pieceArgs gives. */
function pieceParts(wav: PcmWav, from: number, to: number, warm: [number, number] | null): Buffer[] {
  if (!warm) return [copiedStretch(wav, from, to - from)];
  return [decodedStretch(wav, warm[0], warm[1] - warm[0]), silence(wav, LEAD_GAP), decodedStretch(wav, from, to - from)];
}

/** ffmpeg arguments for the piece [from, to] of `audio`, after the warm-up stretch `warm` of it and a pause. */
function pieceArgs(audio: string, from: number, to: number, warm: [number, number] | null, file: string): string[] {
  const cut = (a: number, b: number) => ['-ss', String(a), '-t', String(b - a), '-i', audio];
  if (!warm) return ['-v', 'error', '-y', ...cut(from, to), '-c', 'copy', file];
  const pause = ['-f', 'lavfi', '-t', String(LEAD_GAP), '-i', 'anullsrc=r=16000:cl=mono'];
  const join = ['-filter_complex', '[0:a][1:a][2:a]concat=n=3:v=0:a=1', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le'];
  return ['-v', 'error', '-y', ...cut(warm[0], warm[1]), ...pause, ...cut(from, to), ...join, file];
}

/**
 * pocketsphinx_continuous -time yes prints, per utterance, its text, then a `word start end confidence` line a word
 * or marker (sphinx-words.ts).
 */
export function parseWords(out: string, offset = 0): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of out.split('\n')) {
    const m = /^(\S+) (\d+\.\d+) (\d+\.\d+) (\d+(?:\.\d+)?)$/.exec(line.trim());
    const word = m && sphinxWord(m[1], Number(m[2]) + offset, Number(m[3]) + offset, Number(m[4]));
    if (word) words.push(word);
  }
  return words;
}

/** The engine's output as sentences (see sentences.ts). */
export function parsePocketsphinx(out: string, offset = 0): TranscriptSegment[] {
  return sentencesOf(parseWords(out, offset));
}
