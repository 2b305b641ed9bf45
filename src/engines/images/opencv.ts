import { createRequire } from 'node:module';
import type { CV } from '@techstark/opencv-js';

const require = createRequire(import.meta.url);
let loading: Promise<{ cv: CV }> | null = null;

/**
 * OpenCV compiled to WebAssembly (@techstark/opencv-js), loaded once on first use (about 0.5 s). The module
 * is a thenable that never settles as a promise value, so it is handed out wrapped: `{ cv }`.
 */
export function loadOpenCv(): Promise<{ cv: CV }> {
  return (loading ??= new Promise((resolve) => {
    // Before the WebAssembly runtime is up the module has no Mat yet, only the hook that announces it.
    const mod = require('@techstark/opencv-js') as CV & { onRuntimeInitialized: () => void };
    if ('Mat' in mod && mod.Mat) resolve({ cv: mod });
    else mod.onRuntimeInitialized = () => resolve({ cv: mod });
  }));
}
