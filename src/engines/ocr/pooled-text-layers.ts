import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { CpuPool } from '../cpu-pool/cpu-pool.js';
import type { TextLayer, TextLayerCache, TextLayers, TextRegion } from './text-layers.port.js';

/**
 * The text-layer port on imaging/text-regions.ts, its pixel loops run in the CPU pool's threads. The cache of a video's
 * layers stays with the step, here: a grey copy whose bytes were seen before gives the layer found then, as
 * findTextLayer's own cache would (it cannot reach a thread).
 */
export class PooledTextLayers implements TextLayers {
  constructor(private readonly pool: CpuPool) {}

  async find(
    file: string,
    gray: string | undefined,
    cache: TextLayerCache,
    signal: AbortSignal,
    neighbours: string[] = [],
  ): Promise<TextLayer> {
    // The grey copies are read once, here: their bytes key the cache and go to the thread. A neighbour the same as the
    // frame tells nothing (a still picture), and leaves the key as the frame's alone.
    const bytes = gray ? await fs.readFile(gray) : undefined;
    const hash = (b: Buffer) => createHash('sha1').update(b).digest('hex');
    const own = bytes ? hash(bytes) : null;
    const others = bytes ? (await Promise.all(neighbours.map((n) => fs.readFile(n)))).filter((n) => !n.equals(bytes)) : [];
    const key = own ? [own, ...others.map(hash)].join(' ') : null;
    const known = key && cache.get(key);
    if (known) return known;
    const layer = await this.pool.run('findTextLayer', [file, bytes, others], signal);
    if (key) cache.set(key, layer);
    return layer;
  }

  crop(file: string, layer: TextLayer, region: TextRegion, out: string, signal: AbortSignal): Promise<void> {
    return this.pool.run('binarisedCrop', [file, layer, region, out], signal);
  }
}
