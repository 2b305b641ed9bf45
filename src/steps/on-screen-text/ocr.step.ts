import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { OcrLine, OcrWord } from '../../engines/ocr/ocr-engine.port.js';
import { boxOverlap } from '../../imaging/box.js';
import { type CropPlace, sameContent, type TextLayer, type TextLayerCache, type TextRegion } from '../../imaging/text-layer.js';
import { defineStep, type StepContext } from '../step.js';
import { addChoices, type LetterChoices, type ReadEvidence, withKnownMarks } from './known-marks.js';
import { joinedPieces, wordsWithin } from './line-pieces.js';
import { movingText } from './moving-text.js';
import {
  BUDGET_BASE_MS,
  BUDGET_PER_VIDEO_SECOND_MS,
  MAX_READ_MS,
  MIN_CAPTION_CONFIDENCE,
  MIN_SINGLE_READING_CONFIDENCE,
  MIN_WORD_CONFIDENCE,
  ocrSpec,
  READS_PER_CAPTION,
} from './ocr.spec.js';
import { type Reading, similarity, voteReading } from './ocr-vote.js';
import { readBatches } from './read-batches.js';
import { placeOfWords, wordPlaces } from './read-places.js';
import { joinSameCaption, type ReadTrack, readAsText, sameRow } from './same-caption.js';
import { keptProbes, textWhereTextWas } from './text-where-text-was.js';
import { linesReadLikeTexture, madeOutNothing } from './texture-reading.js';
import { separateWords } from './word-spaces.js';
import { addWordsReadElsewhere, type WordsReadElsewhere } from './words-read-elsewhere.js';

interface Sample {
  time: number;
  path: string;
  scene?: number;
  gray?: string;
}
interface CaptionLine {
  text: string;
  confidence: number;
}
interface Caption {
  index: number;
  text: string;
  start: number;
  end: number;
  /** Tesseract's mean word confidence (0-1) of the reading chosen. */
  confidence: number;
  /** Share of the readings (one per frame read) that say what was chosen; `readings` of them were taken. */
  agreement: number;
  readings: number;
  lines: CaptionLine[];
}
/** One text region followed through consecutive samples while it shows the same thing. */
type Track = ReadTrack<TextRegion>;

const MODEL_LOAD_MS = 1_000;
/** Less time left than this, and a batch is not read. */
const MIN_READ_TIME_MS = 200;
/** Share of a region's strokes that must stay put for it to be the same caption (one changed digit is a new one). */
const SAME_CONTENT = 0.9;

export const ocrStep = defineStep<{ frames: Sample[] }, { captions: Caption[]; text: string }>({
  ...ocrSpec,
  async run(input, ctx) {
    const frames = [...input.frames].sort((a, b) => a.time - b.time);
    if (!frames.length) return { captions: [], text: '' };
    const step = frames.length > 1 ? (frames[frames.length - 1].time - frames[0].time) / (frames.length - 1) : 1;
    const deadline = Date.now() + BUDGET_BASE_MS + BUDGET_PER_VIDEO_SECOND_MS * (frames[frames.length - 1].time + step);
    const analysed: TextLayerCache = new Map();
    const layers = await inParallel(frames, (f) => ctx.tools.textLayers.find(f.path, f.gray, analysed, ctx.signal));
    const tracks = followRegions(layers, frames);
    const choices = await readTracks(tracks, frames, layers, deadline, ctx);
    const readElsewhere: WordsReadElsewhere = new Map();
    const evidence = { choices: (w: string) => choices.get(w), readElsewhere: (w: string) => readElsewhere.get(w) };
    const captions = await mendedMarks(captionsOf(tracks, frames, step, readElsewhere), evidence, deadline, ctx);
    ctx.engine('ocr', ctx.tools.ocr.name);
    const seen = new Set<string>();
    const distinct = captions.map((c) => c.text).filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
    return { captions, text: distinct.join('\n') };
  },
});

/**
 * The captions with their misread marks and letters mended by the dictionaries (known-marks.ts; `evidence`: the letters
 * Tesseract weighed in the words it read, and what other readings of each caption read) in what is left of the step's
 * time (at least MIN_READ_TIME_MS); as read where there is no spell check or it fails.
 */
async function mendedMarks(captions: Caption[], evidence: ReadEvidence, deadline: number, ctx: StepContext): Promise<Caption[]> {
  const { spelling } = ctx.tools;
  if (!spelling || !captions.length) return captions;
  try {
    const mended = await withKnownMarks(
      captions,
      spelling,
      { signal: ctx.signal, timeoutMs: Math.max(MIN_READ_TIME_MS, deadline - Date.now()) },
      evidence,
    );
    if (mended !== captions) ctx.engine('spelling', spelling.name);
    return mended;
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.logger.warn({ err }, 'on-screen text: the spell check failed; captions keep their marks as read');
    return captions;
  }
}

/** Regions matched from sample to sample: same place and same strokes continue a track, anything else starts one. */
function followRegions(layers: TextLayer[], frames: Sample[]): Track[] {
  const tracks: Track[] = [];
  let open: Track[] = [];
  layers.forEach((layer, i) => {
    if (i > 0 && frames[i].scene !== frames[i - 1].scene) open = []; // a cut ends every caption
    const next: Track[] = [];
    for (const region of layer.regions) {
      const previous = open.find(
        (t) =>
          !next.includes(t) &&
          boxOverlap(t.region, region) >= 0.5 &&
          sameContent(layers[t.samples[t.samples.length - 1]], layer, union(t.region, region), Math.min(t.region.line, region.line)) >=
            SAME_CONTENT,
      );
      if (previous) {
        previous.samples.push(i);
        previous.boxes.push(region);
        next.push(previous);
      } else {
        const track = { region, samples: [i], boxes: [region], readings: [] };
        tracks.push(track);
        next.push(track);
      }
    }
    open = next;
  });
  return tracks;
}

interface ReadJob {
  track: Track;
  sample: number;
  first: boolean;
  /** A probe (text-where-text-was.ts): a line of one letter is a word there ("A" of "HOLA A TODOS"). */
  probe?: boolean;
}

/**
 * First readings of every track, then second opinions on those that showed text and reads where text was
 * (text-where-text-was.ts), within the budget; returns the letters Tesseract weighed in the words it read.
 */
async function readTracks(
  tracks: Track[],
  frames: Sample[],
  layers: TextLayer[],
  deadline: number,
  ctx: StepContext,
): Promise<LetterChoices> {
  const reader = new CropReader(frames, layers, deadline, ctx);
  await reader.read(tracks.map((t) => ({ track: t, sample: t.samples[0], first: true })));
  // A second opinion only for a region whose first reading found text (a texture blob is not re-read), or read as
  // surely as a caption is reported: one reading cannot tell a caption of short words from texture (texture-reading.ts).
  const again = tracks.filter((t) => t.samples.length > 1 && (readAsText(t) || readSurely(t)));
  // Read with the second opinions: one more OCR call per core, not two.
  const probes = textWhereTextWas(tracks, layers, (s) => frames[s].scene);
  const more: ReadJob[] = probes.map((t) => ({ track: t, sample: t.samples[0], first: true, probe: true }));
  for (let round = 1; round < READS_PER_CAPTION; round++) {
    for (const t of again)
      if (t.samples.length > round)
        more.push({ track: t, sample: t.samples[Math.round((round * (t.samples.length - 1)) / (READS_PER_CAPTION - 1))], first: false });
  }
  await reader.read(more);
  tracks.push(...keptProbes(probes, tracks, (s) => frames[s].scene));
  if (reader.skipped) ctx.warn(`on-screen text: ${reader.skipped} text region(s) were not read within the step's time budget`);
  return reader.choices;
}

/**
 * Reads crops in batches, one OCR call (one tesseract process) per batch and core: loading its model costs more CPU
 * (about 0.3 s) than reading a caption crop (well under 0.1 s). A batch that overruns its share is read
 * again crop by crop, so one unreadable crop costs only itself.
 */
class CropReader {
  skipped = 0;
  /** The other letters the engine weighed in the words it read (known-marks.ts mends misread letters with them). */
  readonly choices: LetterChoices = new Map();
  private n = 0;
  constructor(
    private readonly frames: Sample[],
    private readonly layers: TextLayer[],
    private readonly deadline: number,
    private readonly ctx: StepContext,
  ) {}

  async read(jobs: ReadJob[]): Promise<void> {
    if (!jobs.length) return;
    // Each batch is cropped as it comes to be read: crops made up front would take the time the first batches need.
    await inParallel(readBatches(jobs, os.availableParallelism()), async (batch) => {
      if (this.outOfTime(batch.length)) return;
      const crops: Array<{ file: string; place: CropPlace }> = [];
      for (const job of batch) crops.push(await this.crop(job));
      const keep = (k: number, lines: OcrLine[]) => {
        addChoices(this.choices, lines);
        batch[k].track.readings.push({
          lines: captionLines(lines, batch[k].probe),
          sample: batch[k].sample,
          place: placeOfWords(lines, crops[k].place),
        });
      };
      const pages = await this.readBatch(crops.map((c) => c.file));
      if (pages) return batch.forEach((_, k) => keep(k, pages[k]));
      for (const [k, job] of batch.entries()) {
        const one = batch.length > 1 ? await this.readBatch([crops[k].file]) : null;
        if (one) keep(k, one[0]);
        else if (job.first)
          this.ctx.warn(`on-screen text at ${this.frames[job.sample].time.toFixed(1)} s was not read in its share of the time budget`);
      }
    });
  }

  private async crop(job: ReadJob): Promise<{ file: string; place: CropPlace }> {
    const layer = this.layers[job.sample];
    const file = path.join(this.ctx.workDir, `ocr-${this.n++}.pgm`);
    const region = trackRegion(job.track, layer);
    return { file, place: await this.ctx.tools.textLayers.crop(this.frames[job.sample].path, layer, region, file, this.ctx.signal) };
  }

  /** Whether the budget is spent; if so, `count` crops are counted as skipped. */
  private outOfTime(count: number): boolean {
    if (this.deadline - Date.now() >= MIN_READ_TIME_MS) return false;
    this.skipped += count;
    return true;
  }

  /** Lines per crop, or null when the reading overran its CPU share. */
  private async readBatch(crops: string[]): Promise<OcrLine[][] | null> {
    if (this.outOfTime(crops.length)) return crops.map(() => []);
    const timeoutMs = this.deadline - Date.now();
    try {
      const budget = {
        signal: this.ctx.signal,
        timeoutMs,
        cpuLimitMs: MODEL_LOAD_MS + MAX_READ_MS * crops.length,
        workDir: this.ctx.workDir,
      };
      // Texture is no caption (reportable): a second model's reading of it would be time lost.
      const worthRereading = (lines: OcrLine[]) => !madeOutNothing(lines) && !linesReadLikeTexture(captionLines(lines));
      return await this.ctx.tools.ocr.readBlocks(crops, budget, worthRereading);
    } catch (err) {
      if (this.ctx.signal.aborted) throw err;
      return null;
    }
  }
}

/**
 * A track read at least once as surely as a caption of several readings is reported, however its words look: "how we
 * built it" is two short words in four, read at 0.785, which texture-reading.ts takes for texture read alone.
 */
function readSurely(track: Track): boolean {
  return track.readings.some((r) => r.lines.length > 0 && mean(r.lines.map((l) => l.confidence)) >= MIN_CAPTION_CONFIDENCE);
}

/** A caption's reading sure enough to report (captionsOf): surer when one frame alone read it, and not texture. */
function reportable(c: { readings: number; lines: CaptionLine[] }): boolean {
  return mean(c.lines.map((l) => l.confidence)) >= leastConfidence(c) && !linesReadLikeTexture(c.lines);
}

function leastConfidence(c: { readings: number }): number {
  return c.readings > 1 ? MIN_CAPTION_CONFIDENCE : MIN_SINGLE_READING_CONFIDENCE;
}

/**
 * The caption as reported, or null: its reading whole where that is reportable, else its lines read sure enough
 * alone, where they are. One crop can hold a caption read well beside a line read badly (a second line cut by the
 * frame's edge, a sign's), whose words sink the whole below the bar or make it read like texture.
 */
function reported<C extends { readings: number; lines: CaptionLine[]; text: string }>(c: C): C | null {
  if (reportable(c)) return c;
  const sure = c.lines.filter((l) => l.confidence >= leastConfidence(c));
  if (!sure.length || sure.length === c.lines.length) return null;
  const kept = { ...c, lines: sure, text: sure.map((l) => l.text).join(' ') };
  return reportable(kept) ? kept : null;
}

function trackRegion(track: Track, layer: TextLayer): TextRegion {
  return layer.regions.find((r) => boxOverlap(r, track.region) >= 0.5) ?? track.region;
}

/**
 * Each track's voted text with its time span; neighbouring tracks that say the same are one caption. Text that moves
 * with the picture (moving-text.ts), captions read with less than MIN_CAPTION_CONFIDENCE (MIN_SINGLE_READING_CONFIDENCE
 * when one frame alone read them) and readings of texture (texture-reading.ts) are not captions, though their lines
 * read sure enough alone can be (reported); the rest that are one caption read sample by sample (same-caption.ts) are
 * voted on together. What the other readings read in place of each voted word goes to `readElsewhere`.
 */
function captionsOf(tracks: Track[], frames: Sample[], step: number, readElsewhere: WordsReadElsewhere): Caption[] {
  const out: Caption[] = [];
  const regions = readRegions(tracks);
  // Judged by where the words were read, not where the regions were found (read-places.ts).
  const placed = regions.map((r) => ({ ...r, ...wordPlaces(r.track) }));
  const moving = movingText(placed);
  const resting = regions.filter((_, i) => !moving.has(placed[i])).map((r) => ({ ...r.track, chosen: r.chosen }));
  const read = readRegions(joinSameCaption(resting, (s) => frames[s].scene));
  for (const r of read) addWordsReadElsewhere(readElsewhere, r.chosen, r.track.readings);
  const timed = read
    .flatMap((c) => reported(c) ?? [])
    .map((c) => ({
      ...c,
      start: frames[c.samples[0]].time,
      end:
        c.samples[c.samples.length - 1] + 1 < frames.length
          ? frames[c.samples[c.samples.length - 1] + 1].time
          : frames[c.samples[c.samples.length - 1]].time + step,
    }))
    .sort((a, b) => a.start - b.start || a.region.top - b.region.top);
  // Where each caption was found: two pieces of one line are joined by their places (line-pieces.ts).
  const regionOf = new Map<Caption, TextRegion>();
  for (const c of timed) {
    const atOnce = (o: Caption) => c.start < o.end && o.start < c.end;
    const same = out.find((o) => o.text.toLowerCase() === c.text.toLowerCase() && c.start <= o.end + step * 1.01);
    // Two regions of one line read at the same time (a line found in pieces): the two readings are joined where one ends
    // as the other starts (each crop grown to most of the line: "BEST COFFEE IN TOW" and "EST COFFEE IN TOWN"), or
    // else the fuller reading stays.
    const joined = same ? undefined : joinedPiece(out.filter(atOnce), c, regionOf);
    const piece = same ?? (joined ? undefined : out.find((o) => atOnce(o) && overlapsText(o.text, c.text)));
    // Else a piece cut across the line's words, read on its own; after the join, since a short word ("LE") is part of many.
    const within = piece || joined ? undefined : out.find((o) => atOnce(o) && wordPiece(o, c, regionOf));
    const into = piece ?? joined?.caption ?? within;
    if (into) {
      if (joined) {
        const confidence = round(mean([joined.caption.confidence, ...c.lines.map((l) => l.confidence)]));
        Object.assign(into, { text: joined.text, confidence, lines: [{ text: joined.text, confidence }] });
      } else if (!same && c.text.length > into.text.length) Object.assign(into, { text: c.text, lines: c.lines });
      into.end = Math.max(into.end, round(c.end));
      into.readings += c.readings;
      into.agreement = round((into.agreement * (into.readings - c.readings) + c.agreeing) / into.readings);
      regionOf.set(into, union(regionOf.get(into) ?? c.region, c.region));
      continue;
    }
    const confidence = mean(c.lines.map((l) => l.confidence));
    const caption = {
      index: out.length,
      text: c.text,
      start: round(c.start),
      end: round(c.end),
      confidence: round(confidence),
      agreement: round(c.agreeing / c.readings),
      readings: c.readings,
      lines: c.lines,
    };
    out.push(caption);
    regionOf.set(caption, c.region);
  }
  return out;
}

/** The tracks that read text, each with its vote (or the words its samples agreed on, for a joined caption). */
function readRegions(tracks: Array<Track & { chosen?: Reading }>) {
  return tracks
    .map((t) => ({ t, reading: t.chosen ?? voteReading(votedAmong(t.readings)) }))
    .filter((x) => x.reading.lines.length)
    .map(({ t, reading }) => ({
      track: t,
      chosen: reading,
      region: t.region,
      samples: t.samples,
      boxes: t.boxes,
      lines: reading.lines,
      text: reading.lines.map((l) => l.text).join(' '),
      readings: t.readings.length,
      agreeing: agreeing(t.readings, reading),
    }));
}

/**
 * The readings a track's vote is held among: where at least half of those with text are reportable alone, only those.
 * A reading that adds a speck's letter to the caption the others read ("Espera El Final ť") holds theirs whole and
 * won the vote, and the speck made it read like texture: the caption was lost though most readings had it clean.
 */
function votedAmong(readings: Reading[]): Reading[] {
  const withText = readings.filter((r) => r.lines.length);
  const clean = withText.filter((r) => reportable({ readings: withText.length, lines: r.lines }));
  return clean.length && 2 * clean.length >= withText.length ? clean : readings;
}

/** How many of the readings say what the vote chose (their letters, spaces aside, at least 80% alike). */
function agreeing(readings: Reading[], chosen: Reading): number {
  const letters = (r: Reading) =>
    r.lines
      .map((l) => l.text)
      .join('')
      .replace(/\s+/g, '')
      .toLowerCase();
  return readings.filter((r) => r.lines.length && similarity(letters(r), letters(chosen)) >= 0.8).length;
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

/** The one-line caption shown `atTheTime` that the one-line reading `c` is the rest of, and their text joined. */
function joinedPiece(
  atTheTime: Caption[],
  c: { text: string; lines: CaptionLine[]; region: TextRegion },
  regionOf: Map<Caption, TextRegion>,
): { caption: Caption; text: string } | undefined {
  if (c.lines.length !== 1) return undefined;
  for (const o of atTheTime) {
    const box = regionOf.get(o);
    const text = box && o.lines.length === 1 ? joinedPieces({ text: o.text, box }, { text: c.text, box: c.region }) : null;
    if (text) return { caption: o, text };
  }
  return undefined;
}

/** One of two texts read on one row is the other's words in part (line-pieces.ts `wordsWithin`). */
function wordPiece(o: Caption, c: { text: string; region: TextRegion }, regionOf: Map<Caption, TextRegion>): boolean {
  const box = regionOf.get(o);
  return !!box && sameRow(box, c.region) && (wordsWithin(c.text, o.text) || wordsWithin(o.text, c.text));
}

/** One text is part of the other, or they share a word run at their seam ("Removes ALL wrinkles in" + "in 7 days"). */
function overlapsText(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x.includes(y) || y.includes(x)) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return similarity(short, long.slice(0, short.length)) >= 0.8 || similarity(short, long.slice(-short.length)) >= 0.8;
}

function union(a: TextRegion, b: TextRegion): TextRegion {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return {
    ...a,
    left,
    top,
    width: Math.max(a.left + a.width, b.left + b.width) - left,
    height: Math.max(a.top + a.height, b.top + b.height) - top,
  };
}

/** Runs `fn` over `items` on as many cores as there are, keeping the order of results. */
function inParallel<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  return pLimit(os.availableParallelism()).map(items, fn);
}

/**
 * A crop's lines as caption lines: unsure words dropped, stray marks at the ends trimmed, lines without a real word
 * (two letters or digits in a row, of any script: "não" alone is a word; or, where `oneLetter` says a word of one
 * letter is likely, a line that is one letter alone) dropped.
 */
function captionLines(lines: OcrLine[], oneLetter = false): CaptionLine[] {
  const word = oneLetter ? /^\p{L}$|[\p{L}\p{N}]{2,}/u : /[\p{L}\p{N}]{2,}/u;
  return lines
    .map((l) => barsAsCapitalI(l.words).filter((w) => w.confidence >= MIN_WORD_CONFIDENCE))
    .filter((words) => words.length)
    .map((words) => ({
      // Box edges and stray marks read as | ( ) _ ' at the ends of a line.
      text: separateWords(words.map((w) => w.text).join(' ')).replace(/^[^\p{L}\p{N}$#"(]+|[^\p{L}\p{N}%!?.)"]+$/gu, ''),
      confidence: round(words.reduce((a, w) => a + w.confidence, 0) / words.length / 100),
    }))
    .filter((l) => word.test(l.text) && /\p{L}/u.test(l.text));
}

/** A word that is one upright bar. */
const BAR = /^[|l]$/;

/**
 * A sans-serif capital I is a plain bar, which Tesseract reads as '|' or 'l' (and a '|' at a line's end is then
 * trimmed as a box edge: 'I PACK' read as 'PACK'). In a line of capitals, a bar about as tall as the shortest word
 * beside it (specks of the picture only make a word's box taller) and within their rows is the letter; a box edge is
 * taller, a speck shorter.
 */
function barsAsCapitalI(words: OcrWord[]): OcrWord[] {
  const others = words.filter((w) => !BAR.test(w.text));
  const boxes = others.flatMap((w) => (w.box ? [w.box] : []));
  if (!boxes.length || !others.some((w) => /\p{Lu}/u.test(w.text)) || others.some((w) => /\p{Ll}/u.test(w.text))) return words;
  const height = Math.min(...boxes.map((b) => b.height));
  const top = Math.min(...boxes.map((b) => b.top)) - 0.1 * height;
  const bottom = Math.max(...boxes.map((b) => b.top + b.height)) + 0.1 * height;
  const capital = (b: OcrWord['box']) =>
    !!b && b.height >= 0.75 * height && b.height <= 1.15 * height && b.top >= top && b.top + b.height <= bottom;
  return words.map((w) => (BAR.test(w.text) && capital(w.box) ? { ...w, text: 'I' } : w));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
