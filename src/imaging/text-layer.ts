import type { Box } from './box.js';

/** Where a frame may carry a caption (analysis pixels), as findTextLayer (text-regions.ts) finds it. */
export interface TextRegion extends Box {
  /** Most of the box bright: dark text on a light box or page, else light text. */
  lightBackground: boolean;
  /** Height of its shortest line (analysis pixels): sets the crop's margins and zoom. */
  line: number;
  /** Found by its contrast, not its brightness (byContrast): light text is split from the crop at the crop's own level. */
  byContrast?: boolean;
  /** Dark letters found by contrast with no box of their own (byContrast): on the picture, so their line may go on past the crop. */
  darkOnPicture?: boolean;
  /**
   * Dark letters on the picture whose light outline stands out of it only in pieces (byContrast): a picture as light as
   * the outline lies around it in places, and dark parts of the picture beside those places touch the letters at any
   * one grey level, so their ink is what stands out of the picture around it.
   */
  lightOutline?: boolean;
  /** Found by its hue (colour-contrast.ts): its letters' colour (RGB), which tells them in the crop. */
  hue?: number[];
  /**
   * Joined from lines found in other ways on its row (whole-line.ts): each line's hue, or null for one found by its
   * brightness contrast; the crop tries each. The ground between light cyan letters over skin stands out as redder
   * than the letters around it, a line as wide as theirs.
   */
  hues?: Array<number[] | null>;
}

/** A frame's caption layer at analysis scale: the opened bright mask and the regions in it. */
export interface TextLayer {
  width: number;
  height: number;
  /** Source pixels per analysis pixel. */
  scale: number;
  /** The full-size frame's size (pixels): where crops are cut from. */
  sourceWidth: number;
  sourceHeight: number;
  /**
   * What the text regions show, to tell a caption that stays from one that changes: letter-sized bright strokes, and
   * the dark ink inside light boxes. One bit a pixel (pixel i is bit i % 8 of byte i / 8): a step holds every
   * sample's layer, and a byte a pixel was 29 MB on a 3-minute clip, a share of the worker's peak RSS.
   */
  mask: Uint8Array;
  /** In analysis pixels. */
  regions: TextRegion[];
}

/**
 * Where a crop was cut: its box in the layer's analysis pixels (those of its regions) and its own size in pixels, to
 * place what is read in it on the frame.
 */
export interface CropPlace {
  box: Box;
  width: number;
  height: number;
}

/** What cutting a crop needs of a layer: the sizes, not the mask. */
export type LayerScale = Pick<TextLayer, 'scale' | 'sourceWidth' | 'sourceHeight'>;

/** A 0/1 mask, a byte a pixel, packed a bit a pixel as TextLayer.mask holds it. */
export function packedMask(mask: Uint8Array): Uint8Array {
  const bits = new Uint8Array(Math.ceil(mask.length / 8));
  for (let i = 0; i < mask.length; i++) bits[i >> 3] |= mask[i] << (i & 7);
  return bits;
}

/** Pixel `i` of a layer's mask (TextLayer.mask): 0 or 1. */
export function maskBit(mask: Uint8Array, i: number): number {
  return (mask[i >> 3] >> (i & 7)) & 1;
}

/** Sets pixel `i` of a layer's mask (TextLayer.mask). */
export function setMaskBit(mask: Uint8Array, i: number): void {
  mask[i >> 3] |= 1 << (i & 7);
}

/**
 * Layers found in one video's frames (one source size), by the bytes of the grey copy they were found in: samples
 * of a still shot or a slide held for seconds are the same bytes, and a layer depends on nothing else, so it is
 * found once. One cache per video.
 */
export type TextLayerCache = Map<string, TextLayer>;

/**
 * How much of `a`'s and `b`'s masks agree inside a box, band by band of `line` rows (its least, over the bands that
 * hold ink): 1 when the same caption is still shown. By bands, as a box can be much taller than its caption: a light
 * picture taken for a box holds more ink of its own than a changed caption line takes.
 */
export function sameContent(a: TextLayer, b: TextLayer, box: Box, line = box.height): number {
  if (a.width !== b.width || a.height !== b.height) return 0;
  const rows = Math.max(1, Math.round(line));
  let all = { both: 0, either: 0 };
  let least = Number.POSITIVE_INFINITY;
  for (let top = box.top; top < box.top + box.height; top += rows) {
    const band = { both: 0, either: 0 };
    for (let y = top; y < Math.min(top + rows, box.top + box.height); y++) {
      for (let x = box.left; x < box.left + box.width; x++) {
        const i = y * a.width + x;
        // maskBit by hand: the call measured 2-14% slower in this loop.
        const p = (a.mask[i >> 3] >> (i & 7)) & 1;
        const q = (b.mask[i >> 3] >> (i & 7)) & 1;
        band.both += p & q;
        band.either += p | q;
      }
    }
    all = { both: all.both + band.both, either: all.either + band.either };
    if (band.either >= BAND_INK * rows * rows) least = Math.min(least, band.both / band.either);
  }
  if (Number.isFinite(least)) return least;
  return all.either ? all.both / all.either : 1;
}

/** Ink a band needs to be judged on its own (a share of a square of its rows: about a letter's strokes). */
const BAND_INK = 0.5;
