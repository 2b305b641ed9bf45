import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
let loading: Promise<{ human: any }> | null = null;

export interface Face {
  box: [number, number, number, number];
  /** 468 facemesh points [x, y, z] in image pixels. */
  mesh: Array<[number, number, number]>;
  /** Head yaw, pitch and roll in degrees. */
  yaw: number;
  pitch: number;
  roll: number;
  score: number;
}

/**
 * Face detection and the 468-point face mesh with @vladmandic/human, whose models ship inside its npm
 * package, on TensorFlow.js's WebAssembly backend (its .wasm files ship in npm too; tfjs-node would
 * download a library at install). Loaded once, on first use, wrapped as `{ human }`.
 */
export function loadHuman(): Promise<{ human: any }> {
  return (loading ??= (async () => {
    // Neither package exports its package.json: find their folders from their main files.
    const pkg = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
    const wasm = path.resolve(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '..');
    const { Human } = require(path.join(pkg, 'dist', 'human.node-wasm.js'));
    const human = new Human({
      backend: 'wasm',
      wasmPath: `${pathToFileURL(path.join(wasm, 'dist'))}/`,
      modelBasePath: `${pathToFileURL(path.join(pkg, 'models'))}/`,
      debug: false,
      // Human is built for video: by default it reuses the last frame's faces when the input looks alike.
      // Every photo here is a new request, so nothing may carry over from the one before.
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { maxDetected: 5, rotation: true, minConfidence: 0.5, skipFrames: 0, skipTime: 0 },
        mesh: { enabled: true, skipFrames: 0, skipTime: 0 } as any,
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    await withFileFetch(async () => {
      await human.load();
      await human.warmup();
    });
    return { human };
  })().catch((err) => {
    loading = null;
    throw err;
  }));
}

/**
 * Node 20's fetch cannot read file:// URLs, which Human and TF.js use for models and .wasm files: answer
 * those from disk while `load` runs, then give fetch back untouched (other URLs pass through meanwhile).
 */
export async function withFileFetch<T>(load: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = (async (url: any, init?: any) => {
    const u = String(url instanceof Request ? url.url : url);
    if (!u.startsWith('file://')) return original(url, init);
    const data = fs.readFileSync(new URL(u));
    return new Response(data, { headers: { 'content-type': u.endsWith('.json') ? 'application/json' : u.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream' } });
  }) as typeof fetch;
  try {
    return await load();
  } finally {
    globalThis.fetch = original;
  }
}

/**
 * The one person a portrait or a haircut is about: the largest face, unless another face of similar size
 * (over a quarter of its area) competes with it; a crowd far behind is fine. A string says what is wrong.
 */
export function pickOneFace(faces: Face[]): Face | string {
  if (faces.length === 0) return 'no face was found in the photo; send a clear, front-facing photo of one face';
  const main = faces[0];
  const rivals = faces.slice(1).filter((f) => f.box[2] * f.box[3] > 0.25 * main.box[2] * main.box[3]);
  if (rivals.length) return `${rivals.length + 1} faces were found in the photo; send a photo of one person`;
  return main;
}

/** A photo's pixels, upright (EXIF orientation applied), RGB without alpha. */
export interface Photo {
  rgb: Buffer;
  width: number;
  height: number;
}

export async function readPhoto(file: string): Promise<Photo> {
  const { data, info } = await sharp(file).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/** Every face in an RGB image (raw pixels), largest first. */
export async function detectFaces(rgb: Buffer, width: number, height: number): Promise<Face[]> {
  const { human } = await loadHuman();
  const tensor = human.tf.tensor3d(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength), [height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    const deg = (r: number | undefined) => ((r ?? 0) * 180) / Math.PI;
    return result.face
      .filter((f: any) => f.mesh?.length >= 468)
      .map((f: any) => ({ box: f.box, mesh: f.mesh, yaw: deg(f.rotation?.angle?.yaw), pitch: deg(f.rotation?.angle?.pitch), roll: deg(f.rotation?.angle?.roll), score: f.score }))
      .sort((a: Face, b: Face) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  } finally {
    tensor.dispose();
  }
}
