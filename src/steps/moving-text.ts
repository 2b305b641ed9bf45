import { type Box, boxOverlap } from '../media/text-regions.js';
import { similarity } from './ocr-vote.js';

/** A text region followed through samples, with what it was read as. */
export interface ReadRegion {
  region: Box & { line: number };
  /** Sample indices it was seen in, in order. */
  samples: number[];
  text: string;
}

/** The same words, moved by more than this share of their line height from one sample to the next, move with the picture. */
const MOVED = 0.3;
/** Readings this alike (letters, 0-1) are the same words. */
const SAME_WORDS = 0.7;

/**
 * The regions whose words move with the picture: a sign, a label or a shirt filmed by a moving camera. A caption is
 * laid over the picture and stays put while it is shown; text in the scene shifts with every pan, zoom or shake, so
 * the same words turn up in the next sample a little elsewhere. Each such pair is followed along its chain; a
 * chain with one move in it is scene text. Text in a scene filmed by a still camera cannot be told from a
 * caption this way, and stays.
 */
export function movingText(regions: ReadRegion[]): Set<ReadRegion> {
  const moving = new Set<ReadRegion>();
  for (const a of regions) {
    const last = a.samples[a.samples.length - 1];
    for (const b of regions) {
      if (b === a || b.samples[0] !== last + 1 || !near(a.region, b.region)) continue;
      // Only the same words at the same size tell a move: a region that grew (a line joined it) did not move.
      if (
        similarity(key(a.text), key(b.text)) < SAME_WORDS ||
        Math.min(a.region.line, b.region.line) < 0.7 * Math.max(a.region.line, b.region.line)
      )
        continue;
      const shift = Math.max(
        Math.abs(a.region.left - b.region.left),
        Math.abs(a.region.top - b.region.top),
        Math.abs(a.region.left + a.region.width - b.region.left - b.region.width),
      );
      if (shift > Math.max(2, MOVED * Math.min(a.region.line, b.region.line))) {
        moving.add(a);
        moving.add(b);
      }
    }
  }
  followChains(regions, moving);
  return moving;
}

/**
 * Along a chain of the same words, one move marks them all; so does a part of them read next to a moving sign (the
 * sign half faded in a cross-fade, or a word of it misread: 'BREAD' beside 'FRESH BREAD').
 */
function followChains(regions: ReadRegion[], moving: Set<ReadRegion>): void {
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
          (similarity(key(a.text), key(b.text)) >= SAME_WORDS || partOf(a.text, b.text)),
      );
      if (!linked) continue;
      moving.add(a);
      grew = true;
    }
  }
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
function near(a: ReadRegion['region'], b: ReadRegion['region']): boolean {
  const grow = (r: ReadRegion['region']) => ({
    left: r.left - 2 * r.line,
    top: r.top - 2 * r.line,
    width: r.width + 4 * r.line,
    height: r.height + 4 * r.line,
  });
  return boxOverlap(grow(a), grow(b)) > 0;
}
