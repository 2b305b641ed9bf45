/** A point in image pixels: [x, y]. */
export type Point = [number, number];

export interface DocumentScan {
  /** The scan: a grayscale PNG. */
  png: Buffer;
  width: number;
  height: number;
  /** The page outline in input pixels (TL, TR, BR, BL), or null when none was found. */
  corners: Point[] | null;
  /** Set when the scan is not a flattened page (no outline was found). */
  note?: string;
}

/** A photographed document made a flat, evenly lit scan (the port; OpenCV compiled to WebAssembly is the adapter). */
export interface DocumentScanner {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** The scan of the document photographed in the image file. */
  scan(image: string, signal: AbortSignal): Promise<DocumentScan>;
}
