import type { Face, FaceDetector, Photo } from './face-detector.port.js';
import { loadHuman } from './human.js';

/** The face port on @vladmandic/human's face mesh (models in its npm package), loaded on first use. */
export class HumanFaceDetector implements FaceDetector {
  readonly name = '@vladmandic/human facemesh (tfjs wasm)';

  detect(photo: Photo): Promise<Face[]> {
    return detectFaces(photo.rgb, photo.width, photo.height);
  }
}

/** Every face in an RGB image (raw pixels), largest first. */
async function detectFaces(rgb: Buffer, width: number, height: number): Promise<Face[]> {
  const { human } = await loadHuman();
  const tensor = human.tf.tensor3d(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength), [height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    const deg = (r: number | undefined) => ((r ?? 0) * 180) / Math.PI;
    return result.face
      .filter((f) => f.mesh?.length >= 468)
      .map((f) => ({
        box: f.box,
        mesh: f.mesh as Face['mesh'], // facemesh points carry their depth (z)
        yaw: deg(f.rotation?.angle?.yaw),
        pitch: deg(f.rotation?.angle?.pitch),
        roll: deg(f.rotation?.angle?.roll),
        score: f.score,
      }))
      .sort((a: Face, b: Face) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  } finally {
    tensor.dispose();
  }
}
