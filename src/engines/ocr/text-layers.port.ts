import type { CropPlace, TextLayer, TextLayerCache, TextRegion } from '../../imaging/text-layer.js';

export type { CropPlace, TextLayer, TextLayerCache, TextRegion };

/**
 * Where a frame may carry captions, and those regions cut out ready for OCR (the port; imaging/text-regions.ts run in
 * the CPU pool's threads is the adapter): the pixel work before a crop is read.
 */
export interface TextLayers {
  /** The caption layer of a frame (`gray`: its grey copy at the analysis width); `cache`: layers found before in the same video. */
  find(file: string, gray: string | undefined, cache: TextLayerCache, signal: AbortSignal): Promise<TextLayer>;
  /** The region cut from the frame, zoomed and binarised, written to `out` as a binary PGM; where it was cut. */
  crop(file: string, layer: TextLayer, region: TextRegion, out: string, signal: AbortSignal): Promise<CropPlace>;
}
