import type { OcrLine } from '../../engines/ocr/ocr-engine.port.js';
import { type Box, growToHold } from '../../imaging/box.js';
import type { CropPlace } from '../../imaging/text-layer.js';
import { MIN_WORD_CONFIDENCE } from './ocr.spec.js';
import type { Reading } from './ocr-vote.js';

type LineBox = Box & { line: number };

/**
 * Where the words read in a crop lie on the frame, in the layer's analysis pixels: the box of its words of letters or
 * digits read sure enough; null when none has a box. Not the region's own box: that is where the finder saw the text
 * and whatever of the picture it joined to it, and over a zoom or a pan the picture moves while the caption stays
 * ("hola a todos" found from x 25 to 85 in six samples, and dropped as text of the scene).
 */
export function placeOfWords(lines: OcrLine[], crop: CropPlace): Box | null {
  const boxes = lines.flatMap((l) =>
    l.words.flatMap((w) => (w.box && w.confidence >= MIN_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text) ? [w.box] : [])),
  );
  if (!boxes.length) return null;
  const words = { ...boxes[0] };
  for (const b of boxes) growToHold(words, b);
  const [sx, sy] = [crop.box.width / crop.width, crop.box.height / crop.height];
  return { left: crop.box.left + words.left * sx, top: crop.box.top + words.top * sy, width: words.width * sx, height: words.height * sy };
}

/**
 * Where a track's words were in the samples it was read in (its first and last among them), with its region's line
 * there; where no reading placed its words, where its region was found.
 */
export function wordPlaces(track: { samples: number[]; boxes: LineBox[]; readings: Reading[] }): {
  samples: number[];
  boxes: LineBox[];
} {
  const placed = new Map<number, Box>();
  for (const r of track.readings) if (r.place && r.sample !== undefined && !placed.has(r.sample)) placed.set(r.sample, r.place);
  if (!placed.size) return { samples: track.samples, boxes: track.boxes };
  const samples = track.samples.filter((s) => placed.has(s));
  return { samples, boxes: samples.map((s) => ({ ...placed.get(s)!, line: track.boxes[track.samples.indexOf(s)].line })) };
}
