import { dilateMask } from './open-mask.js';

/**
 * The light strokes of `light` (a 0/1 mask of the pixels that stand out of their surroundings) joined by the pixels
 * beside them in `near` (those that stand out less, stand-out.ts): at the analysis size a thin or outlined light
 * stroke, shrunk beside its outline, stands out fully only in pieces of a pixel or two, which no letter test takes for
 * a letter. One ring of weaker pixels, and only beside strong ones: texture weakly brighter than its surroundings
 * stays out.
 */
export function joinedLightStrokes(light: Uint8Array, near: Uint8Array, w: number, h: number): Uint8Array {
  const joined = dilateMask(light, w, h, 1);
  for (let i = 0; i < joined.length; i++) joined[i] = light[i] | (near[i] & joined[i]);
  return joined;
}
