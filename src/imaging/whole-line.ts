import { growToHold, sharesRows, spanGrown } from './box.js';
import type { Component } from './components.js';
import type { TextRegion } from './text-layer.js';

/** How far (line heights) the next stroke of a line may lie from the region's end: a word space, with a letter or two lost. */
const NEXT_STROKE = 2;

/**
 * Regions of text found by contrast grown along their own row while the row beside them holds letter-sized strokes
 * of either polarity: a caption's line continues where its letters stop standing out by one polarity (yellow letters
 * crossing a white stripe keep only their dark outline there), and a region that holds part of the line would cut
 * its crop short of the rest. Regions that then overlap on one row are one line.
 */
export function wholeLines(regions: TextRegion[], strokes: Component[]): TextRegion[] {
  // The width each line was found with: grown along the row, the ground between cyan letters (found as redder than
  // the letters around it) is as wide as the letters' own line.
  const found = new Map<TextRegion, number>();
  const grown = regions.map((r) => {
    const whole = alongTheRow(r, strokes);
    found.set(whole, r.width);
    return whole;
  });
  const out: TextRegion[] = [];
  for (const r of grown.sort((a, b) => a.left - b.left)) {
    const same = out.find((p) => p.lightBackground === r.lightBackground && sameRow(p, r) && r.left <= p.left + p.width);
    if (!same) {
      out.push(r);
      continue;
    }
    // A line joined from lines found in other ways is read the way its wider part was found; its crop tries the others.
    same.hues = [...(same.hues ?? [same.hue ?? null]), r.hue ?? null];
    if ((found.get(r) ?? 0) > (found.get(same) ?? 0)) {
      same.hue = r.hue;
      found.set(same, found.get(r) ?? 0);
    }
    growToHold(same, r);
    same.line = Math.min(same.line, r.line);
  }
  return out;
}

/** Two lines of one row: overlapping on at least half the smaller one's rows, of like line height. */
export function sameRow(a: TextRegion, b: TextRegion): boolean {
  return sharesRows(a, b) && Math.min(a.line, b.line) >= 0.6 * Math.max(a.line, b.line);
}

/** `region` widened, left and right, over strokes of its letters' height whose middle lies in its band. */
function alongTheRow(region: TextRegion, strokes: Component[]): TextRegion {
  const line = region.line;
  const [top, bottom] = [region.top, region.top + region.height];
  const row = strokes.filter((c) => {
    const middle = c.top + c.height / 2;
    return c.height >= 0.4 * line && c.height <= 1.3 * line && c.width <= 3 * line && middle >= top && middle <= bottom;
  });
  const { left, right } = spanGrown(region.left, region.left + region.width, row, NEXT_STROKE * line);
  return { ...region, left, width: right - left };
}
