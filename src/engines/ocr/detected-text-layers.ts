import { type Box, otsu, type TextLayer, type TextLayerCache, type TextRegion } from '../../imaging/text-regions.js';
import type { PpOcrTextBoxes } from './ppocr-text-boxes.js';
import type { TextLayers } from './text-layers.port.js';

/** Detected lines kept a frame, the tallest first (as many as the region finder keeps). */
const MAX_REGIONS = 6;
/** Lines shorter than this (frame pixels) are too small to read. */
const MIN_LINE = 8;

/**
 * The region finder, and where it finds nothing in a frame, a scene-text detector's lines as its regions: small,
 * low-contrast, shadowed text the finder's bright and contrast strokes miss. Each line is cut and read as a region
 * is (binarised crop, Tesseract); its polarity is the minority side of the line's own split (text covers less of its
 * box than the background). A frame is given to the detector once: the layer, cached by the step, keeps its lines.
 */
export class DetectedTextLayers implements TextLayers {
  private readonly detected = new WeakSet<TextLayer>();

  constructor(
    private readonly finder: TextLayers,
    private readonly detector: PpOcrTextBoxes,
  ) {}

  async find(file: string, gray: string | undefined, cache: TextLayerCache, signal: AbortSignal): Promise<TextLayer> {
    const layer = await this.finder.find(file, gray, cache, signal);
    if (layer.regions.length || this.detected.has(layer)) return layer;
    this.detected.add(layer);
    const boxes = (await this.detector.find(file)).filter((b) => b.height >= MIN_LINE && b.width >= MIN_LINE);
    boxes.sort((a, b) => b.height - a.height);
    const kept = boxes.slice(0, MAX_REGIONS);
    const dark = await darkOnLight(file, kept);
    layer.regions.push(...kept.map((b, i) => regionOf(b, layer, dark[i])));
    return layer;
  }

  crop(file: string, layer: TextLayer, region: TextRegion, out: string, signal: AbortSignal): Promise<void> {
    return this.finder.crop(file, layer, region, out, signal);
  }
}

/** A detected line (frame pixels) as a region of the layer (analysis pixels), inside the frame. */
function regionOf(b: Box, layer: TextLayer, lightBackground: boolean): TextRegion {
  const s = layer.scale;
  const left = Math.max(0, Math.floor(b.left / s));
  const top = Math.max(0, Math.floor(b.top / s));
  return {
    left,
    top,
    width: Math.max(1, Math.min(layer.width - left, Math.ceil((b.left + b.width) / s) - left)),
    height: Math.max(1, Math.min(layer.height - top, Math.ceil((b.top + b.height) / s) - top)),
    lightBackground,
    // The detector's box holds the letters' ascenders and descenders with a little margin.
    line: (0.8 * b.height) / s,
    byContrast: !lightBackground,
  };
}

/** Per line, whether its text is darker than its background: the darker side of the line's Otsu split covers less. */
async function darkOnLight(file: string, boxes: Box[]): Promise<boolean[]> {
  if (!boxes.length) return [];
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  return boxes.map((b) => {
    const [x0, y0] = [Math.max(0, Math.floor(b.left)), Math.max(0, Math.floor(b.top))];
    const [x1, y1] = [Math.min(info.width, Math.ceil(b.left + b.width)), Math.min(info.height, Math.ceil(b.top + b.height))];
    const line = new Uint8Array(Math.max(0, x1 - x0) * Math.max(0, y1 - y0));
    let k = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) line[k++] = data[(y * info.width + x) * info.channels];
    const t = otsu(line, 1);
    return line.filter((v) => v < t).length < line.length / 2;
  });
}
