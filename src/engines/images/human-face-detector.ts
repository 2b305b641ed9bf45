import { detectFaces } from '../../media/faces.js';
import type { Face, FaceDetector, Photo } from './face-detector.port.js';

/** The face port on @vladmandic/human's face mesh (models in its npm package), loaded on first use. */
export class HumanFaceDetector implements FaceDetector {
  readonly name = '@vladmandic/human facemesh (tfjs wasm)';

  detect(photo: Photo): Promise<Face[]> {
    return detectFaces(photo.rgb, photo.width, photo.height);
  }
}
