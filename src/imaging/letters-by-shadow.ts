/**
 * Light letters with a drop shadow where they run over a part of the picture as light as they are (white letters
 * over a white bar): there the letters and the picture are one light shape, and only the shadow shows where the
 * letters are. A drop shadow is the letters moved by one offset, so walking from a letter pixel along that offset
 * leaves the letter straight into its shadow; walking from the picture, it meets no shadow (or only after crossing a
 * letter). The offset and the letters' thickness along it are read off the line's letters found elsewhere in the crop.
 */

import type { Component } from './components.js';
import { shadowReach } from './drop-shadow.js';
import { histogramMedian } from './histogram-quantile.js';
import { luma } from './rgb.js';
import { thicknessAlong, unitStep } from './shadow-walk.js';

/** The shadow's side of the letters is at most this bright against the opposite side (an outline is dark on both sides: about 1). */
const ONE_SIDED = 0.75;
/** The letters' median brightness (0-255) at least: light letters (white, yellow; red letters are about 100). */
const LIGHT_LETTERS = 180;
/** Their shadow side's mean brightness against theirs, at most: a shadow is dark, not a darker colour of the picture. */
const SHADOW_DARK = 0.5;
/** Levels a luma worked out from a pixel's colour may lie above sharp's grey of it. */
const LUMA_SLACK = 8;
/** A shape's pixels are as light as the letters at this share of their brightness (a white bar behind white letters). */
const AS_LIGHT = 0.9;
/** An even light shape's brightness spreads (standard deviation, 0-255) this much at most (letters over a white bar: about 2; a bright photo 10-12). */
const EVEN = 6;
/** Letter pixels the offsets are tried on, at most (a sample of them, evenly spread). */
const SAMPLED = 3000;
/** Letter pixels at the side an offset leaves them by, at least, to judge it. */
const LEAST_EDGE = 40;
/** Steps a shadow's band may be wider than its offset (its edges blurred). */
const BLUR = 2;

/** How a crop's light letters cast their shadow: the offset (crop pixels) and how far a walk may go inside a letter. */
export interface CastShadow {
  dx: number;
  dy: number;
  /** Steps (of one pixel along the offset) from a letter pixel to its shadow, at most. */
  walk: number;
  /** Pixels darker than this (0-255) are shadow: midway between the letters' median brightness and their shadow side's mean. */
  dark: number;
}

/**
 * The light `letters`' (0/1) median brightness over `grey` (one byte a pixel every `channels`), or null when they are
 * too few or not light (LIGHT_LETTERS). One pass, counted in a histogram.
 */
export function lightLetters(letters: Uint8Array, grey: Uint8Array, channels: number): number | null {
  const { median, n } = lettersMedian(letters, (i) => grey[i * channels]);
  return n >= LEAST_EDGE && median >= LIGHT_LETTERS ? median : null;
}

/**
 * Whether `letters` (0/1) of these colours (`rgb`, 3 bytes a pixel) may be light: their median luma at least
 * LIGHT_LETTERS less a few levels (sharp's grey of the same pixels differs from it by a few). Asked before a crop's grey
 * is made for it alone: letters found by their hue are most often not light.
 */
export function mayBeLight(letters: Uint8Array, rgb: Uint8Array): boolean {
  const { median, n } = lettersMedian(letters, (i) => Math.round(luma(rgb, 3 * i)));
  return n >= LEAST_EDGE && median >= LIGHT_LETTERS - LUMA_SLACK;
}

/** The median of the letters' pixels' `level` (0-255), counted in a histogram, and how many pixels there are. */
function lettersMedian(letters: Uint8Array, level: (i: number) => number): { median: number; n: number } {
  const counts = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < letters.length; i++)
    if (letters[i]) {
      counts[level(i)]++;
      n++;
    }
  return { median: histogramMedian(counts, n), n };
}

/** The least brightness (0-255) of a part of the picture as light as letters `bright`. */
export function asLightAs(bright: number): number {
  return AS_LIGHT * bright;
}

/** Whether a light shape's `pixels` are even: a bar or a wall, not a picture's light part with details of its own. */
export function isEven(grey: Uint8Array, channels: number, pixels: Int32Array): boolean {
  let [sum, squares] = [0, 0];
  for (const i of pixels) {
    const v = grey[i * channels];
    sum += v;
    squares += v * v;
  }
  return squares / pixels.length - (sum / pixels.length) ** 2 <= EVEN ** 2;
}

/**
 * The drop shadow of the crop's light `letters` (0/1, `bright`: lightLetters) over `grey`, `line` pixels high: the
 * offset whose side of the letters is darkest against its opposite side (ONE_SIDED) and dark (SHADOW_DARK), or null
 * when no side is.
 */
export function castShadow(
  letters: Uint8Array,
  bright: number,
  grey: Uint8Array,
  channels: number,
  w: number,
  h: number,
  line: number,
): CastShadow | null {
  const reach = shadowReach(line);
  const all: number[] = [];
  for (let i = 0; i < letters.length; i++) if (letters[i]) all.push(i);
  const step = Math.max(1, Math.floor(all.length / SAMPLED));
  const pixels = step === 1 ? all : all.filter((_, k) => k % step === 0);
  // The mean brightness of the pixels one offset beyond the letters' edge on that side, for every offset.
  const side = (2 * reach + 1) ** 2;
  const sums = new Float64Array(side);
  const counts = new Float64Array(side);
  for (const p of pixels) {
    const [x, y] = [p % w, (p / w) | 0];
    for (let dy = -reach; dy <= reach; dy++) {
      if (y + dy < 0 || y + dy >= h) continue;
      for (let dx = -reach; dx <= reach; dx++) {
        const q = p + dy * w + dx;
        if (x + dx < 0 || x + dx >= w || letters[q]) continue;
        const k = (dy + reach) * (2 * reach + 1) + dx + reach;
        sums[k] += grey[q * channels];
        counts[k]++;
      }
    }
  }
  const beyondEdge = (dx: number, dy: number) => {
    const k = (dy + reach) * (2 * reach + 1) + dx + reach;
    return { mean: counts[k] ? sums[k] / counts[k] : 0, n: counts[k] };
  };
  let best: { dx: number; dy: number; dark: number; ratio: number } | null = null;
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx++) {
      if (!dx && !dy) continue;
      const near = beyondEdge(dx, dy);
      const opposite = beyondEdge(-dx, -dy);
      if (near.n < LEAST_EDGE || opposite.n < LEAST_EDGE || !opposite.mean) continue;
      const ratio = near.mean / opposite.mean;
      if (near.mean <= SHADOW_DARK * bright && (!best || ratio < best.ratio)) best = { dx, dy, dark: (bright + near.mean) / 2, ratio };
    }
  if (!best || best.ratio > ONE_SIDED) return null;
  const walk = thicknessAlong(letters, w, h, best.dx, best.dy);
  return walk ? { dx: best.dx, dy: best.dy, walk, dark: best.dark } : null;
}

/**
 * The pixels of the light `shapes` (the letters merged with a part of the picture) that are letters by their shadow:
 * from each, a walk along the shadow's offset reaches a shadow pixel (`shadow.dark`) within `shadow.walk` steps (the
 * letters' blurred edges lie between them and the shadow), inside the shape's box (a dark part of the picture beyond the
 * shape's edge is no shadow of letters on it), and the shadow ends within its offset's width (BLUR more).
 */
export function lettersByShadow(shapes: Component[], grey: Uint8Array, channels: number, w: number, shadow: CastShadow): Uint8Array {
  const out = new Uint8Array(grey.length / channels);
  const [ux, uy] = unitStep(shadow.dx, shadow.dy);
  const band = Math.max(Math.abs(shadow.dx), Math.abs(shadow.dy)) + BLUR;
  const dark = (q: number) => grey[q * channels] < shadow.dark;
  for (const s of shapes) {
    // The pixel t steps on from (x0, y0), or -1 off the shape's box.
    const at = (x0: number, y0: number, t: number) => {
      const x = Math.round(x0 + t * ux);
      const y = Math.round(y0 + t * uy);
      return x < s.left || x >= s.left + s.width || y < s.top || y >= s.top + s.height ? -1 : y * w + x;
    };
    for (const p of s.pixels) {
      const [x0, y0] = [p % w, (p / w) | 0];
      for (let t = 1; t <= shadow.walk; t++) {
        const q = at(x0, y0, t);
        if (q < 0) break;
        if (!dark(q)) continue;
        // A shadow is a band as wide as its offset with light beyond it; a dark part of the picture goes on.
        for (let u = t + 1; u <= t + band; u++) {
          const r = at(x0, y0, u);
          if (r < 0) break;
          if (!dark(r)) {
            out[p] = 1;
            break;
          }
        }
        break;
      }
    }
  }
  return out;
}
