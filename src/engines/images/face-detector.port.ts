import type { Face, Photo } from '../../media/faces.js';

export type { Face, Photo };

/** Face detection with a 468-point face mesh (the port; @vladmandic/human on TensorFlow.js WebAssembly is the adapter). */
export interface FaceDetector {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** Every face in the photo, largest first. */
  detect(photo: Photo): Promise<Face[]>;
}
