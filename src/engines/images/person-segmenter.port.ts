/** Cutting the person out of a photo (the port; the selfie model on @vladmandic/human is the adapter). */
export interface PersonSegmenter {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** The person in an RGB image (raw pixels) as an alpha mask: one byte per pixel, 255 = person. */
  segment(rgb: Buffer, width: number, height: number): Promise<Buffer>;
}
