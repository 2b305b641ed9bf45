import { boxOverlap } from '../../imaging/box.js';
import type { TextLayer, TextRegion } from '../../imaging/text-layer.js';
import { MIN_CAPTION_CONFIDENCE, PROBE_CONFIDENCE } from './ocr.spec.js';
import { similarity } from './ocr-vote.js';
import { type ReadTrack, readAsText } from './same-caption.js';

/** A probe's box: the read region widened to this many of its widths about its middle (the next word may be longer). */
const WIDEN = 2;
/** Text read in at most this many samples changes fast (a word a half second); a caption that stays is found in its frames. */
const SHORT_LIVED = 2;

/**
 * Where a region read as text in one or two samples, the samples just before and after it in the same scene are read
 * at the same place when the finder found nothing there that read as text: one-word captions change every half
 * second, and a word of one or two letters, or one the finder misses in its frame, is still where the words before
 * and after it were. Each probe is a track of one sample, kept only where it reads new text surely enough
 * (keptProbes).
 */
export function textWhereTextWas(
  tracks: Array<ReadTrack<TextRegion>>,
  layers: TextLayer[],
  sceneOf: (sample: number) => number | undefined,
): Array<ReadTrack<TextRegion>> {
  const probes: Array<ReadTrack<TextRegion>> = [];
  for (const t of tracks) {
    if (t.samples.length > SHORT_LIVED || !readAsText(t)) continue;
    const first = t.samples[0];
    const last = t.samples[t.samples.length - 1];
    for (const [s, from] of [
      [first - 1, first],
      [last + 1, last],
    ]) {
      if (s < 0 || s >= layers.length || sceneOf(s) !== sceneOf(from)) continue;
      const region = widened(t.boxes[t.samples.indexOf(from)], layers[s]);
      const found = (b: TextRegion) => boxOverlap(b, region) > 0;
      if (probes.some((p) => p.samples[0] === s && found(p.region))) continue;
      // A region there read as text is that sample's caption; one read as nothing (a speck of the picture) is not.
      if (tracks.some((o) => o.samples.includes(s) && o.boxes.some(found) && readAsText(o))) continue;
      probes.push({ region, samples: [s], boxes: [region], readings: [] });
    }
  }
  return probes;
}

/** A probe's reading is kept when it is PROBE_CONFIDENCE sure. */
export function sureProbe(probe: ReadTrack<TextRegion>): boolean {
  const lines = probe.readings.flatMap((r) => r.lines);
  return lines.length > 0 && lines.reduce((s, l) => s + l.confidence, 0) / lines.length >= PROBE_CONFIDENCE;
}

/** Lines this alike (ocr-vote.ts `similarity`) say the same. */
const SAME_TEXT = 0.5;

/**
 * The probes worth keeping: sure (sureProbe), and saying what no line of their scene read as surely as a caption
 * (MIN_CAPTION_CONFIDENCE) says. A probe that reads a caption read elsewhere (the finder missed it in one frame of a
 * moving picture) would only join that caption's vote, a single reading without the others' margins: it changed words
 * there ("OLÁ" read "OLA"). A line read less surely is no caption to join: "ah", read at 0.51 in a fractal's fringe,
 * hid the pop "A" that a probe beside it read at 0.97.
 */
export function keptProbes(
  probes: Array<ReadTrack<TextRegion>>,
  tracks: Array<ReadTrack<TextRegion>>,
  sceneOf: (sample: number) => number | undefined,
): Array<ReadTrack<TextRegion>> {
  const linesOf = (t: ReadTrack<TextRegion>, least = 0) =>
    t.readings.flatMap((r) => r.lines.filter((l) => l.confidence >= least).map((l) => l.text.toLowerCase()));
  return probes.filter((p) => {
    if (!sureProbe(p)) return false;
    const known = tracks.filter((t) => sceneOf(t.samples[0]) === sceneOf(p.samples[0])).flatMap((t) => linesOf(t, MIN_CAPTION_CONFIDENCE));
    return !linesOf(p).some((line) => known.some((k) => similarity(line, k) >= SAME_TEXT));
  });
}

function widened(box: TextRegion, layer: TextLayer): TextRegion {
  const width = Math.min(layer.width, Math.round(box.width * WIDEN));
  const left = Math.max(0, Math.min(layer.width - width, Math.round(box.left + box.width / 2 - width / 2)));
  return { ...box, left, width };
}
