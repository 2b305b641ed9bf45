import type { Face } from '../../imaging/faces.js';

export type { Face };

/** Face detection with a 468-point face mesh (the port; @vladmandic/human on TensorFlow.js WebAssembly is the adapter). */
export interface FaceDetector {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** Every face in the photo in the image file (upright: its EXIF orientation applied), largest first. */
  detect(image: string, signal: AbortSignal): Promise<Face[]>;
}
