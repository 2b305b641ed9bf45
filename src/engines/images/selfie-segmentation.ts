import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Human } from '@vladmandic/human';
import { loadHuman, withFileFetch } from './human.js';

/** MediaPipe Selfie Segmentation as a TF.js graph model, kept in the repository (models/README.md says where from). */
const SELFIE_MODEL = pathToFileURL(fileURLToPath(new URL('../../../../models/selfie/selfie.json', import.meta.url))).href;
const SEGMENTATION = { segmentation: { enabled: true, modelPath: SELFIE_MODEL, mode: 'alpha' as const } };
let warmed: Promise<void> | null = null;

/**
 * The person in an RGB image (raw pixels) as an alpha mask, one byte per pixel (255 = person): the selfie model run
 * by @vladmandic/human on the TF.js WebAssembly backend, about 70 ms for a 512 px photo. Runs in a CPU pool thread
 * (the portrait composer's), where the model loads once.
 */
export async function segmentPerson(rgb: Buffer, width: number, height: number): Promise<Buffer> {
  const { human } = await loadHuman();
  // The model loads on its first use, from disk: only that call needs file:// fetches.
  await (warmed ??= withFileFetch(() => run(human, Buffer.alloc(64 * 64 * 3), 64, 64)).then(
    () => undefined,
    (err) => {
      warmed = null;
      throw err;
    },
  ));
  return run(human, rgb, width, height);
}

async function run(human: Human, rgb: Buffer, width: number, height: number): Promise<Buffer> {
  const input = human.tf.tensor3d(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength), [height, width, 3], 'int32');
  let alpha: Awaited<ReturnType<Human['segmentation']>> = null;
  try {
    alpha = await human.segmentation(input, SEGMENTATION);
    if (!alpha) throw new Error('the segmentation model did not run');
    const values = await alpha.data();
    const [h, w] = alpha.shape;
    if (h !== height || w !== width) throw new Error(`the segmentation mask is ${w}x${h}, not ${width}x${height}`);
    return Buffer.from(Uint8Array.from(values, (v) => (v < 0 ? 0 : Math.min(v, 255))));
  } finally {
    input.dispose();
    alpha?.dispose();
  }
}
