import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Human } from '@vladmandic/human';

const require = createRequire(import.meta.url);
let loading: Promise<{ human: Human }> | null = null;

/**
 * Face detection and the 468-point face mesh with @vladmandic/human, whose models ship inside its npm
 * package, on TensorFlow.js's WebAssembly backend (its .wasm files ship in npm too; tfjs-node would
 * download a library at install). Loaded once, on first use, wrapped as `{ human }`.
 */
export function loadHuman(): Promise<{ human: Human }> {
  return (loading ??= (async () => {
    // Neither package exports its package.json: find their folders from their main files.
    const pkg = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
    const wasm = path.resolve(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '..');
    // The WebAssembly build, loaded by its path: the package's exports do not offer it.
    const wasmBuild = require(path.join(pkg, 'dist', 'human.node-wasm.js')) as typeof import('@vladmandic/human');
    const human = new wasmBuild.Human({
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
        mesh: { enabled: true, skipFrames: 0, skipTime: 0 },
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
  globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url instanceof Request ? url.url : url);
    if (!u.startsWith('file://')) return original(url, init);
    const data = fs.readFileSync(new URL(u));
    return new Response(data, {
      headers: {
        'content-type': u.endsWith('.json') ? 'application/json' : u.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
      },
    });
  }) as typeof fetch;
  try {
    return await load();
  } finally {
    globalThis.fetch = original;
  }
}
