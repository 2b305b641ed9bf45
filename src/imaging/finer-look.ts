import { boxOverlap, sharesRows } from './box.js';
import { SMALL_LINE } from './lines-beside.js';
import { maskBit, setMaskBit, type TextLayer, type TextRegion } from './text-layer.js';

/** Source pixels an analysis pixel holds at least for a finer look to see more. */
const FINER_SOURCE = 1.5;
/**
 * The most lines the finer look may find for any to be taken: a caption is a line or a few, while texture the analysis
 * size averages out (cells, foliage, a crowd) comes back at twice the size as letter-sized shapes lined up everywhere.
 */
const FEW_LINES = 3;

/**
 * Whether a frame whose layer is `layer` is looked at again at twice its size: only lines under SMALL_LINE or none were
 * found, and the source has the pixels. Small thin letters (a monospaced lower third, a name in a thin sans over a dark
 * picture) are thinner than a pixel at the analysis size, so they blur away or break into specks there.
 */
export function wantsFinerLook(layer: TextLayer): boolean {
  return layer.scale >= FINER_SOURCE && layer.regions.every((r) => r.line < SMALL_LINE);
}

/**
 * `coarse` with the lines the finer look (`finer`, the same frame's layer at twice its size) found on rows where it
 * found none, at most `limit` regions; none where the finer look found more than FEW_LINES. What it found stays as it
 * was, its mask too: a region found both ways was read better at the analysis size on the caption families, and a mask
 * changed by the finer look would split the caption's track from the samples where no finer look was taken. The added
 * lines' mask is the finer one's, two by two pixels into one.
 */
export function withFinerLines(coarse: TextLayer, finer: TextLayer, limit: number): TextLayer {
  if (finer.regions.length > FEW_LINES) return coarse;
  const added = finer.regions
    .map((r) => halvedRegion(r, coarse.width, coarse.height))
    .filter((r) => !coarse.regions.some((c) => sharesRows(c, r) || boxOverlap(c, r) > 0));
  if (!added.length) return coarse;
  const mask = coarse.mask.slice();
  const finerBit = (x: number, y: number) => (x < finer.width && y < finer.height ? maskBit(finer.mask, y * finer.width + x) : 0);
  for (const r of added)
    for (let y = r.top; y < r.top + r.height; y++)
      for (let x = r.left; x < r.left + r.width; x++)
        if (finerBit(2 * x, 2 * y) | finerBit(2 * x + 1, 2 * y) | finerBit(2 * x, 2 * y + 1) | finerBit(2 * x + 1, 2 * y + 1))
          setMaskBit(mask, y * coarse.width + x);
  return { ...coarse, mask, regions: [...coarse.regions, ...added].slice(0, limit) };
}

/** A region of the finer layer at the coarse one's size: its box grown to whole pixels, its line halved. */
function halvedRegion(r: TextRegion, width: number, height: number): TextRegion {
  const left = Math.floor(r.left / 2);
  const top = Math.floor(r.top / 2);
  const right = Math.min(width, Math.ceil((r.left + r.width) / 2));
  const bottom = Math.min(height, Math.ceil((r.top + r.height) / 2));
  return { ...r, left, top, width: right - left, height: bottom - top, line: r.line / 2 };
}
