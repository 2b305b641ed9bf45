import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let loading: Promise<{ cv: any }> | null = null;

/**
 * OpenCV compiled to WebAssembly (@techstark/opencv-js), loaded once on first use (about 0.5 s). The module
 * is a thenable that never settles as a promise value, so it is handed out wrapped: `{ cv }`.
 */
export function loadOpenCv(): Promise<{ cv: any }> {
  return (loading ??= new Promise((resolve) => {
    const mod = require('@techstark/opencv-js');
    if (mod.Mat) resolve({ cv: mod });
    else mod.onRuntimeInitialized = () => resolve({ cv: mod });
  }));
}
