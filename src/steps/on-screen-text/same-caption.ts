import type { Box } from '../../imaging/box.js';
import { withoutMarks } from './marks.js';
import { type Reading, similarity, voteReading } from './ocr-vote.js';
import { linesReadLikeTexture } from './texture-reading.js';

/** A text region followed through samples, with its readings. */
export interface ReadTrack<B extends Box = Box> {
  region: B;
  samples: number[];
  /** Where it was found in each sample. */
  boxes: B[];
  readings: Reading[];
}

/**
 * Whether any of the track's readings found text: a region read as nothing is a speck of the picture, and one read as
 * texture (texture-reading.ts) is the picture too.
 */
export function readAsText(track: ReadTrack<Box>): boolean {
  return track.readings.some((r) => r.lines.length > 0 && !linesReadLikeTexture(r.lines));
}

/** Two boxes share this much of the lower one's height: they are on one row. */
const SAME_ROW = 0.5;
/** Boxes on one row at most this many of their heights apart along it are at one place. */
const ALONG = 8;
/** Samples from one track's last to the next one's first that still join them (one sample between missed). */
const MAX_GAP = 2;
/** Samples a joined caption was read in before its words must be read in two of them. */
const MIN_SAMPLES = 3;
/** Two readings' letters this alike (0-1) say the same words... */
const SAME_TEXT = 0.6;
/** ...with at least this many letters agreeing: two short words are that alike by chance ("pasta", "fatta": two pops). */
const SAME_LETTERS = 4;

/**
 * Tracks that are one caption, joined so that their readings are voted on together. A caption is laid over the
 * picture and stays at its place in the frame while the picture moves under it (a pan, a zoom, a shake, anything
 * that changes the background): its region's strokes then change from sample to sample, each sample starts a track
 * of its own, and each is read once, each time misread another way. Tracks that follow one another in time (never two
 * in one sample: those are other lines, or pieces of one line each read), within a scene, on one row of the frame,
 * whose readings say the same words (or one is part of the other), are one caption, whatever the motion was, when
 * one of two was seen in one sample only.
 * Captions that change at one place (pops, a new line) say other words and stay apart. A joined caption's words
 * are those of its vote that another of its samples read too, once it was read in MIN_SAMPLES samples: a misread
 * word is misread another way in every sample.
 */
export function joinSameCaption<T extends ReadTrack & { chosen?: Reading }>(
  tracks: T[],
  sceneOf: (sample: number) => number | undefined,
): Array<T & { chosen?: Reading }> {
  // A track's vote, where its caller has it already (`chosen`), is not taken again.
  const texts = tracks.map((t) => letters(t.chosen ?? voteReading(t.readings)));
  const parent = tracks.map((_, i) => i);
  const samples = tracks.map((t) => new Set(t.samples));
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  tracks.forEach((a, i) => {
    if (!texts[i]) return;
    tracks.forEach((b, j) => {
      // A caption that stayed put for two samples or more was followed and voted on already: two such in a row are two
      // captions (a digit that changed), not one read piecemeal.
      if (j <= i || !texts[j] || (a.samples.length > 1 && b.samples.length > 1) || !touch(a, b, sceneOf)) return;
      const [x, y] = [find(i), find(j)];
      if (x === y || [...samples[y]].some((s) => samples[x].has(s)) || !samePlace(a, b)) return;
      if (!sameText(texts[i], texts[j]) && !partOf(texts[i], texts[j]) && !partOf(texts[j], texts[i])) return;
      parent[y] = x;
      for (const s of samples[y]) samples[x].add(s);
    });
  });
  const groups = new Map<number, T[]>();
  tracks.forEach((t, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), t]));
  return [...groups.values()].map((g) => (g.length === 1 ? g[0] : joined(g)));
}

/** The tracks as one: their samples and boxes in time order, every reading, and the words its samples agree on. */
function joined<T extends ReadTrack>(group: T[]): T & { chosen: Reading } {
  const seen = group.flatMap((t) => t.samples.map((s, k) => ({ s, box: t.boxes[k] }))).sort((x, y) => x.s - y.s);
  const readings = group.flatMap((t) => t.readings);
  return {
    ...group[0],
    samples: seen.map((x) => x.s),
    boxes: seen.map((x) => x.box),
    readings,
    chosen: agreedWords(voteReading(readings), readings),
  };
}

/**
 * The chosen reading without the words no other sample read, whole or in part (a piece of three letters or more: the
 * region finder cuts words at a line's ends), when MIN_SAMPLES samples or more were read. Marks aside: a sample's
 * "changéd" backs another's "changed".
 */
function agreedWords(chosen: Reading, readings: Reading[]): Reading {
  const read = readings.filter((r) => r.lines.length);
  if (new Set(read.map((r) => r.sample)).size < MIN_SAMPLES) return chosen;
  const others = read.filter((r) => r.sample !== chosen.sample).flatMap(words);
  const backed = (w: string) => others.some((o) => o === w || (Math.min(o.length, w.length) >= 3 && (o.includes(w) || w.includes(o))));
  const lines = chosen.lines
    .map((l) => ({
      ...l,
      text: l.text
        .split(/\s+/)
        .filter((w) => backed(withoutMarks(w.toLowerCase())))
        .join(' '),
    }))
    .filter((l) => l.text);
  return { ...chosen, lines };
}

function words(r: Reading): string[] {
  return r.lines.flatMap((l) => withoutMarks(l.text.toLowerCase()).split(/\s+/));
}

/**
 * `b` is shown within MAX_GAP samples after `a`'s last one, or in one of `a`'s samples (or the other way round), within
 * one scene: a sample in which the region finder missed the line does not end the caption.
 */
function touch(a: ReadTrack, b: ReadTrack, sceneOf: (sample: number) => number | undefined): boolean {
  const [a0, a1, b0, b1] = [a.samples[0], a.samples[a.samples.length - 1], b.samples[0], b.samples[b.samples.length - 1]];
  if (b0 > a1 + MAX_GAP || a0 > b1 + MAX_GAP) return false;
  const [first, second] = a0 <= b0 ? [a1, b0] : [b1, a0];
  return second <= first || sceneOf(first) === sceneOf(second);
}

/**
 * Some box of one is on the same row as some box of the other, where they are shown closest in time, and no further
 * along it than a few line heights: the region finder cuts a line over a moving picture differently in every sample
 * (a word, half the line, the whole line), so their boxes need not overlap.
 */
function samePlace(a: ReadTrack, b: ReadTrack): boolean {
  const near = (t: ReadTrack, u: ReadTrack) => t.boxes.filter((_, k) => u.samples.some((s) => Math.abs(s - t.samples[k]) <= MAX_GAP));
  const [as, bs] = [near(a, b), near(b, a)];
  return as.some((x) => bs.some((y) => sameRow(x, y)));
}

/** Two boxes on one row (SAME_ROW of the lower one's height shared), at most ALONG of that height apart along it. */
export function sameRow(a: Box, b: Box): boolean {
  const rows = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  const gap = Math.max(a.left, b.left) - Math.min(a.left + a.width, b.left + b.width);
  const line = Math.min(a.height, b.height);
  return rows >= SAME_ROW * line && gap <= ALONG * line;
}

/** Two readings say the same words: SAME_TEXT alike, SAME_LETTERS of their letters agreeing. */
function sameText(a: string, b: string): boolean {
  const alike = similarity(a, b);
  return alike >= SAME_TEXT && alike * Math.max(a.length, b.length) >= SAME_LETTERS;
}

function letters(r: Reading): string {
  return r.lines
    .map((l) => l.text)
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** `part` (three letters or more) is in `whole`, give or take one letter in five. */
function partOf(part: string, whole: string): boolean {
  if (part.length < 3 || part.length > whole.length) return false;
  if (whole.includes(part)) return true;
  for (let i = 0; i + part.length <= whole.length; i++) if (similarity(part, whole.slice(i, i + part.length)) >= 0.8) return true;
  return false;
}
