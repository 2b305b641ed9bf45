import type { Face } from '../../imaging/faces.js';
import { readPhoto } from '../../imaging/faces.js';
import { composePortrait, type PortraitStyle } from '../../imaging/portrait.js';
import { segmentPerson } from './selfie-segmentation.js';

/** The portrait of the photo in `file` (runs in a pool thread). */
export async function composePortraitOfFile(file: string, face: Face, style: PortraitStyle): Promise<Uint8Array> {
  return composePortrait(await readPhoto(file), face, style, segmentPerson);
}
