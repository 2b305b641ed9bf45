import type { Face } from '../../imaging/faces.js';
import type { PortraitStyle } from '../../imaging/portrait.js';
import type { CpuPool } from '../cpu-pool/cpu-pool.js';
import type { PortraitComposer } from './portrait-composer.port.js';

/** The portrait port: the person cut out by the selfie segmentation model and composed with sharp, in the CPU pool. */
export class SelfiePortraitComposer implements PortraitComposer {
  readonly name = 'offline composition (selfie segmentation, sharp)';

  constructor(private readonly pool: CpuPool) {}

  async compose(call: { image: string; face: Face; style: PortraitStyle; signal: AbortSignal }): Promise<Buffer> {
    const jpeg = await this.pool.run('composePortrait', [call.image, call.face, call.style], call.signal);
    return Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength); // a Buffer crosses threads as a Uint8Array
  }
}
