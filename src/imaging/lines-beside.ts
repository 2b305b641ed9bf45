import { type Box, boxOverlap, growToHold } from './box.js';
import { type Component, components } from './components.js';
import { linesOf } from './letter-lines.js';
import { standOut } from './stand-out.js';
import type { TextRegion } from './text-layer.js';
import { sameRow } from './whole-line.js';

/** Found lines this short (analysis pixels) are small text: the lines beside them may be smaller still. */
export const SMALL_LINE = 12;
/** ...and this many line heights long: a line of words (specks of the picture lined up are shorter). */
const WORDS = 6;
/** How far above and below a small line another is looked for, in its line heights (a mixed-case line's is its small letters' height). */
const BAND = 3;
/** The finer look: this many times the analysis size (no more than the frame's own size). */
const FINER = 2;
/** Letters at the finer size shorter than this (pixels) are too small to read. */
const MIN_LETTER = 5;
/** A line beside is kept no taller than this many times the found one: a smaller or like line of the same block (capitals under small letters). */
const LIKE = 1.5;
/** ...and at least this share of its length (a role under a name: specks of the picture lined up are shorter). */
const LENGTH = 0.4;
/** ...and this many of its own line heights long. */
const LETTERS = 3;

/** What the contrast path measures a stroke against: its level over the mean of a square of `surround` pixels. */
export interface StrokeContrast {
  level: number;
  surround: number;
}

/** A line found beside another, in analysis pixels, with its letters' pixels (indices in the analysis frame). */
export interface LineBeside {
  region: TextRegion;
  pixels: number[];
}

/**
 * Lines of small text beside a small line found (a lower third's role under its name, a second line in a thinner
 * face): at the analysis size their strokes are a pixel or two and vanish in the shrink, so the rows above and below
 * each small line are looked at again at twice that size, by contrast, as the contrast path looks at the frame. A line
 * of three letters or more there is kept when it stands as a block with the line found (left edges or middles within
 * two line heights of each other), is no more than LIKE times as tall and not much shorter. `grey` decodes the frame in grey at a given width.
 */
export async function linesBeside(
  found: TextRegion[],
  frame: { width: number; height: number; sourceWidth: number },
  contrast: StrokeContrast,
  grey: (width: number) => Promise<Uint8Array>,
): Promise<LineBeside[]> {
  const small = rowsOf(found.filter((r) => !r.lightBackground && r.line <= SMALL_LINE)).filter((r) => r.width >= WORDS * r.line);
  const factor = Math.min(FINER, frame.sourceWidth / frame.width);
  if (!small.length || factor < 1.5) return [];
  const W = Math.round(frame.width * factor);
  const H = Math.round(frame.height * factor);
  const data = await grey(W);
  const out: LineBeside[] = [];
  for (const r of small) {
    for (const top of [r.top - BAND * r.line, r.top + r.height]) {
      const rows = [Math.max(0, Math.round(top * factor)), Math.min(H, Math.round((top + BAND * r.line) * factor))];
      if (rows[1] - rows[0] < MIN_LETTER) continue;
      const band = data.subarray(rows[0] * W, rows[1] * W);
      for (const line of bandLines(band, W, rows[1] - rows[0], r.line * factor * LIKE, contrast, factor)) {
        const region = toAnalysis(line, rows[0], factor);
        const taken = [...found, ...out.map((o) => o.region)].some((o) => boxOverlap(o, region) > 0);
        const long = region.width >= Math.max(LENGTH * r.width, LETTERS * region.line);
        if (taken || !long || !aligned(region, r)) continue;
        const pixels = line.members.flatMap((c) => [...c.pixels].map((i) => analysisIndex(i, W, rows[0], factor, frame.width)));
        out.push({ region: { ...region, line: Math.max(1, region.line) }, pixels });
      }
    }
  }
  return out;
}

/**
 * Lines of letters standing out in a band (light first; dark ones where no light line is), at the finer size, that
 * stand alone in it: at least CLEAR of the letter-sized shapes across the line's span are its own (a texture of
 * cells lines up as well as letters do, but its cells fill the band around the line too).
 */
function bandLines(band: Uint8Array, w: number, h: number, tallest: number, contrast: StrokeContrast, factor: number) {
  const [light, dark] = standOut(band, w, h, Math.round(contrast.surround * factor), contrast.level);
  const linesIn = (mask: Uint8Array, lightBackground: boolean) => {
    const shapes = components(mask, w, h).filter((c) => c.height >= MIN_LETTER && c.height <= tallest && c.width <= 3 * c.height);
    return linesOf(shapes)
      .filter((l) => l.members.length >= 3 && alone(l, shapes))
      .map((l) => ({ ...l, lightBackground }));
  };
  const lightLines = linesIn(light, false);
  return [...lightLines, ...linesIn(dark, true).filter((d) => !lightLines.some((l) => boxOverlap(l, d) > 0))];
}

/** Share of the letter-sized shapes across a line's span (the band's height) that are the line's own. */
const CLEAR = 0.6;

function alone(line: Box & { members: Component[] }, shapes: Component[]): boolean {
  const across = shapes.filter((c) => c.left < line.left + line.width && c.left + c.width > line.left);
  return line.members.length >= CLEAR * across.length;
}

/** A line of the finer band as a region of the analysis frame. */
function toAnalysis(line: Box & { lightBackground: boolean }, bandTop: number, factor: number): TextRegion {
  const left = Math.floor(line.left / factor);
  const top = Math.floor((line.top + bandTop) / factor);
  const width = Math.ceil((line.left + line.width) / factor) - left;
  const height = Math.ceil((line.top + bandTop + line.height) / factor) - top;
  return { left, top, width, height, line: Math.round(line.height / factor), lightBackground: line.lightBackground, byContrast: true };
}

/** The pixel of the analysis frame a band pixel falls in. */
function analysisIndex(i: number, w: number, bandTop: number, factor: number, analysisWidth: number): number {
  const x = Math.floor((i % w) / factor);
  const y = Math.floor((Math.floor(i / w) + bandTop) / factor);
  return y * analysisWidth + x;
}

/** How far apart two pieces of one small line may lie (line heights): a word or two the finder lost between them. */
const GAP = 6;

/**
 * The small lines, pieces found on one row joined: thin letters are lost at the analysis size, so a name may be found
 * as two pieces, each too short to count as words.
 */
function rowsOf(lines: TextRegion[]): TextRegion[] {
  const rows: TextRegion[] = [];
  for (const r of [...lines].sort((a, b) => a.left - b.left)) {
    const row = rows.find((o) => sameRow(o, r) && r.left - (o.left + o.width) <= GAP * Math.max(o.line, r.line));
    if (!row) rows.push({ ...r });
    else {
      growToHold(row, r);
      row.line = Math.min(row.line, r.line);
    }
  }
  return rows;
}

/** How far apart two lines of one block may be aligned, in line heights: a found line may have lost its first letter. */
const ALIGN = 2;

/** Two lines of one block: their left edges or their middles within ALIGN line heights of each other. */
function aligned(a: Box, b: TextRegion): boolean {
  const middle = (x: Box) => x.left + x.width / 2;
  return Math.abs(a.left - b.left) <= ALIGN * b.line || Math.abs(middle(a) - middle(b)) <= ALIGN * b.line;
}
