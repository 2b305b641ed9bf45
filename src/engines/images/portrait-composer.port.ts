import type { Face } from '../../imaging/faces.js';
import type { PortraitStyle } from '../../imaging/portrait.js';

export type { PortraitStyle };

/** An editorial portrait composed offline from a face photo (the port; selfie segmentation and sharp are the adapter). */
export interface PortraitComposer {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** A 1024x1024 JPEG of the person whose `face` was found in the image file, on a backdrop in `style`'s colours. */
  compose(call: { image: string; face: Face; style: PortraitStyle; signal: AbortSignal }): Promise<Buffer>;
}
