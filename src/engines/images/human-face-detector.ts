import type { CpuPool } from '../cpu-pool/cpu-pool.js';
import type { Face, FaceDetector } from './face-detector.port.js';

/** The face port on @vladmandic/human's face mesh (models in its npm package), run in the CPU pool's threads. */
export class HumanFaceDetector implements FaceDetector {
  readonly name = '@vladmandic/human facemesh (tfjs wasm)';

  constructor(private readonly pool: CpuPool) {}

  detect(image: string, signal: AbortSignal): Promise<Face[]> {
    return this.pool.run('detectFaces', [image], signal);
  }
}
