import type { Box } from '../../imaging/box.js';
import { boxOverlap, growToHold } from '../../imaging/box.js';
import { median } from '../../imaging/median.js';
import { similarity } from './ocr-vote.js';

type LineBox = Box & { line: number };

/** A text region followed through samples, with what it was read as. */
export interface ReadRegion {
  region: LineBox;
  /** Sample indices it was seen in, in order. */
  samples: number[];
  /** Where it was in each of those samples. */
  boxes: LineBox[];
  text: string;
}

/** Words further than this share of their line height from their resting place are not at rest. */
const MOVED = 0.3;
/** Readings this alike (letters, 0-1) are the same words. */
const SAME_WORDS = 0.7;
/** Share of its samples in which a caption rests at one place. */
const AT_REST = 2 / 3;

/**
 * The regions whose words move with the picture: a sign, a label or a shirt filmed by a moving camera. A caption is
 * laid over the picture and rests where it is laid while it is shown; text in the scene shifts with every pan, zoom
 * or shake. The same words are followed from sample to sample (within a region and across regions), and words that
 * are not at one place in most of their samples are scene text, however slowly they drift (a caption that slides in
 * and then stays is at rest). Text in a scene filmed by a still camera cannot be told from a caption this way, and
 * stays.
 */
export function movingText(regions: ReadRegion[]): Set<ReadRegion> {
  const moving = new Set<ReadRegion>();
  for (const chain of chainsOfSameWords(regions)) {
    const boxes = placesBySample(chain);
    // Each edge at its own median: a box of one sample's left and another's width is no place the words were
    // (a letter lost at one end moves one edge, and would move such a box's other edge too).
    const [left, top] = [median(boxes.map((b) => b.left)), median(boxes.map((b) => b.top))];
    const rest = {
      left,
      top,
      width: median(boxes.map((b) => b.left + b.width)) - left,
      height: median(boxes.map((b) => b.top + b.height)) - top,
      line: median(boxes.map((b) => b.line)),
    };
    const resting = boxes.filter((b) => shift(b, rest) <= Math.max(2, MOVED * Math.min(b.line, rest.line))).length;
    if (resting < AT_REST * boxes.length) for (const r of chain) moving.add(r);
  }
  followParts(regions, moving);
  return moving;
}

/**
 * Where the words were in each sample: every region of the chain that read them then, together. A line found in two
 * pieces, each crop grown to read it whole, says the same words at two places at once; neither place is where the words
 * went.
 */
function placesBySample(chain: ReadRegion[]): LineBox[] {
  const places = new Map<number, LineBox>();
  for (const r of chain)
    r.boxes.forEach((b, k) => {
      const place = places.get(r.samples[k]);
      if (place) {
        growToHold(place, b);
        place.line = Math.max(place.line, b.line);
      } else places.set(r.samples[k], { ...b });
    });
  return [...places.values()];
}

/**
 * Regions that follow one another (the next sample, close by, at about the same size) and say the same words, or
 * one a run of the other's: a caption of two lines read whole in one sample and one line of it in the next is the
 * same words at the same place (judged apart, each pair's one box off by a letter looks like motion).
 */
function chainsOfSameWords(regions: ReadRegion[]): ReadRegion[][] {
  const parent = regions.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  regions.forEach((a, i) => {
    const last = a.boxes[a.boxes.length - 1];
    regions.forEach((b, j) => {
      if (b.samples[0] !== a.samples[a.samples.length - 1] + 1 || !near(last, b.boxes[0])) return;
      if (!sameWords(a.text, b.text) || Math.min(last.line, b.boxes[0].line) < 0.7 * Math.max(last.line, b.boxes[0].line)) return;
      parent[find(i)] = find(j);
    });
  });
  const chains = new Map<number, ReadRegion[]>();
  regions.forEach((r, i) => chains.set(find(i), [...(chains.get(find(i)) ?? []), r]));
  return [...chains.values()];
}

/**
 * How far the words moved between two boxes: both edges of an axis shifted the same way (a lost or a joined letter
 * moves one edge of a box, a caption popping in grows it both ways; neither moves the words).
 */
function shift(a: Box, b: Box): number {
  const along = (d1: number, d2: number) => (Math.sign(d1) === Math.sign(d2) ? Math.min(Math.abs(d1), Math.abs(d2)) : 0);
  return Math.max(along(b.left - a.left, b.left + b.width - a.left - a.width), along(b.top - a.top, b.top + b.height - a.top - a.height));
}

/**
 * A part of a moving sign's words read next to it is part of the sign (the sign half faded in a cross-fade, cut by
 * the frame's edge, or a word of it misread: 'BREAD' beside 'FRESH BREAD', 'PEN LATE' beside 'LATE').
 */
function followParts(regions: ReadRegion[], moving: Set<ReadRegion>): void {
  let grew = true;
  while (grew) {
    grew = false;
    for (const a of regions) {
      if (moving.has(a)) continue;
      const linked = regions.some(
        (b) =>
          moving.has(b) &&
          (b.samples[0] === a.samples[a.samples.length - 1] + 1 || a.samples[0] === b.samples[b.samples.length - 1] + 1) &&
          near(a.region, b.region) &&
          sameWords(a.text, b.text),
      );
      if (!linked) continue;
      moving.add(a);
      grew = true;
    }
  }
}

/** Two readings say the same words: their letters alike, or one's words a run of the other's ('BREAD', 'FRESH BREAD'). */
function sameWords(a: string, b: string): boolean {
  return similarity(key(a), key(b)) >= SAME_WORDS || partOf(a, b) || partOf(b, a);
}

function key(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

/** `part`'s words (three letters or more in all) are a run of `whole`'s. */
function partOf(part: string, whole: string): boolean {
  const words = (t: string) => ` ${t.toLowerCase().split(/\s+/).filter(Boolean).join(' ')} `;
  return key(part).length >= 3 && words(whole).includes(words(part));
}

/** The boxes overlap once each is grown by two of its line heights: as far as a shaking camera moves a sign in half a second. */
function near(a: LineBox, b: LineBox): boolean {
  const grow = (r: LineBox) => ({
    left: r.left - 2 * r.line,
    top: r.top - 2 * r.line,
    width: r.width + 4 * r.line,
    height: r.height + 4 * r.line,
  });
  return boxOverlap(grow(a), grow(b)) > 0;
}
