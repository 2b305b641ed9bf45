import { fft } from './fft.js';

/** 128 ms frames at 16 kHz: fine enough (7.8 Hz bins) to tell a held note from the moving harmonics of a voice. */
const SIZE = 2048;
const HOP = SIZE / 4;
const BINS = SIZE / 2 + 1;
/** A bin's music level is its median over 3 s: a note held for a beat or more, where a voice's harmonics move on. */
const WINDOW_FRAMES = Math.round((3 * 16000) / HOP / 2);
/** The median is taken off at this strength; what is left of a bin never falls under `FLOOR` of it (20 dB down). */
const STRENGTH = 1;
const FLOOR = 0.1;
/** Audio is worked on in blocks (bounded memory), each with enough context on both sides for its medians. */
const BLOCK = 20 * 16000;
const MARGIN = WINDOW_FRAMES * HOP + SIZE;

const window = Float64Array.from({ length: SIZE }, (_, i) => Math.sin((Math.PI * (i + 0.5)) / SIZE));

/**
 * Takes the sustained tones of a music bed (held chords, pads, a bass note: frequencies that keep their level
 * for seconds) out of 16 kHz mono audio, leaving speech, whose harmonics glide and stop within a syllable.
 * Per frequency bin of a short-time spectrum, the bed's level is the bin's median magnitude over 3 s, and
 * that much is subtracted from the bin (spectral subtraction, like HPSS's harmonic part taken away). Reads
 * `source` from `from` to `to` (sample indices) and writes the same range of `target`.
 */
export function removeSustainedTones(source: Int16Array, target: Int16Array, from = 0, to = source.length): void {
  for (let start = from; start < to; start += BLOCK) {
    const end = Math.min(to, start + BLOCK);
    const lo = Math.max(0, start - MARGIN);
    const hi = Math.min(source.length, end + MARGIN);
    const cleaned = filterBlock(source.subarray(lo, hi));
    for (let k = start; k < end; k++) target[k] = Math.max(-32768, Math.min(32767, Math.round(cleaned[k - lo])));
  }
}

function filterBlock(x: Int16Array): Float64Array {
  const frames = Math.ceil((x.length + SIZE) / HOP);
  const re = new Float32Array(frames * BINS);
  const im = new Float32Array(frames * BINS);
  const fr = new Float64Array(SIZE);
  const fi = new Float64Array(SIZE);
  for (let f = 0; f < frames; f++) {
    const offset = f * HOP - SIZE;
    for (let i = 0; i < SIZE; i++) {
      const k = offset + i;
      fr[i] = k >= 0 && k < x.length ? x[k] * window[i] : 0;
      fi[i] = 0;
    }
    fft(fr, fi);
    re.set(fr.subarray(0, BINS), f * BINS);
    im.set(fi.subarray(0, BINS), f * BINS);
  }
  const gains = sustainedGains(re, im, frames);
  const out = new Float64Array(x.length);
  const weight = new Float64Array(x.length);
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < BINS; b++) {
      const g = gains[f * BINS + b];
      fr[b] = re[f * BINS + b] * g;
      fi[b] = im[f * BINS + b] * g;
      if (b > 0 && b < SIZE / 2) {
        fr[SIZE - b] = fr[b];
        fi[SIZE - b] = -fi[b];
      }
    }
    fft(fr, fi, true);
    const offset = f * HOP - SIZE;
    for (let i = 0; i < SIZE; i++) {
      const k = offset + i;
      if (k < 0 || k >= x.length) continue;
      out[k] += (fr[i] / SIZE) * window[i];
      weight[k] += window[i] * window[i];
    }
  }
  for (let k = 0; k < out.length; k++) out[k] = weight[k] > 1e-9 ? out[k] / weight[k] : 0;
  return out;
}

/** Per frame and bin, the gain that takes the bin's running median (its sustained level) off its magnitude. */
function sustainedGains(re: Float32Array, im: Float32Array, frames: number): Float32Array {
  const gains = new Float32Array(frames * BINS);
  const magnitude = new Float32Array(frames);
  const sorted = new Float32Array(2 * WINDOW_FRAMES + 1);
  for (let b = 0; b < BINS; b++) {
    for (let f = 0; f < frames; f++) {
      const x = re[f * BINS + b];
      const y = im[f * BINS + b];
      magnitude[f] = Math.sqrt(x * x + y * y); // Math.hypot's overflow care costs time these float32 values never need
    }
    let size = 0;
    // The window kept sorted: a binary search for the place, a native move for the rest.
    const placeOf = (v: number) => {
      let lo = 0;
      let hi = size;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const insert = (v: number) => {
      const i = placeOf(v);
      sorted.copyWithin(i + 1, i, size++);
      sorted[i] = v;
    };
    const remove = (v: number) => {
      const i = placeOf(v);
      sorted.copyWithin(i, i + 1, size--);
    };
    for (let f = 0; f < Math.min(frames, WINDOW_FRAMES); f++) insert(magnitude[f]);
    for (let f = 0; f < frames; f++) {
      if (f - WINDOW_FRAMES - 1 >= 0) remove(magnitude[f - WINDOW_FRAMES - 1]);
      if (f + WINDOW_FRAMES < frames) insert(magnitude[f + WINDOW_FRAMES]);
      const median = sorted[(size - 1) >> 1];
      const m = magnitude[f];
      gains[f * BINS + b] = m > 0 ? Math.max(FLOOR, 1 - (STRENGTH * median) / m) : 0;
    }
  }
  return gains;
}
