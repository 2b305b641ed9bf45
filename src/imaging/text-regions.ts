import fs from 'node:fs/promises';
import { type Box, boxOverlap, growToHold, holds, sharesRows, spanGrown } from './box.js';
import { boxInside } from './box-core.js';
import { CHROMA, colourContrastMasks, colourOfItsSurroundings, hueOfLine, hueOfPixels } from './colour-contrast.js';
import { withColourCore } from './colour-core.js';
import { type Component, components, enclosedShare } from './components.js';
import { lettersOverShadow } from './drop-shadow.js';
import { wantsFinerLook, withFinerLines } from './finer-look.js';
import { halved } from './halved.js';
import { joinedLightStrokes } from './joined-strokes.js';
import { linesOf } from './letter-lines.js';
import { asLightAs, castShadow, isEven, lettersByShadow, lightLetters, mayBeLight } from './letters-by-shadow.js';
import { type CroppedLetters, lineBeyondCrop, lineCover, moreWholeLetters } from './line-beyond-crop.js';
import { linesBeside } from './lines-beside.js';
import { overALetter } from './mark-over-letter.js';
import { median } from './median.js';
import { openedLetters } from './opened-letters.js';
import { otsu } from './otsu.js';
import { lettersInsideOutline, ofTheLettersColour } from './ring-letters.js';
import { standOut, standOutNear } from './stand-out.js';
import { colourKey, inkOffBackground, inkOffSurroundings, inkOfLetterColour, letterColourKey, within } from './text-colour.js';
import { type CropPlace, type LayerScale, packedMask, type TextLayer, type TextRegion } from './text-layer.js';
import { wholeLines } from './whole-line.js';

/**
 * Where a frame may carry captions, found cheaply (a few milliseconds per frame) so that OCR reads small
 * crops instead of whole frames: tesseract on a full frame of dense texture (foliage, a crowd, cellular
 * patterns) can take half a minute, on a caption crop a fraction of a second.
 *
 * Captions are bright, thick strokes (white or yellow text, with an outline or on a box) or dark text on a
 * bright box. On a frame shrunk so its shorter side is ANALYSIS_SIDE, bright pixels are kept, then an opening (erode, dilate)
 * drops everything thinner than a stroke: fine texture averages out in the shrink or vanishes in the
 * opening, text survives. Rows with enough of what is left form bands; each band's columns form boxes.
 */
export const ANALYSIS_SIDE = 360;
const BRIGHT = 190;
const MAX_REGIONS = 6;
/** Letters shorter than this (analysis pixels, 1.4% of the width) are too small to read. */
const MIN_LETTER = 5;
/** Letter candidates linked into lines per frame, the biggest first: bounds the pairwise linking on busy frames. */
const MAX_LETTERS = 1500;

/**
 * The caption layer of `file` (the full-size frame). With `gray`, a binary PGM (its path or its bytes) of the same frame already shrunk
 * to the analysis size (ffmpeg writes it in its decoding pass), no JPEG is decoded here unless no bright line is
 * found (byContrast needs the colours): decoding costs more CPU than all the rest of the analysis. Where only small lines
 * or none are found, the frame is looked at again at twice the size and the lines found there on other rows are added
 * (finer-look.ts). Layers seen before are cached by the caller (engines/ocr's adapter).
 */
export async function findTextLayer(file: string, gray?: string | Uint8Array): Promise<TextLayer> {
  const grayBytes = typeof gray === 'string' ? await fs.readFile(gray) : gray;
  let frame: { data: Uint8Array; width: number; height: number } | null = grayBytes ? readPgm(grayBytes) : null;
  const sharp = (await import('sharp')).default;
  const meta = await sharp(file).metadata();
  const source = { width: meta.width ?? ANALYSIS_SIDE, height: meta.height ?? ANALYSIS_SIDE };
  if (!frame) {
    const shrink = Math.min(1, ANALYSIS_SIDE / Math.min(source.width, source.height));
    const width = Math.round(source.width * shrink);
    const data = await greyAt(file, width);
    frame = { data, width, height: data.length / width };
  }
  const layer = await layerAt(file, frame, source);
  if (!wantsFinerLook(layer)) return layer;
  const data = await greyAt(file, 2 * frame.width);
  const finer = await layerAt(file, { data, width: 2 * frame.width, height: data.length / (2 * frame.width) }, source);
  return withFinerLines(layer, finer, MAX_REGIONS);
}

/**
 * The caption layer of `file` found on `frame`, its grey at the analysis size: bright lines first, then by contrast
 * where they are few or none.
 */
async function layerAt(
  file: string,
  frame: { data: Uint8Array; width: number; height: number },
  source: { width: number; height: number },
): Promise<TextLayer> {
  const { width, height } = frame;
  const sourceWidth = source.width;
  // A light blur: texture finer than the shrink (one-pixel cells) averages out below the bright threshold.
  const bright = brightAfterBlur(frame.data, width, height, BRIGHT);
  const found = regionsOf(bright, width, height);
  let rgb: Uint8Array | null = null;
  const colours = async () => (rgb ??= await rgbOf(file, width, height));
  let seen = !found.regions.length
    ? byContrast(frame.data, width, height, bright, await colours())
    : brightLinesShort(found)
      ? alsoByContrast(frame, bright, found, await colours())
      : found;
  if (nothingIn(seen)) seen = byWiderContrast(frame, await colours()) ?? seen;
  const { regions, content, pairs, tall } = seen;
  const words = wordsOf(seen, width, height);
  if (words !== regions)
    for (const p of [...pairs, ...tall].filter((q) => words.includes(q.region)))
      for (const letter of p.pixels) for (const i of letter) content[i] = 1;
  const contrast = { level: CONTRAST, surround: surroundOf(width, height) };
  const beside = await linesBeside(words, { width, height, sourceWidth }, contrast, (w) => greyAt(file, w));
  for (const b of beside) for (const i of b.pixels) content[i] = 1;
  const all = beside.length ? largest([...words, ...beside.map((b) => b.region)]) : words;
  return {
    width,
    height,
    scale: sourceWidth / width,
    sourceWidth,
    sourceHeight: source.height,
    mask: packedMask(content),
    regions: withoutPieces(all),
  };
}

/**
 * The regions without those lying wholly inside another of the same polarity: a piece of a line found whole (its serifs'
 * row, a word found by one kind of contrast and the line by another) is read whole in the larger crop, and read alone
 * it was a caption of its own beside it ("BEOT INI" beside "BEST IN TOWN"). Light text inside a light box stays (the box
 * is no line of it). Of two regions alike, the first stays.
 */
function withoutPieces(regions: TextRegion[]): TextRegion[] {
  return regions.filter(
    (r, i) => !regions.some((o, j) => j !== i && o.lightBackground === r.lightBackground && holds(o, r) && (!holds(r, o) || j < i)),
  );
}

/** The frame in grey, `width` pixels wide. */
async function greyAt(file: string, width: number): Promise<Uint8Array> {
  const sharp = (await import('sharp')).default;
  return sharp(file).resize({ width }).greyscale().extractChannel(0).raw().toBuffer();
}

/**
 * Two letters alone on a line as large as a one-word pop, or a line of letters taller than a caption line: a region
 * when the frame has no line of three letters of a caption's height (findTextLayer).
 */
interface LetterPair {
  region: TextRegion;
  pixels: Int32Array[];
}

/** Found regions of one kind of ink, with their letters as the content mask, and the large pairs left aside. */
interface Found {
  regions: TextRegion[];
  content: Uint8Array;
  pairs: LetterPair[];
  /** Lines of letters taller than a caption line (tallWords), kept aside as the pairs are. */
  tall: LetterPair[];
  /** Light boxes among the regions with no ink inside: a bright part of the picture as likely as a caption's box. */
  blank?: TextRegion[];
}

/**
 * The regions read: the lines, or only where no line of three letters stands anywhere (a light box with no ink in it
 * is no line: the grey patch of colour bars; a bright picture as big as the frame may be, its text read as a page's),
 * beside them two large letters alone or a line taller than any caption line (a one-word pop such as "DE", or a large
 * pop on a landscape frame). Taken beside lines, they were more often marks of the picture, and they kept the contrast
 * path away.
 */
function wordsOf(found: Found, w: number, h: number): TextRegion[] {
  const lines = found.regions.filter((r) => !found.blank?.includes(r) || isPage(r, w, h));
  return lines.length ? found.regions : largest([...found.regions, ...[...found.pairs, ...found.tall].map((p) => p.region)]);
}

/** Bright lines this short in all (line heights: each line's width over its height) may be fragments of a caption. */
const SHORT_LINES = 6;
/** A line found by contrast replaces the bright line on its rows when it is this much wider (it holds more of the line). */
const LONGER = 1.2;

/** No light box with ink in it, and the bright lines together shorter than SHORT_LINES line heights. */
function brightLinesShort(found: Found): boolean {
  const regions = found.regions.filter((r) => !found.blank?.includes(r));
  return !regions.some((r) => r.lightBackground) && regions.reduce((n, r) => n + r.width / r.line, 0) < SHORT_LINES;
}

/**
 * A frame whose bright lines are short (a few bright fragments of a yellow caption after the shrink, lamps or a
 * highlight lined up) looked at by contrast too (issue 39 item 3): a line found by contrast is taken where it is wider
 * than the bright line on its rows, or, on rows without one, where it is a caption's length itself (SHORT_LINES line
 * heights; shorter lines there were mostly the picture's). A bright line keeps its own crop where contrast finds no
 * more of it: the bright path's crop reads large outlined letters the contrast path's crop loses.
 */
function alsoByContrast(
  frame: { data: Uint8Array; width: number; height: number },
  bright: Uint8Array,
  found: Found,
  rgb: Uint8Array,
): Found {
  const contrast = byContrast(frame.data, frame.width, frame.height, bright, rgb);
  const added = contrast.regions.filter((r) => {
    const beside = found.regions.filter((b) => sharesRows(r, b));
    return beside.length ? beside.every((b) => r.width > LONGER * b.width) : r.width >= SHORT_LINES * r.line;
  });
  const kept = found.regions.filter((b) => !added.some((r) => sharesRows(r, b) || boxOverlap(r, b) > 0));
  orInto(contrast.content, found.content);
  const regions = largest([...kept, ...added]);
  const blank = found.blank?.filter((b) => regions.includes(b));
  return { regions, content: contrast.content, pairs: contrast.pairs, tall: contrast.tall, blank };
}

/** Nothing that stands out as text: no line, no large pair of letters, no tall word. */
function nothingIn(found: Found): boolean {
  return !found.regions.length && !found.pairs.length && !found.tall.length;
}

/**
 * A frame where nothing stands out as text looked at by contrast again, at half the analysis size against surroundings
 * twice as wide (as shares of the frame): large bold letters fill much of the usual square, so their own ink raises its
 * mean and they stand out of it in pieces or not at all (cyan bold pops over plain blue). At half the size, a quarter of
 * the pixels: a frame without text pays for this pass. Found regions and letters are given at the analysis size.
 */
function byWiderContrast(frame: { data: Uint8Array; width: number; height: number }, rgb: Uint8Array): Found | null {
  const { width, height } = frame;
  const [w, h] = [width >> 1, height >> 1];
  const grey = halved(frame.data, width, height, 1);
  const found = byContrast(grey, w, h, brightAfterBlur(grey, w, h, BRIGHT), halved(rgb, width, height, 3), 2 * surroundOf(w, h));
  return nothingIn(found) ? null : doubled(found, w, width, height);
}

/** What was found on the half-size frame (`w` wide) at the analysis size (`width` x `height`): each pixel two by two. */
function doubled(found: Found, w: number, width: number, height: number): Found {
  const region = (r: TextRegion): TextRegion => ({
    ...r,
    left: 2 * r.left,
    top: 2 * r.top,
    width: 2 * r.width,
    height: 2 * r.height,
    line: 2 * r.line,
  });
  // The analysis pixels of half-size pixel i: its 2 x 2 block.
  const block = (i: number): number[] => {
    const j = 2 * Math.floor(i / w) * width + 2 * (i % w);
    return [j, j + 1, j + width, j + width + 1];
  };
  const content = new Uint8Array(width * height);
  for (let i = 0; i < found.content.length; i++) if (found.content[i]) for (const j of block(i)) content[j] = 1;
  const pixels = (p: Int32Array) => Int32Array.from([...p].flatMap(block));
  const aside = (pairs: LetterPair[]) => pairs.map((p) => ({ region: region(p.region), pixels: p.pixels.map(pixels) }));
  return { regions: found.regions.map(region), content, pairs: aside(found.pairs), tall: aside(found.tall) };
}

/**
 * A frame where no bright stroke lines up as text: its text found by contrast instead (contrastMasks), light strokes
 * with the bright ones as light text, dark strokes as dark text on a light background. Only then, because bright
 * captions read best from the bright mask alone: the contrast masks also hold their outlines and shadows, and the
 * letters of signs and textures, which cost words when read with them.
 */
function byContrast(
  grey: Uint8Array,
  width: number,
  height: number,
  bright: Uint8Array,
  rgb: Uint8Array,
  surround = surroundOf(width, height),
): Found {
  const { light, dark, lightNear } = contrastMasks(grey, width, height, surround);
  orInto(light, bright);
  const lightText = regionsOf(light, width, height);
  // Lines of dark letters (dark text without a box of its own) are read as dark ink on a light background.
  const maxLine = maxLineOf(height);
  const darkComponents = components(dark, width, height);
  const darkLetters = darkComponents.filter((c) => isLetter(c, maxLine));
  const darkText = lineRegions(darkLetters, dark.length, true, pairLineOf(width, height));
  const darkTall = tallWords(
    darkComponents.filter((c) => !isLetter(c, maxLine) && isLetter(c, tallLineOf(height))),
    true,
  );
  const content = lightText.content;
  orInto(content, darkText.content);
  // Lines that stand out by hue only (colour-contrast.ts): yellow over a purple bar beside a white one, red as bright
  // as the picture around it. Read as light text, and joined with light lines on their row.
  const hued = colourContrastMasks(rgb, width, height, surround).map((m) => regionsOf(m, width, height));
  for (const h of hued) orInto(content, h.content);
  // Only lines with a colour of their own (ownHue).
  const huedLines = hued.flatMap((h, k) =>
    h.regions
      .filter((r) => !r.lightBackground)
      .map((r) => ({ ...r, hue: hueOfLine(rgb, h.content, width, r, k) }))
      .filter((r) => ownHue(rgb, width, height, r)),
  );
  const lightLines = withJoinedLines(lightText, huedLines, light, lightNear, width, height);
  for (const c of lightLines.letters) for (const i of c.pixels) content[i] = 1;
  // Dark strokes beside light letters are their outline or shadow: that text is read as light text.
  // A line goes on where its letters stand out by the other polarity only (whole-line.ts).
  const strokes = [...lightText.letters, ...lightLines.letters, ...darkLetters, ...hued.flatMap((h) => h.letters)];
  // Light boxes (a box or a page, its dark ink read) stay as found.
  const lines = [
    ...lightLines.regions.filter((r) => r.lightBackground),
    ...wholeLines([...lightLines.regions.filter((r) => !r.lightBackground), ...huedLines], strokes),
  ];
  const joinedLines = wholeLines(lightLines.added, strokes).filter((j) => !lines.some((r) => boxOverlap(r, j) > 0));
  const lightInk = [...lines, ...joinedLines, ...lightText.tall.map((t) => t.region)];
  const { darkLines, outlines } = darkLinesBeside(wholeLines(darkText.regions, strokes), lightInk);
  const notPiece = (r: TextRegion) => !outlines.some((d) => boxOverlap(r, d) > 0);
  // Lines only the joined mask finds take the places the others leave: on texture they were the picture's.
  const found = largest([...lines.filter(notPiece), ...darkLines]);
  const regions = largest([...found, ...largest(joinedLines.filter(notPiece), MAX_REGIONS - found.length)]);
  const aside = (found: LetterPair[]) => found.map((p) => ({ ...p, region: { ...p.region, byContrast: true } }));
  return {
    regions: regions.map((r) => ({ ...r, byContrast: true })),
    content,
    pairs: aside([...lightText.pairs, ...darkText.pairs]),
    tall: aside([...lightText.tall, ...darkTall, ...huedTall(hued, rgb, width, height)]),
  };
}

/**
 * The tall words (tallWords) the hue masks found, with their colour, as the light mask's are kept aside: a large pop
 * that stands out by its hue only (red over blue) has capitals and ascenders over a landscape line's limit.
 */
function huedTall(hued: Array<Found & { letters: Component[] }>, rgb: Uint8Array, width: number, height: number): LetterPair[] {
  return hued.flatMap((h, k) =>
    h.tall
      .map((p) => ({
        ...p,
        region: {
          ...p.region,
          hue: hueOfPixels(
            rgb,
            p.pixels.flatMap((l) => [...l]),
            k,
          ),
        },
      }))
      .filter((p) => ownHue(rgb, width, height, p.region)),
  );
}

/**
 * Whether a line found by its hue has a colour of its own: not grey (a dark outline standing out of a yellow picture),
 * and not the picture's around it (colour-contrast.ts).
 */
function ownHue(rgb: Uint8Array, width: number, height: number, r: Box & { line: number; hue: number[] }): boolean {
  return Math.max(...r.hue) - Math.min(...r.hue) >= CHROMA && !colourOfItsSurroundings(rgb, width, height, r, r.hue);
}

/**
 * The dark lines read beside the light ones (byContrast). Over light text (taller letters too: the shadow of a large pop)
 * a dark line is its outline or shadow, unless the light lines on it cover less than OUTLINED_PIECES of its width:
 * dark letters outlined in white over a picture as light as the outline (skin, a white wall) stand out whole as a dark
 * line, and their outline as light strokes only in pieces, where the picture beside it is dark. Such a line (`outlines`)
 * is read in place of those pieces.
 */
function darkLinesBeside(dark: TextRegion[], lightInk: TextRegion[]): { darkLines: TextRegion[]; outlines: TextRegion[] } {
  const [alone, outlines]: TextRegion[][] = [[], []];
  for (const d of dark) {
    const covered = lightInk.filter((r) => boxOverlap(r, d) > 0).reduce((sum, r) => sum + r.width, 0);
    if (covered === 0) alone.push(d);
    else if (covered < OUTLINED_PIECES * d.width) outlines.push(d);
  }
  const darkLines = [
    ...alone.map((d) => ({ ...d, darkOnPicture: true })),
    ...outlines.map((d) => ({ ...d, darkOnPicture: true, lightOutline: true })),
  ];
  return { darkLines, outlines };
}

/**
 * The share of a dark line's width under which the light lines on it are pieces of its letters' light outline
 * (byContrast): a yellow lower third outlined in black, found whole as light text, covers 0.7 of its outline's line
 * (caption families seed 53341, clip 27); the pieces of a white outline around black letters over skin 0.2-0.3 (clip 18).
 */
const OUTLINED_PIECES = 0.5;

/** How far the pixels beside a light stroke stand out of their surroundings (grey levels) to join it (joined-strokes.ts). */
const JOINING = 50;

/**
 * The light lines of `plain` (found in `light`), with the lines of the joined light mask (joined-strokes.ts) in place
 * of those it finds LONGER (longer than every plain line they overlap), and the joined lines on places where `plain`
 * has none (`added`): a thin or outlined light line stands out at the analysis size only in pieces (a serif lower third
 * outlined on blue: its name found without its capitals, or not at all). Not over a line that stands out by hue
 * (`hued`): a red caption on a dark box, joined as light too, merged with it into a line read worse. The joined lines'
 * letters are returned too.
 */
function withJoinedLines(
  plain: Found & { letters: Component[] },
  hued: TextRegion[],
  light: Uint8Array,
  lightNear: Uint8Array,
  w: number,
  h: number,
): { regions: TextRegion[]; added: TextRegion[]; letters: Component[] } {
  const joined = regionsOf(joinedLightStrokes(light, lightNear, w, h), w, h);
  const overlapping = (r: TextRegion, lines: TextRegion[]) => lines.filter((p) => boxOverlap(p, r) > 0);
  const taken = joined.regions
    .filter((r) => !r.lightBackground && !overlapping(r, hued).length)
    .map((r) => ({ r, beside: overlapping(r, plain.regions) }));
  const added = taken.filter(({ r, beside }) => !beside.length && r.width >= SHORT_LINES * r.line).map(({ r }) => r);
  const longer = taken
    .filter(({ r, beside }) => beside.length && beside.every((p) => !p.lightBackground && r.width > LONGER * p.width))
    .map(({ r }) => r);
  const kept = plain.regions.filter((p) => !overlapping(p, longer).length);
  const used = [...added, ...longer];
  const letters = joined.letters.filter((c) => used.some((r) => boxOverlap(r, c) > 0));
  return { regions: [...kept, ...longer], added, letters };
}

/** `into` |= `mask`, pixel by pixel, four pixels at a time where both are aligned views. */
function orInto(into: Uint8Array, mask: Uint8Array): void {
  const n = into.length;
  const aligned = into.byteOffset % 4 === 0 && mask.byteOffset % 4 === 0;
  const words = aligned ? n >> 2 : 0;
  if (words) {
    const a = new Uint32Array(into.buffer, into.byteOffset, words);
    const b = new Uint32Array(mask.buffer, mask.byteOffset, words);
    for (let i = 0; i < words; i++) a[i] |= b[i];
  }
  for (let i = words << 2; i < n; i++) into[i] |= mask[i];
}

/** The frame in colour at the analysis size: 3 bytes a pixel. */
async function rgbOf(file: string, width: number, height: number): Promise<Uint8Array> {
  const sharp = (await import('sharp')).default;
  return sharp(file).removeAlpha().toColourspace('srgb').resize({ width, height, fit: 'fill' }).raw().toBuffer();
}

function surroundOf(w: number, h: number): number {
  return Math.max(3, Math.round(SURROUND * Math.min(w, h)));
}

/** How far a stroke stands out of the mean of its surroundings (grey levels) to count as text of either polarity. */
const CONTRAST = 80;
/** The surroundings: a square of this share of the frame's shorter side on each side of the pixel. */
const SURROUND = 0.05;

/**
 * Strokes that stand out of their surroundings, whatever their colour: `light` at least CONTRAST brighter than the
 * mean of the square around them, `dark` that much darker. A caption in a colour that is not bright (red, cyan), on a
 * bright picture with a shadow, or dark text without a box is found by its contrast, not by its level; the letter
 * and line tests of regionsOf decide what is text.
 */
function contrastMasks(
  src: Uint8Array,
  w: number,
  h: number,
  surround: number,
): { light: Uint8Array; dark: Uint8Array; lightNear: Uint8Array } {
  const [light, dark, lightNear] = standOutNear(src, w, h, surround, CONTRAST, JOINING);
  return { light, dark, lightNear };
}

/** A binary (P5) PGM: header, then one byte per pixel. */
function readPgm(bytes: Uint8Array): { data: Uint8Array; width: number; height: number } {
  // A Buffer sent to a pool thread arrives as a Uint8Array: viewed as a Buffer again, not copied.
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = buf
    .subarray(0, 64)
    .toString('latin1')
    .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a binary PGM frame');
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { data: buf.subarray(header[0].length, header[0].length + width * height), width, height };
}

/**
 * The pixels at least `level` bright after a [1 2 1] x [1 2 1] / 16 blur, as a 0/1 mask. The blur and the threshold
 * are one pass over rows without the blurred frame itself (this runs on every sample: it was a third of the step's CPU).
 */
function brightAfterBlur(src: Uint8Array, w: number, h: number, level: number): Uint8Array {
  const tmp = new Uint16Array(src.length);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    tmp[row] = 3 * src[row] + src[row + (w > 1 ? 1 : 0)];
    for (let x = 1; x < w - 1; x++) tmp[row + x] = src[row + x - 1] + 2 * src[row + x] + src[row + x + 1];
    if (w > 1) tmp[row + w - 1] = src[row + w - 2] + 3 * src[row + w - 1];
  }
  // (sum >> 4) >= level is sum >= level * 16.
  const least = level << 4;
  const mask = new Uint8Array(src.length);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const up = y > 0 ? row - w : row;
    const down = y < h - 1 ? row + w : row;
    for (let x = 0; x < w; x++) mask[row + x] = tmp[up + x] + 2 * tmp[row + x] + tmp[down + x] >= least ? 1 : 0;
  }
  return mask;
}

function regionsOf(all: Uint8Array, w: number, h: number): Found & { letters: Component[] } {
  // Letters are components no taller than a line, lined up with letters of a similar height; a solid bright
  // component, or one closing around its ink, is a box (as wide as a caption) or a page (taller than a line) that may
  // hold dark text.
  // Everything else is scenery (texture that survived, sky, a lamp, a fractal's fringe) and is not read.
  const maxLine = maxLineOf(h);
  const tallLine = tallLineOf(h);
  const lightBoxes: Array<{ box: TextRegion; c: Component }> = [];
  const letters: Component[] = [];
  const tall: Component[] = [];
  for (const found of components(all, w, h)) {
    const c = solidBox(found, w) ?? boxIn(found, w, h);
    if (c) {
      if (isPicture(c, maxLine, w, h)) continue;
      const box = {
        left: c.left,
        top: c.top,
        width: c.width,
        height: c.height,
        lightBackground: true,
        // A page as big as the frame (a bright picture) may hold text of any size up to a line.
        line: isPage(c, w, h) ? maxLine : Math.min(c.height, maxLine, 20),
      };
      lightBoxes.push({ box, c });
    } else if (isLetter(found, maxLine)) {
      letters.push(found);
    } else if (isLetter(found, tallLine)) {
      tall.push(found);
    }
  }
  const { regions: boxes, content, pairs } = lineRegions(letters, all.length, false, pairLineOf(w, h));
  const largestBoxes = lightBoxes.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height).slice(0, 2);
  const kept = largestBoxes.map((b) => b.box);
  // Lines inside a light box stay: light text on a dark box over a bright picture is still a caption.
  const regions = largest([...kept, ...boxes]);
  // Inside a light box, its dark ink is what shows a change of text.
  for (const p of kept)
    for (let y = p.top; y < p.top + p.height; y++) for (let x = p.left; x < p.left + p.width; x++) content[y * w + x] = 1 - all[y * w + x];
  const blank = largestBoxes.filter((b) => enclosedShare(b.c, w) < INKED).map((b) => b.box);
  return { regions, content, letters, pairs, tall: tallWords(tall, false), blank };
}

/** The component when it is a box or a page: solid, or closing around its ink. */
function solidBox(c: Component, w: number): Component | null {
  const shaped = c.width >= Math.min(3 * c.height, w / 2) && c.height >= 10;
  const fill = shaped ? c.pixels.length / (c.width * c.height) : 0;
  // Filling costs a pass over the box: only where it decides (ink on a box covers less than half of it).
  return fill >= BOX_FILL || (fill >= MOST_INK && fill + enclosedShare(c, w) >= BOX_ENCLOSED) ? c : null;
}

/** A caption's box inside a component that is no box itself (box-core.ts), smaller than a page. */
function boxIn(c: Component, w: number, h: number): Component | null {
  if (c.width < 30 || c.height < 10) return null; // no box is smaller (solidBox: 10 rows, 3 times as wide)
  const box = boxInside(c, w);
  return box && !isPage(box, w, h) ? solidBox(box, w) : null;
}

/** Share of its box a bright component covers by itself to be a box or a page (solid). */
const BOX_FILL = 0.7;
/**
 * Share of its box it covers with the holes it encloses (components.ts `enclosedShare`): a box's outline, whatever
 * share of it the ink takes.
 */
const BOX_ENCLOSED = 0.9;
/** The least share of its box a bright component covers where its enclosed ink could make it a box. */
const MOST_INK = 0.5;
/** Share of a box its enclosed ink takes for it to hold anything (a line's letters take a tenth and more). */
const INKED = 0.02;

/** The tallest a line of text may be, in analysis pixels, on a frame `h` high. */
function maxLineOf(h: number): number {
  return Math.max(12, Math.round(0.09 * h));
}

/**
 * The tallest a line kept aside may be (a large pop on a landscape frame, up to 15% of its height). Letters up to
 * this height taken as lines anywhere chained marks of the picture into lines that crowded the captions out.
 */
function tallLineOf(h: number): number {
  return Math.round(0.15 * h);
}

/** Lines of letters taller than a caption line (two letters or more): kept aside as words where nothing else is found. */
function tallWords(letters: Component[], lightBackground: boolean): LetterPair[] {
  return linesOf([...letters].sort((a, b) => b.pixels.length - a.pixels.length).slice(0, MAX_LETTERS)).map((l) => ({
    region: { left: l.left, top: l.top, width: l.width, height: l.height, lightBackground, line: l.height },
    pixels: l.members.map((c) => c.pixels),
  }));
}

/** A shape this much wider than tall is a word (an outline joins its letters), not a letter: W and M are about as wide as tall. */
const WORD_WIDTH = 1.5;

/** Two letters alone this high (a share of the frame's shorter side) may be a word: a one-word pop's size. */
const PAIR_LINE = 0.04;

function pairLineOf(w: number, h: number): number {
  return PAIR_LINE * Math.min(w, h);
}

/** A component of letter size: no taller than a line, tall enough to read, not wider than a few letters. */
function isLetter(c: Component, maxLine: number): boolean {
  return c.height <= maxLine && c.height >= MIN_LETTER && c.width <= 3 * maxLine;
}

/**
 * Letters (the biggest MAX_LETTERS) chained into lines and merged into regions of one polarity (`lightBackground`:
 * dark ink), with the lines' letters as the content mask (`size` pixels) that shows a change of text. Two letters
 * alone at least `pairLine` high are kept aside as pairs.
 */
function lineRegions(letters: Component[], size: number, lightBackground: boolean, pairLine: number): Omit<Found, 'tall'> {
  const chained = linesOf([...letters].sort((a, b) => b.pixels.length - a.pixels.length).slice(0, MAX_LETTERS));
  const long = chained.filter((l) => l.members.length >= 3);
  // Two words stacked on a line of words are a line of its caption: an outline joins each word's letters into one shape,
  // and a word touching the picture goes with it ("Tres Pasos" above "Cómo Lo Hicimos", "Fáciles" joined to an inset).
  // Over a line of letters two wide shapes are the picture's (a fractal's fringe).
  const words = (l: { members: Component[] }) => l.members.filter((c) => c.width >= WORD_WIDTH * c.height).length;
  const lines = [
    ...long,
    ...chained.filter(
      (l) => l.members.length === 2 && words(l) === 2 && long.some((o) => 2 * words(o) >= o.members.length && stacked(o, l)),
    ),
  ];
  const pairs = chained
    .filter((l) => l.members.length === 2 && !lines.includes(l) && l.height >= pairLine)
    .map((l) => ({
      region: { left: l.left, top: l.top, width: l.width, height: l.height, lightBackground, line: l.height },
      pixels: l.members.map((c) => c.pixels),
    }));
  const content = new Uint8Array(size);
  for (const line of lines) for (const c of line.members) for (const i of c.pixels) content[i] = 1;
  const regions = mergeLines(
    lines.map((l) => ({ left: l.left, top: l.top, width: l.width, height: l.height, lightBackground, line: l.height })),
  );
  return { regions, content, pairs };
}

/** The `n` (MAX_REGIONS) largest regions, top to bottom, left to right. */
function largest(regions: TextRegion[], n = MAX_REGIONS): TextRegion[] {
  return regions
    .sort((a, b) => b.width * b.height - a.width * a.height)
    .slice(0, n)
    .sort((a, b) => a.top - b.top || a.left - b.left);
}

/**
 * Line `b` is the next line of `a`'s text, above or below it: a like line height (`aLine`, `bLine`: their boxes' unless
 * told), under a line apart, overlapping along it.
 */
function stacked(a: Box, b: Box, aLine = a.height, bLine = b.height): boolean {
  const [hi, lo] = [Math.max(aLine, bLine), Math.min(aLine, bLine)];
  const gap = Math.max(a.top, b.top) - Math.min(a.top + a.height, b.top + b.height);
  return lo >= 0.6 * hi && gap <= 0.8 * hi && Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left) > 0;
}

function mergeLines(boxes: TextRegion[]): TextRegion[] {
  const out: TextRegion[] = [];
  for (const b of [...boxes].sort((a, c) => a.top - c.top)) {
    // Taken top to bottom, so `b` never starts above `p`: the gap is from p's foot to b's top (negative where b is within p).
    const prev = out.find((p) => p.lightBackground === b.lightBackground && stacked(p, b, p.line, b.line));
    if (!prev) {
      out.push({ ...b });
      continue;
    }
    growToHold(prev, b);
    prev.line = Math.min(prev.line, b.line);
  }
  return out;
}

/**
 * The region cut from the full frame with margins (so no letter at a line's end is lost), grown where its letters show
 * the line goes on past them (line-beyond-crop.ts: a region found in part), scaled so the
 * text is about 40 px tall, and binarised to black text on white: light text keeps only bright strokes
 * thicker than the texture around them, and when they are the closed rings of an outline, the dark letters inside
 * them (ring-letters.ts); dark text on a light box is split at the box's own threshold; on a bright
 * picture as big as the frame, and for text found by contrast, colour tells the letters (text-colour.ts).
 * Written to `out` as a binary PGM; returns where it was cut.
 */
export async function binarisedCrop(file: string, layer: LayerScale, region: TextRegion, out: string): Promise<CropPlace> {
  const [W, H] = [layer.sourceWidth, layer.sourceHeight];
  const lineHeight = region.line * layer.scale;
  // Wide margins for light text on the picture: a thin letter lost in the analysis must not cut the line short.
  const mx = lineHeight * (region.lightBackground ? 1.2 : 6);
  const my = lineHeight * 0.4;
  const left = Math.max(0, Math.floor(region.left * layer.scale - mx));
  const top = Math.max(0, Math.floor(region.top * layer.scale - my));
  const box = { left, top, right: left + Math.min(W - left, Math.ceil(region.width * layer.scale + 2 * mx)), bottom: 0 };
  box.bottom = top + Math.min(H - top, Math.ceil(region.height * layer.scale + 2 * my));
  const zoom = Math.max(1, Math.min(4, 48 / lineHeight));
  const cropOf = () =>
    cropLetters(file, layer, region, { left: box.left, top: box.top, width: box.right - box.left, height: box.bottom - box.top }, zoom);
  let letters = await cropOf();
  // A region found in part goes on past its margins: the crop grows along its line while letters standing on it reach
  // a side that is not the frame's, and up (down) while letters standing on it are cut by its top (bottom), or up while
  // all its top cuts is marks over its letters (accents over capitals); for one letter cut, only where the grown crop
  // shows more whole letters, since one shape cut is as often the picture's. Not a light box's: the box holds its text, and
  // past it lies the picture. Light letters found by their drop shadow are on the picture: their line grows (it was
  // found by the shadows of its small letters, and the tall ones went past it), and so are dark letters without a box.
  const grows = !region.lightBackground || region.darkOnPicture || letters.overShadow;
  for (let round = 0; round < (grows ? GROW_ROUNDS : 0); round++) {
    const beyond = lineBeyondCrop(letters);
    const grown = {
      left: beyond.left ? Math.max(0, Math.floor(box.left - GROW_LINES * lineHeight)) : box.left,
      right: beyond.right ? Math.min(W, Math.ceil(box.right + GROW_LINES * lineHeight)) : box.right,
      top: beyond.above ? Math.max(0, Math.floor(box.top - my)) : box.top,
      bottom: beyond.below ? Math.min(H, Math.ceil(box.bottom + my)) : box.bottom,
    };
    if (grown.left === box.left && grown.right === box.right && grown.top === box.top && grown.bottom === box.bottom) break;
    Object.assign(box, grown);
    const next = await cropOf();
    if (beyond.onTrial && !moreWholeLetters(next, letters)) break;
    letters = next;
  }
  await writeTextPgm(out, letters.clean, letters.w, letters.h);
  const s = layer.scale;
  const place = { left: box.left / s, top: box.top / s, width: (box.right - box.left) / s, height: (box.bottom - box.top) / s };
  return { box: place, width: letters.w, height: letters.h };
}

/** Colour distances (the largest channel difference) tried as the farthest of a hued line's letters (text-colour.ts: 96). */
const NEARER_KEYS = [64, 48, 32];

/** Times a crop grows, at most, and by how many lines along its line each time. */
const GROW_ROUNDS = 3;
const GROW_LINES = 2;

/** A crop's ink ready for its letters, with its shapes when they were found with it (light text's, opened). */
type Opened = { ink: Uint8Array; shapes?: Component[] };

/** A crop's letters; `overShadow` when they are light letters found by their drop shadow (their line grows as light text's). */
interface CropLetters extends CroppedLetters {
  overShadow: boolean;
}

/** The region's letters in the frame's `box`, zoomed by `zoom`: binarisedCrop's crop before it is written. */
async function cropLetters(file: string, layer: LayerScale, region: TextRegion, box: Box, zoom: number): Promise<CropLetters> {
  const [W, H] = [layer.sourceWidth, layer.sourceHeight];
  const s = layer.scale;
  const { top } = box;
  const crop = await decodedCrop(file, box, Math.round(box.width * zoom));
  const [w, h] = [crop.width, crop.height];
  const page = region.lightBackground && isPage({ width: region.width * s, height: region.height * s }, W, H);
  const line = region.line * s * zoom;
  // The crop's top and bottom are margins inside the frame unless the frame's edge cut them.
  const edges = { cutAbove: top > 0, cutBelow: top + box.height < H };
  // Light text's ink is opened (specks and hairlines off, the letters' thin strokes kept: opened-letters.ts) before its
  // letters are kept; a light box's is not. By one pixel whatever the text's size: small text is zoomed to lines of
  // about 48 px, and large text is not zoomed, so the picture's specks are no larger in its crop (opened wider with its
  // line, a thin font's strokes went whole).
  const open = (ink: Uint8Array): Opened => (region.lightBackground ? { ink } : openedLetters(ink, w, h, line));
  // The shapes the crop's edges cut, by the letters each letterStrokes made: the crop's are those of its letters.
  const cutBy = new Map<Uint8Array, Component[]>();
  const rows = { top: (region.top * s - top) * zoom, bottom: (region.top * s - top + region.height * s) * zoom };
  const lettersOf = (opened: Opened, grey: Grey | null, ringed = false) => {
    const cut: Component[] = [];
    const letters = letterStrokes(
      { page, ringed, ink: opened.ink, ...greyInk(grey), w, h, line, zoom, ...edges, rows, cut },
      opened.shapes,
    );
    cutBy.set(letters, cut);
    return letters;
  };
  const strokes = (ink: Uint8Array, grey: Grey | null) => lettersOf(open(ink), grey);
  // Letters in closed rings of an outline are what the rings close around (ring-letters.ts); other letters stay.
  const insideRings = async (letters: Uint8Array) => {
    const inside = await lettersInRings(letters, w, h, line, crop.colour);
    return inside ? lettersOf(open(inside), null, true) : letters;
  };
  let clean: Uint8Array;
  let overShadow = false;
  if (page) {
    clean = strokes(pageInk(await crop.colour(), w, h, line), null);
  } else if (region.byContrast && !region.lightBackground) {
    clean = await insideRings(await lettersFoundByContrast(crop, region, strokes, w, h, line));
  } else {
    const grey = await crop.grey();
    if (region.lightBackground) {
      const dark = darkInkOf(region, grey, w, h, surroundOf(W * zoom, H * zoom));
      const light = lettersOverShadow(await crop.colour(), dark, w, h, line);
      overShadow = light !== null;
      // Dark ink in closed rings is the outline of light letters, taken for dark letters outlined in light (thin
      // white serif letters in a black outline as thick as their strokes).
      clean = light ? strokes(light, null) : await insideRings(strokes(dark, null));
    } else {
      clean = await brightLetters({ grey, w, h, line, rows, ...edges }, open, lettersOf, crop.colour);
    }
  }
  const cut = cutBy.get(clean) ?? [];
  const light = !region.lightBackground && (crop.greyMade() || mayBeLight(clean, await crop.colour()));
  const shown = light ? shadowedLetters(clean, await crop.grey(), { w, h, line, rows, ...edges }) : null;
  return { clean: shown ? union(clean, strokes(shown, null)) : clean, w, h, line, cut, overShadow };
}

/**
 * A page of one colour: its ink is what is off that colour. Where the page's own colour drifts (a gradient), more of it
 * is off its median than a caption's letters cover: there each pixel is judged by the picture around it, a line's
 * height each side (the letters take a small share of that square).
 */
function pageInk(rgb: Uint8Array, w: number, h: number, line: number): Uint8Array {
  const offMedian = inkOffBackground(rgb, w * h, OFF_BACKGROUND);
  let off = 0;
  for (let i = 0; i < offMedian.length; i++) off += offMedian[i];
  return off > DRIFTING * w * h ? inkOffSurroundings(rgb, w, h, Math.round(line), OFF_BACKGROUND) : offMedian;
}

/**
 * Light letters' pixels shown by their drop shadow alone (letters-by-shadow.ts) in the light shapes of the text's rows
 * that letterStrokes drops as picture (notLetters): letters merged with a part of the picture as light as they are.
 * Null when the crop's `letters` cast no drop shadow or no light shape is dropped.
 */
function shadowedLetters(
  letters: Uint8Array,
  grey: Grey,
  crop: { w: number; h: number; line: number; rows: { top: number; bottom: number }; cutAbove: boolean; cutBelow: boolean },
): Uint8Array | null {
  const { w, h, line, rows } = crop;
  const bright = lightLetters(letters, grey.data, grey.channels);
  if (bright === null) return null;
  const level = asLightAs(bright);
  const light = new Uint8Array(w * h);
  // A shape dropped as picture goes beyond the text's rows, and an even one is flat there: with less than a line's
  // square of flat light pixels there, none is looked for (most crops end here, before their shapes are found).
  const g = (i: number) => grey.data[i * grey.channels];
  let flat = 0;
  for (let i = 0; i < light.length; i++) {
    light[i] = g(i) >= level ? 1 : 0;
    const y = Math.floor(i / w);
    if (light[i] && i > w && (y < rows.top || y >= rows.bottom) && Math.abs(g(i) - g(i - 1)) <= FLAT && Math.abs(g(i) - g(i - w)) <= FLAT)
      flat++;
  }
  if (flat < line * line) return null;
  // Only an even shape: in a picture's light part, its own dark details would be read as shadows.
  const shapes = notLetters(components(light, w, h), h, line, rows, crop.cutAbove, crop.cutBelow).filter((c) =>
    isEven(grey.data, grey.channels, c.pixels),
  );
  const shadow = shapes.length ? castShadow(letters, bright, grey.data, grey.channels, w, h, line) : null;
  if (!shadow) return null;
  const shown = lettersByShadow(shapes, grey.data, grey.channels, w, shadow);
  // Less than a small letter's ink is no letter: the letter filter that would drop it costs as much as the crop's own.
  let ink = 0;
  for (let i = 0; i < shown.length; i++) ink += shown[i];
  return ink >= SMALL_LETTER * line * line ? shown : null;
}

/** A small letter's ink, in squares of a line. */
const SMALL_LETTER = 1 / 16;
/** Brightness steps (0-255) to the pixels left of and above a pixel of a flat part of the picture, at most. */
const FLAT = 3;

function union(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] | b[i];
  return out;
}

/**
 * Light text found by contrast, as its line was found: by its hue, its letters are the pixels of their colour
 * (text-colour.ts), less the picture keyed with them where their outline tells it (KEYED_OUTLINED_LINE); else (red or
 * cyan, not bright) it stands out of the crop by its own split, and where the picture behind it is as bright as it is,
 * the letters' own colour finds the rest. A line joined from lines found in other ways (TextRegion.hues) is cut each
 * way: the way its wider part was found, or another whose letters cover a line's height more of the line.
 */
async function lettersFoundByContrast(
  crop: { grey: () => Promise<Grey>; colour: () => Promise<Uint8Array> },
  region: TextRegion,
  strokes: (ink: Uint8Array, grey: Grey | null) => Uint8Array,
  w: number,
  h: number,
  line: number,
): Promise<Uint8Array> {
  const wayOf = async (hue: number[] | null) => {
    if (hue) {
      const rgb = await crop.colour();
      const outline = { ...(await crop.grey()), outlinedLine: KEYED_OUTLINED_LINE };
      return lettersOfColour({ rgb, ...colourKey(rgb, hue) }, strokes, w, h, line, undefined, outline);
    }
    return lettersOfSplit(crop, strokes, { w, h, line, span: (region.width * line) / region.line });
  };
  const own = region.hue ?? null;
  const tried = new Set([String(own)]);
  const others = (region.hues ?? []).filter((hue) => !tried.has(String(hue)) && tried.add(String(hue)));
  let best = await wayOf(own);
  if (!others.length) return best;
  let cover = lineCover({ clean: best, w, h, line }) + line;
  for (const hue of others) {
    const letters = await wayOf(hue);
    const c = lineCover({ clean: letters, w, h, line });
    if (c > cover) [best, cover] = [letters, c];
  }
  return best;
}

/** Share of the line the finder found (its region's width) a nearer key's letters must cover to be taken as the line. */
const SHOWN_SPAN = 0.5;

/**
 * Light letters that stand out of the crop by its own grey split, then keyed by their colour (the split's median):
 * keyed, a highlight of the picture is left out, and letters over its bright part, with no dark edge there, are kept.
 * Where the key covers less of the line than the split, it took a picture of about their colour with them (white
 * letters over a pale face): a nearer key tells them apart where it shows more than the split and SHOWN_SPAN of the
 * line the finder found (`span`, crop pixels); else the key stays (on a picture's own texture, what is left of it).
 * Keyed letters leave out the specks of the picture keyed with them (colour-core.ts).
 */
async function lettersOfSplit(
  crop: { grey: () => Promise<Grey>; colour: () => Promise<Uint8Array> },
  strokes: (ink: Uint8Array, grey: Grey | null) => Uint8Array,
  { w, h, line, span }: { w: number; h: number; line: number; span: number },
): Promise<Uint8Array> {
  const grey = await crop.grey();
  const clean = strokes(splitInk(grey.data, grey.channels, Math.min(BRIGHT, otsu(grey.data, grey.channels)), true), grey);
  const rgb = await crop.colour();
  const key = letterColourKey(rgb, clean);
  if (!key) return clean;
  const keyed = strokes(within(key.distance, key.split), null);
  const cover = (letters: Uint8Array) => lineCover({ clean: letters, w, h, line });
  const split = cover(clean);
  const keyedCover = cover(keyed);
  if (keyedCover >= split) return withColourCore(keyed, rgb, key.split, w, h, line);
  const nearer = lettersOfColour({ rgb, ...key }, strokes, w, h, line, { letters: keyed, cover: keyedCover });
  const shown = cover(nearer);
  if (shown > split && shown >= SHOWN_SPAN * span) return nearer;
  // No nearer key showed more: lettersOfColour gave back the keyed letters, their specks already left out.
  return nearer === keyed ? keyed : withColourCore(keyed, rgb, key.split, w, h, line);
}

/**
 * The crop's letters of one colour (`key`: text-colour.ts): at the crop's own split of the colour distances, or at a
 * nearer key where that shows more of the line. Where the picture holds colours near the letters' (red letters over
 * skin), the split takes them with the letters, which then glue to the picture and are dropped. The letters of the key
 * chosen leave out the specks of the picture keyed with them (colour-core.ts); the key is chosen on the whole mask, as
 * the specks left out change how much of the line a key shows. `key.rgb`: the crop's colours. `atSplit`: the letters at
 * the crop's own split and their line cover, where the caller has them. `grey`: the crop's grey, where an outline
 * tells the letters from the picture keyed with them (letterStrokes).
 */
function lettersOfColour(
  key: { rgb: Uint8Array; distance: Uint8Array; split: number },
  strokes: (ink: Uint8Array, grey: Grey | null) => Uint8Array,
  w: number,
  h: number,
  line: number,
  atSplit?: { letters: Uint8Array; cover: number },
  grey: Grey | null = null,
): Uint8Array {
  let clean = atSplit?.letters ?? strokes(within(key.distance, key.split), grey);
  let split = key.split;
  // The nearer key showing the most of the line, where it shows a line's height more than the crop's own split.
  let best = (atSplit?.cover ?? lineCover({ clean, w, h, line })) + line;
  for (const nearer of NEARER_KEYS.filter((d) => d < key.split)) {
    const letters = strokes(within(key.distance, nearer), grey);
    const cover = lineCover({ clean: letters, w, h, line });
    if (cover > best) [clean, best, split] = [letters, cover, nearer];
  }
  return withColourCore(clean, key.rgb, split, w, h, line);
}

/** A crop's grey as letterStrokes takes it (CropInk). */
function greyInk(grey: Grey | null): Pick<CropInk, 'grey' | 'channels' | 'outlinedLine'> {
  return { grey: grey?.data ?? null, channels: grey?.channels ?? 1, outlinedLine: grey?.outlinedLine };
}

/** A crop's grey pixels, `channels` bytes a pixel (an alpha channel kept). */
interface Grey {
  data: Buffer;
  channels: number;
  /**
   * The share of the line's ink in outlined letters for their outline to tell them from the picture (OUTLINED_LINE
   * unless told).
   */
  outlinedLine?: number;
}

/**
 * The frame's `box` decoded once, scaled to `width` (and the height that keeps its shape), in grey or in colour on
 * demand: decoding the frame cost as much as the scaling, and most crops need both (a page or a line found by its hue
 * only the colour). Each is what sharp makes of the file itself, byte for byte.
 */
async function decodedCrop(
  file: string,
  box: Box,
  width: number,
): Promise<{ width: number; height: number; grey: () => Promise<Grey>; greyMade: () => boolean; colour: () => Promise<Uint8Array> }> {
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(file).extract(box).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  // sharp's own height for a resize to `width` (libvips rounds half up).
  const height = Math.round(box.height / (box.width / width));
  // Each made once: a line joined from lines found in other ways is cut from both more than once (no caller writes to them).
  let grey: Promise<Grey> | null = null;
  let colour: Promise<Uint8Array> | null = null;
  return {
    width,
    height,
    grey: () =>
      (grey ??= pixels()
        .greyscale()
        .resize({ width })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then((g) => ({ data: g.data, channels: g.info.channels }))),
    greyMade: () => grey !== null,
    colour: () => (colour ??= pixels().removeAlpha().toColourspace('srgb').resize({ width, height, fit: 'fill' }).raw().toBuffer()),
  };
}

/**
 * Light text on the picture, from the crop's bright strokes: the letters, or the dark letters inside them when they are
 * the rings of an outline (ring-letters.ts). Letters crossing a part of the picture as bright as they are (a white bar,
 * a light green field) merge with it into a shape taller than the line or cut by the crop's edge, dropped whole: in
 * such shapes the letters' own colour tells them apart.
 */
async function brightLetters(
  crop: { grey: Grey; w: number; h: number; line: number; rows: { top: number; bottom: number }; cutAbove: boolean; cutBelow: boolean },
  open: (ink: Uint8Array) => Opened,
  lettersOf: (opened: Opened, grey: Grey | null, ringed?: boolean) => Uint8Array,
  colour: () => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const { grey, w, h, line } = crop;
  const split = splitInk(grey.data, grey.channels, BRIGHT, true);
  // One opening and one list of its shapes serve the letters and the search for shapes dropped as picture.
  const opened = open(split);
  const shapes = opened.shapes ?? components(opened.ink, w, h);
  const clean = lettersOf({ ink: opened.ink, shapes }, grey);
  const inside = await lettersInRings(clean, w, h, line, colour);
  if (inside) return lettersOf(open(inside), null, true);
  const dropped = notLetters(shapes, h, line, crop.rows, crop.cutAbove, crop.cutBelow);
  if (!dropped.length) return clean;
  const keyed = inkOfLetterColour(await colour(), clean);
  if (!keyed) return clean;
  for (const c of dropped) for (const i of c.pixels) split[i] = keyed[i];
  return lettersOf(open(split), grey);
}

/**
 * The dark letters inside a crop's light strokes `clean` when these are the closed rings of their outline (ring-letters.ts),
 * else null: light strokes found by brightness, or by contrast (black letters outlined in white over a picture of
 * mid-grey bars or a crowd stand out as their outline, read hollow: "tresjiponmeyide)" for "très bonne idée").
 */
async function lettersInRings(
  clean: Uint8Array,
  w: number,
  h: number,
  line: number,
  colour: () => Promise<Uint8Array>,
): Promise<Uint8Array | null> {
  const outlined = lettersInsideOutline(clean, w, h, line);
  return outlined && ofTheLettersColour(outlined, clean, await colour(), w, h);
}

/**
 * The `shapes` on the text's `rows` (crop pixels) that letterStrokes drops as picture: taller than TALL lines `line`
 * high, or cut by the crop's top or bottom edge (`cutAbove`, `cutBelow`; the crop is `h` high).
 */
function notLetters(
  shapes: Component[],
  h: number,
  line: number,
  rows: { top: number; bottom: number },
  cutAbove: boolean,
  cutBelow: boolean,
): Component[] {
  return shapes.filter(
    (c) => c.top < rows.bottom && c.top + c.height > rows.top && (c.height > TALL * line || cutByCrop(c, h, { cutAbove, cutBelow })),
  );
}

/**
 * The height of the crop's text line as its shapes show it: the region's `line` (crop pixels) from the analysis can
 * be short of it (a line found by its lowercase letters only, capitals and ascenders merged with an outline), and its
 * taller letters would then be dropped as picture. The shapes up to MEASURED lines tall chained into lines as the
 * finder chains letters; the line of the most letters sets the height when it holds shapes letterStrokes would drop as
 * taller than the line (a measured line a little taller than the region's loosened the filters on pictures for nothing).
 */
function lineOfShapes(shapes: Component[], line: number): number {
  const candidates = shapes
    .filter(
      (c) =>
        c.height >= LETTER_HEIGHT * line &&
        c.height <= MEASURED * line &&
        c.width <= 3 * MEASURED * line &&
        c.pixels.length >= (line / 12) ** 2,
    )
    .sort((a, b) => b.pixels.length - a.pixels.length)
    .slice(0, 400);
  let best: (Box & { members: Component[] }) | null = null;
  for (const l of linesOf(candidates)) if (l.members.length >= 3 && (!best || l.members.length > best.members.length)) best = l;
  return best && best.height > TALL * line ? Math.min(MEASURED * line, best.height) : line;
}

/**
 * The shapes taller than the line that lie within the rows its letters span, from the ascenders' tops to the
 * descenders' feet: a letter that reaches both (an italic f, a j) is taller than the line measured, which a line of
 * few descenders measures without them. A shape's line is the letters across its middle row (of a crop of two lines,
 * one); a shape of the picture taller than the line reaches past their rows, or stands between lines. Also a capital
 * above a row of small letters only, the line measured by a smaller line beside it (a lower third's name over its
 * role: "ierre artin"): it stands on the row's baseline, at most CAPITAL of the row's small letters tall, or taller
 * where another such shape shares its top (capitals and ascenders share a cap line; an italic face's measured 1.54
 * times its small letters, "Founder and CEO" read "ounc er an"). And a shape whose top two other letters standing on
 * the baseline, taller than the small letters, share, reaching down to the baseline or a descender's depth below it:
 * a bold J descends in a row with no other descender ("oão Silva"). Two, since on a busy picture one letter's top
 * (the l of a pop "final") is shared by the picture's shapes too.
 */
function withinLetterRows(taller: Component[], letters: Component[], line: number): Component[] {
  const body = letters.filter((c) => c.height >= 0.5 * line);
  const slack = ROWS_SLACK * line;
  const rows = taller.flatMap((c) => {
    if (c.height > MEASURED * line) return [];
    const middle = c.top + c.height / 2;
    const own = body.filter((l) => l.top <= middle && l.top + l.height >= middle);
    if (own.length < 3) return [];
    const [top, bottom] = [Math.min(...own.map((l) => l.top)), Math.max(...own.map((l) => l.top + l.height))];
    const baseline = median(own.map((l) => l.top + l.height));
    const small = median(own.map((l) => l.height));
    const within = c.top >= top - slack && c.top + c.height <= bottom + slack;
    const below = c.top + c.height - baseline;
    if (!within && (below < -slack || below > DESCENDER * small)) return [];
    const tall = own.filter((l) => Math.abs(l.top + l.height - baseline) <= slack && l.height >= TALLER_THAN_SMALL * small);
    return [{ c, within, onBaseline: Math.abs(below) <= slack, small, tall }];
  });
  const capitals = rows.filter((r) => r.onBaseline && !r.within).map((r) => r.c);
  const topLevelWith = (c: Component, others: Component[]) =>
    others.filter((o) => o !== c && Math.abs(o.top - c.top) <= CAP_LINE * line).length;
  const capital = (r: (typeof rows)[number]) => r.onBaseline && (r.c.height <= CAPITAL * r.small || topLevelWith(r.c, capitals) >= 1);
  const hangsFromCapLine = (r: (typeof rows)[number]) => topLevelWith(r.c, [...capitals, ...r.tall]) >= 2;
  return rows.filter((r) => r.within || capital(r) || hangsFromCapLine(r)).map((r) => r.c);
}

/** How far apart (in lines) the tops of two capitals or ascenders on one baseline may be to share a cap line. */
const CAP_LINE = 0.1;
/** How far below the baseline a letter may descend, in its row's small letters' heights (a bold J: 0.35). */
const DESCENDER = 0.6;
/** A letter standing on the baseline this many times its row's small letters' height is a capital or an ascender. */
const TALLER_THAN_SMALL = 1.2;

/** The tallest a capital may be, in its line's small letters' heights (x-heights of 0.67 to 0.75 of the capitals' in most faces: 1.33-1.5). */
const CAPITAL = 1.5;

/** How far past its letters' rows a tall letter may reach, in lines (a pixel or two of a zoomed crop). */
const ROWS_SLACK = 0.05;

/** Share of its box a shape's enclosed holes take for it to be a letter with counters (a bold B's take about a tenth). */
const COUNTERS = 0.03;

/** The least height of a letter, in lines (lineOfShapes, outlinedLine). */
const LETTER_HEIGHT = 0.4;

/** The most a crop's measured line may exceed the region's (lineOfShapes). */
const MEASURED = 2;

/** A shape taller than this many lines is no letter (letterStrokes). */
const TALL = 1.3;

/**
 * A 0/1 text mask written as a binary PGM, black text on white. By hand: a PNG's compression, and tesseract's
 * decompression of it, were a tenth of a crop's CPU.
 */
async function writeTextPgm(out: string, text: Uint8Array, width: number, height: number): Promise<void> {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pixels = Buffer.alloc(header.length + text.length);
  header.copy(pixels);
  for (let i = 0; i < text.length; i++) pixels[header.length + i] = text[i] ? 0 : 255;
  await fs.writeFile(out, pixels);
}

/**
 * A light region this much of the frame's width and height is the picture itself (a bright sky, a pale wall), not a
 * box: text on it is told by its colour against the picture's (text-colour.ts), light letters and their shadow alike.
 */
const PAGE = 0.9;

/**
 * The tallest a light box may be, in lines of the tallest text (maxLineOf), unless it is a page: taller, it is a light
 * part of the picture (a pale face, a wall), and the text over it, light letters with their shadow or dark ones, is
 * found by contrast line by line; read as one block, the picture's own marks garbled it.
 */
const PICTURE_LINES = 4;

/** A light component too tall for a caption's box and smaller than the frame: a light part of the picture. */
function isPicture(box: { width: number; height: number }, maxLine: number, w: number, h: number): boolean {
  return box.height > PICTURE_LINES * maxLine && !isPage(box, w, h);
}

/** A box as big as a `w` x `h` frame (PAGE of each side): a page, or a bright picture. */
function isPage(box: { width: number; height: number }, w: number, h: number): boolean {
  return box.width >= PAGE * w && box.height >= PAGE * h;
}

/**
 * A light ground's dark ink (darkInk); for dark letters in a light outline that a light picture touches (lightOutline),
 * the strokes at least CONTRAST darker than the mean of the square `surround` pixels each side of them, as the finder
 * saw them (contrastMasks): at any one level the picture's dark parts touch the letters. Not every dark line's: over a
 * dark picture, the parts of a letter beside it stand out of nothing, while a split at one level leaves them whole.
 */
function darkInkOf(region: TextRegion, grey: Grey, w: number, h: number, surround: number): Uint8Array {
  if (!region.lightOutline) return darkInk(grey);
  const levels = grey.channels === 1 ? grey.data : Uint8Array.from({ length: w * h }, (_, i) => grey.data[i * grey.channels]);
  return standOut(levels, w, h, surround, CONTRAST)[1];
}

/** A light ground's dark ink: its text, or the drop shadow of light letters over a picture as light as they are (drop-shadow.ts). */
function darkInk(grey: Grey): Uint8Array {
  return splitInk(grey.data, grey.channels, otsu(grey.data, grey.channels), false);
}

/** How far (in some channel) a pixel's colour is from the bright picture's to be ink: white letters on cream are 20-40 away. */
const OFF_BACKGROUND = 20;
/**
 * Share of a page off its median colour beyond which its colour drifts: a caption's letters and shadow take 1-3% of
 * a frame, the gradients of the caption families 37-69%.
 */
const DRIFTING = 0.25;

/** The ink of a grey crop split at `level`: the pixels at or above it (`light`), else those below. */
function splitInk(grey: Buffer, channels: number, level: number, light: boolean): Uint8Array {
  const ink = new Uint8Array(grey.length / channels);
  for (let i = 0; i < ink.length; i++) ink[i] = grey[i * channels] >= level === light ? 1 : 0;
  return ink;
}

/** A pixel is part of a caption's outline or box when it is at most this much brighter than the crop's darkest 5%. */
const DARK_ABOVE = 60;
/**
 * Beyond an outlined line's span, a letter's edge is dark at this share of the letter's own grey: a translucent box is
 * lighter where the picture under it is bright (grey 89 over a white bar), yet as dark against its letters as anywhere.
 */
const OWN_DARK = 0.45;
/** ...and such a letter goes on the line where it is at most this many lines from the span (a letter's or a word's gap). */
const GOES_ON = 1;
/** Share of a letter's edge next to dark pixels for it to be outlined (a box over a bright picture is dark only in part). */
const OUTLINED_LETTER = 0.5;
/** Share of the ink on the outlined letters' baseline in outlined letters for the line to be outlined (outlinedLine). */
const OUTLINED_LINE = 0.6;
/**
 * ... for letters found by their hue: their outline takes out the picture keyed with them (yellow letters outlined in
 * black over skin: 0.95-1.00), but a dark box over a bright texture is dark only in part (red letters on a box over
 * testsrc2: 0.57-0.74), and the letters past its dark part would be lost.
 */
const KEYED_OUTLINED_LINE = 0.9;
/** How far from a baseline, in lines, a shape's foot stands on it (a pixel or two of blur, not a descender). */
const BASELINE_SLACK = 0.1;
/**
 * Lines of one caption are drawn with one pen: their outlined letters' median heights within this share of each other
 * (two-line captions of the caption families and tests: 0.98-1.00; the face mosaic's digits under a caption on a
 * box: 0.74).
 */
const ONE_PEN = 0.8;
/** A letter without an outline between outlined ones is kept at this share of their median height and pixels. */
const RESCUED_HEIGHT = 0.8;
/** A mark over a letter (an accent, a dot) is under half as tall as the letters. */
const MARK_HEIGHT = 0.5;
/** A mark's ink a row, at least, as a share of the letters' (accents 0.37-0.44 of it, specks of the picture 0.15). */
const MARK_INK = 0.25;
const RESCUED_WEIGHT = 0.3;
/**
 * ... and no darker than they are: its mean grey at most this share under theirs (skin in a word space by yellow
 * letters: 0.21 darker). Any lighter: a letter without the outline lies on a lighter part of the picture, and its
 * blurred edges make it lighter (a plain yellow c over a white shirt: 0.22 lighter than its letters over a dark crowd).
 */
const RESCUED_GREY = 0.1;

/** A binarised crop: its ink (1 = stroke), its grey pixels (light text only), and the height of its text line. */
interface CropInk {
  ink: Uint8Array;
  grey: Buffer | null;
  channels: number;
  /** Grey's `outlinedLine`. */
  outlinedLine?: number;
  w: number;
  h: number;
  line: number;
  /** Crop pixels per frame pixel. */
  zoom: number;
  /** The crop's top (bottom) edge lies inside the frame, in the margin above (below) the text. */
  cutAbove: boolean;
  cutBelow: boolean;
  /** The crop lies on a bright picture as big as the frame (PAGE), its ink told by colour. */
  page: boolean;
  /** The ink is what a light outline's rings close around (ring-letters.ts). */
  ringed: boolean;
  /** The text's rows in the crop: its region's. */
  rows: { top: number; bottom: number };
  /** Collects the shapes (not specks) dropped as cut by the crop's top or bottom edge, when given (line-beyond-crop.ts). */
  cut?: Component[];
}

/**
 * The letters of a binarised crop: specks smaller than an i's dot, shapes taller than the line, solid blocks and
 * shapes cut by the crop's top or bottom edge (the margins around the text: what reaches them goes on beyond, so it
 * is the picture) are not letters. With `grey` (light text), when the line is outlined (outlinedLine: white letters
 * with a black outline, or on a dark box), strokes without the outline are picture too: highlights beside a caption
 * would otherwise read as marks glued to its words ("BAKERY™®*", a word then dropped as unsure). `shapes` are the ink's
 * components when the caller has them already.
 */
function letterStrokes(crop: CropInk, found = components(crop.ink, crop.w, crop.h)): Uint8Array {
  const { ink, grey, channels, w, h } = crop;
  const shapes = clippedToRows(found, crop);
  const line = lineOfShapes(shapes, crop.line);
  const taller: Component[] = [];
  const letters = shapes.filter((c) => {
    // On a bright picture (page) a bold letter merged with its shadow is as solid as a box, and so is a bold letter
    // inside its outline's ring; there is no box to drop. A bold B or D is as solid, but closes around its counters.
    const fill = c.pixels.length / (c.width * c.height);
    const solid =
      !crop.page && !crop.ringed && fill > 0.75 && c.width > 0.45 * c.height && c.height > 0.35 * line && enclosedShare(c, w) < COUNTERS;
    const cut = cutByCrop(c, h, crop);
    const speck = c.pixels.length < (line / 12) ** 2;
    if (cut && !speck) crop.cut?.push(c);
    if (!speck && !solid && !cut && c.height > TALL * line) taller.push(c);
    return !speck && c.height <= TALL * line && !solid && !cut;
  });
  letters.push(...withinLetterRows(taller, letters, line));
  const clean = new Uint8Array(ink.length);
  let kept = letters;
  if (grey) {
    // An outline about a sixteenth of the letters' height, beyond the blur of the letters' edges (a pixel or two of the
    // frame, more pixels of a crop zoomed from a small frame).
    const reach = Math.max(1, Math.round(line / 16), Math.ceil(1.5 * crop.zoom));
    const dark = darkest(grey, channels, 0.05) + DARK_ABOVE;
    const edges = letters.map((c) => outlinedEdge(c, ink, grey, channels, w, h, reach, dark));
    const outlined = edges.map((e) => e >= OUTLINED_LETTER);
    if (outlinedLine(letters, outlined, line, crop.outlinedLine)) {
      const darkAgainstOwn = (c: Component, i: number) =>
        !outlined[i] && outlinedEdge(c, ink, grey, channels, w, h, reach, OWN_DARK * meanGrey(c, grey, channels)) >= OUTLINED_LETTER;
      kept = withOutlinedOnes(letters, edges, line, darkAgainstOwn, (c) => meanGrey(c, grey, channels));
    }
  }
  for (const c of withoutStrayRuns(kept, line)) for (const i of c.pixels) clean[i] = 1;
  return clean;
}

/** Whether the crop's top or bottom edge, where it lies inside the frame (`edges`), cuts `c` (the crop is `h` high). */
function cutByCrop(c: Component, h: number, edges: { cutAbove: boolean; cutBelow: boolean }): boolean {
  return (edges.cutAbove && c.top === 0) || (edges.cutBelow && c.top + c.height === h);
}

/** How far past the text's rows a shape the crop's edges cut is kept, as a share of their height (an outline's width). */
const ROWS_REACH = 0.1;
/** The share of such a shape that must lie on the rows so reached for its part there to be looked at as letters. */
const ON_ROWS = 0.8;
/**
 * The share of its box such a shape must close around: an outline closes around its letters (0.13-0.21 of the box of
 * black capitals' white outline joined to a crowd); skin near a yellow caption's colour, cut by the crop, 0.002-0.02.
 */
const CLOSES_AROUND = 0.1;

/**
 * The shapes, each one the crop's top or bottom edge cuts but that lies mostly on the text's rows (ON_ROWS) and closes
 * around letters (CLOSES_AROUND) cut down to its parts on them: the light outline of dark letters joined to bright
 * parts of the picture beyond the margins (black capitals outlined in white over a crowd: one shape from the crop's top
 * to its bottom, dropped as picture, and only the counters' rings were read). A shape of the picture crossing the line
 * (a pole, an arm) lies mostly beyond it, and a patch of skin closes around little.
 */
function clippedToRows(shapes: Component[], crop: CropInk): Component[] {
  const { w, h, rows } = crop;
  const reach = ROWS_REACH * (rows.bottom - rows.top);
  const [top, bottom] = [Math.max(1, Math.floor(rows.top - reach)), Math.min(h - 2, Math.ceil(rows.bottom + reach))];
  const onRows = (i: number) => {
    const y = (i / w) | 0;
    return y >= top && y <= bottom;
  };
  return shapes.flatMap((c) => {
    if (!cutByCrop(c, h, crop) || c.pixels.filter(onRows).length < ON_ROWS * c.pixels.length || enclosedShare(c, w) < CLOSES_AROUND)
      return [c];
    // Still a shape the crop cuts, for the crop's growth (line-beyond-crop.ts): a letter the margin cut is read whole
    // in the grown crop.
    crop.cut?.push(c);
    const part = new Uint8Array(w * h);
    for (const i of c.pixels) if (onRows(i)) part[i] = 1;
    for (const i of descenders(c, w, h, bottom, Math.min(h - 1, Math.ceil(rows.bottom + DESCENDERS_REACH * (rows.bottom - rows.top)))))
      part[i] = 1;
    return components(part, w, h);
  });
}

/** How far below the text's rows a descender's outline reaches (g, p, y), as a share of their height. */
const DESCENDERS_REACH = 0.4;

/**
 * The pixels of `c` below row `from` down to row `to` in parts that hang from row `from` and end above `to`: a
 * descender's outline ends within its reach, the picture joined to the outline (an inset, a pole) runs on past it.
 * Cut off with the picture, a g's outline ring was open and the g lost ("Via em" for "Viagem").
 */
function descenders(c: Component, w: number, h: number, from: number, to: number): number[] {
  const below = new Uint8Array(w * h);
  for (const i of c.pixels) {
    const y = (i / w) | 0;
    if (y > from && y <= to) below[i] = 1;
  }
  return components(below, w, h)
    .filter((p) => p.top === from + 1 && p.top + p.height - 1 < to)
    .flatMap((p) => [...p.pixels]);
}

/** A gap between shapes, in lines, wider than any word space: what lies beyond it is another run of shapes. */
const RUN_GAP = 1.5;
/** A run with less ink than this share of the crop's largest one is the picture's (specks, a highlight). */
const RUN_INK = 0.25;

/**
 * The shapes without the small runs standing apart from the text (the columns they cover, RUN_GAP lines from any
 * other): a crop's wide margins take in specks of the picture, and a speck far off a line's end makes Tesseract
 * judge its word spaces by that gap and read the line as one word ("meetthenewteamm" at a confidence of 0).
 */
function withoutStrayRuns(shapes: Component[], line: number): Component[] {
  if (shapes.length < 2) return shapes;
  const runs: Component[][] = [];
  let right = Number.NEGATIVE_INFINITY;
  for (const c of [...shapes].sort((a, b) => a.left - b.left)) {
    if (c.left - right > RUN_GAP * line) runs.push([]);
    runs[runs.length - 1].push(c);
    right = Math.max(right, c.left + c.width);
  }
  if (runs.length === 1) return shapes;
  const ink = runs.map((r) => r.reduce((n, c) => n + c.pixels.length, 0));
  const most = Math.max(...ink);
  return runs.filter((_, i) => ink[i] >= RUN_INK * most).flat();
}

/**
 * Whether a line is outlined: most of the ink standing on the outlined letters' baseline (theirs of a letter's height,
 * LETTER_HEIGHT) is in outlined letters. A plain caption over a dark and a bright part of the picture is outlined only
 * in part, its other letters on the same baseline; a picture's bright patches round an outlined word (the highlights
 * of faces beside a pop) can outweigh the word, but stand on no baseline of its.
 */
function outlinedLine(letters: Component[], outlined: boolean[], line: number, share = OUTLINED_LINE): boolean {
  const outer = letters.filter((c, i) => outlined[i] && c.height >= LETTER_HEIGHT * line);
  if (!outer.length) return false;
  const baseline = median(outer.map((c) => c.top + c.height));
  const onIt = letters.map((c) => Math.abs(c.top + c.height - baseline) <= BASELINE_SLACK * line);
  const area = (pick: (i: number) => boolean) => letters.reduce((n, c, i) => n + (pick(i) && onIt[i] ? c.pixels.length : 0), 0);
  return area((i) => outlined[i]) >= share * area(() => true);
}

/**
 * The outlined letters and the letters that are one of them: a plain caption over a dark and a bright part of the
 * picture looks outlined where the picture is dark, and so does a caption on a translucent box where the picture under
 * it is dark. A letter between outlined ones, on their rows, is one of them ("THREE" lost its R over a bright arm); as
 * tall as they are and as heavy as a thin one, since a speck of the picture in a space would glue two words, and no
 * darker (`greyOf`: RESCUED_GREY), since skin keyed with yellow letters fills a word space as tall as they are
 * ("EVERY#MORNING", "FOLLOWĉFOR" read at a confidence of 0); on their
 * rows is within one line of those of them on its own line (TALL lines from the top of either to the foot of the
 * other; a caption of two lines has two sets of rows, and taken over both no letter was kept), where the lines'
 * outlined letters are about as tall (one pen: else one line is the picture's own text, and their rows are taken
 * over all of them: the kept letters key the crop's colour, and a key that shows the whole line with the picture's
 * text beside it keeps that text), since the outlined
 * ones need not hold the line's tallest letters: on a translucent box half over a white collar, an italic f (its top
 * above the t's) and a g (its foot a pixel below the q's) had no dark edge ("pasta atta", "se reto"). So is a
 * mark just over an outlined letter (an accent, a dot): a drop shadow falls on one side of it, too little of its small
 * edge to count as outlined ("Très" read "Tres"), though half as much as a letter's, and it is drawn with the letters'
 * pen, at least a quarter of a letter's ink a row. A speck with no dark edge is the picture, and so is a sliver (specks
 * over "TINY", a third of that, read as "BAKERY."). The span between outlined ones goes on over letters on their rows
 * whose edge is dark against their own grey (`darkAgainstOwn`), one within GOES_ON of it after another: over a white
 * bar a translucent box is grey, and "Attendez" lost "Atten". `edges` are the letters' shares of outlined edge
 * (outlinedEdge).
 */
function withOutlinedOnes(
  letters: Component[],
  edges: number[],
  line: number,
  darkAgainstOwn: (c: Component, i: number) => boolean,
  greyOf: (c: Component) => number,
): Component[] {
  const outlined = edges.map((e) => e >= OUTLINED_LETTER);
  const outer = letters.filter((_, i) => outlined[i]);
  const [height, weight] = [median(outer.map((c) => c.height)), median(outer.map((c) => c.pixels.length))];
  const inkPerRow = (c: Component) => c.pixels.length / c.height;
  const pen = median(outer.map(inkPerRow));
  const mark = (c: Component, i: number) =>
    c.height < MARK_HEIGHT * height && edges[i] >= OUTLINED_LETTER / 2 && inkPerRow(c) >= MARK_INK * pen && overALetter(c, outer, line);
  const lineOf = (c: Component) => outer.filter((o) => sharesRows(o, c));
  const lineHeights = outer.filter((c) => c.height >= LETTER_HEIGHT * line).map((c) => median(lineOf(c).map((o) => o.height)));
  const onePen = Math.min(...lineHeights) >= ONE_PEN * Math.max(...lineHeights);
  const letterOnRows = (c: Component) => {
    if (c.height < RESCUED_HEIGHT * height || c.pixels.length < RESCUED_WEIGHT * weight) return false;
    const own = onePen ? lineOf(c) : outer;
    if (!own.length) return false;
    const [top, bottom] = [Math.min(...own.map((o) => o.top)), Math.max(...own.map((o) => o.top + o.height))];
    return Math.max(bottom, c.top + c.height) - Math.min(top, c.top) <= TALL * line;
  };
  // The span between outlined ones, going on over letters dark against their own grey.
  const span = spanGrown(
    Math.min(...outer.map((c) => c.left)),
    Math.max(...outer.map((c) => c.left + c.width)),
    letters.filter((c, i) => letterOnRows(c) && darkAgainstOwn(c, i)),
    GOES_ON * line,
  );
  // The outlined letters' grey, read once a letter needs rescuing (most lines have none).
  let grey: number | undefined;
  const noDarker = (c: Component) => greyOf(c) >= (1 - RESCUED_GREY) * (grey ??= median(outer.map(greyOf)));
  return letters.filter(
    (c, i) => outlined[i] || mark(c, i) || (c.left >= span.left && c.left + c.width <= span.right && letterOnRows(c) && noDarker(c)),
  );
}

/** Share of a component's edge pixels with a dark pixel within `reach`. */
function outlinedEdge(
  c: Component,
  ink: Uint8Array,
  grey: Buffer,
  channels: number,
  w: number,
  h: number,
  reach: number,
  darkLevel: number,
): number {
  let edge = 0;
  let dark = 0;
  for (const i of c.pixels) {
    const x = i % w;
    const y = (i - x) / w;
    if (x > 0 && x < w - 1 && y > 0 && y < h - 1 && ink[i - 1] && ink[i + 1] && ink[i - w] && ink[i + w]) continue;
    edge++;
    search: for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const [xx, yy] = [x + dx, y + dy];
        if (xx < 0 || yy < 0 || xx >= w || yy >= h || grey[(yy * w + xx) * channels] > darkLevel) continue;
        dark++;
        break search;
      }
    }
  }
  return edge ? dark / edge : 0;
}

/** The mean grey of a shape's pixels. */
function meanGrey(c: Component, grey: Buffer, channels: number): number {
  let sum = 0;
  for (const i of c.pixels) sum += grey[i * channels];
  return sum / c.pixels.length;
}

/** The grey level under which `share` of the pixels lie. */
function darkest(grey: Buffer, channels: number, share: number): number {
  const hist = new Array<number>(256).fill(0);
  for (let i = 0; i < grey.length; i += channels) hist[grey[i]]++;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v];
    if (seen >= share * (grey.length / channels)) return v;
  }
  return 255;
}
