import { type Photo, readPhoto } from '../../imaging/faces.js';
import type { Face } from './face-detector.port.js';
import { loadHuman } from './human.js';

/** Every face in the photo in `file`, upright, largest first (runs in a pool thread: the model loads once per thread). */
export async function detectFacesInFile(file: string): Promise<Face[]> {
  return detectFaces(await readPhoto(file));
}

/** Every face in a photo's pixels, largest first. */
export async function detectFaces({ rgb, width, height }: Photo): Promise<Face[]> {
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
