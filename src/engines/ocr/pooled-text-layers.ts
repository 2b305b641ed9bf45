import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { CpuPool } from '../cpu-pool/cpu-pool.js';
import type { CropPlace, TextLayer, TextLayerCache, TextLayers, TextRegion } from './text-layers.port.js';

/**
 * The text-layer port on imaging/text-regions.ts, its pixel loops run in the CPU pool's threads. The cache of a video's
 * layers stays with the step, here: a grey copy whose bytes were seen before gives the layer found then, as
 * findTextLayer's own cache would (it cannot reach a thread).
 */
export class PooledTextLayers implements TextLayers {
  constructor(private readonly pool: CpuPool) {}

  async find(file: string, gray: string | undefined, cache: TextLayerCache, signal: AbortSignal): Promise<TextLayer> {
    // The grey copy is read once, here: its bytes key the cache and go to the thread.
    const bytes = gray ? await fs.readFile(gray) : undefined;
    const key = bytes ? createHash('sha1').update(bytes).digest('hex') : null;
    const known = key && cache.get(key);
    if (known) return known;
    const layer = await this.pool.run('findTextLayer', [file, bytes], signal);
    if (key) cache.set(key, layer);
    return layer;
  }

  crop(file: string, layer: TextLayer, region: TextRegion, out: string, signal: AbortSignal): Promise<CropPlace> {
    // Only the sizes go to the thread: the mask (a quarter of a MB a frame) would be cloned for each crop, unused.
    const { scale, sourceWidth, sourceHeight } = layer;
    return this.pool.run('binarisedCrop', [file, { scale, sourceWidth, sourceHeight }, region, out], signal);
  }
}
