/** One word read, with the engine's confidence (0-100) and, when the engine gives it, where it is in the image (pixels). */
export interface OcrWord {
  text: string;
  confidence: number;
  box?: { left: number; top: number; width: number; height: number };
  /** For each letter of `text` in order, the other letters the engine weighed there (best first), when it gives them. */
  choices?: string[][];
}

/** One line of text read: its words in order. */
export interface OcrLine {
  words: OcrWord[];
}

export interface OcrBudget {
  signal: AbortSignal;
  /** Wall-clock bound of the call. */
  timeoutMs: number;
  /** CPU bound of the call (a busy machine does not make it fire early); none when absent. */
  cpuLimitMs?: number;
  /** Where the engine may write scratch files (the job's work directory). */
  workDir: string;
}

/**
 * Optical character recognition (the port; the tesseract CLI is the adapter). A call that overruns its
 * budget or is aborted rejects, and kills what it started.
 */
export interface OcrEngine {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /**
   * Reads each image as one uniform block of text (a caption crop): lines per image, in the images' order. An engine
   * that reads a crop again (a second model) does so only where `worthRereading` says yes of the first reading.
   */
  readBlocks(images: string[], budget: OcrBudget, worthRereading?: (lines: OcrLine[]) => boolean): Promise<OcrLine[][]>;
  /** Reads a photographed page (one column of text of varying size, e.g. a menu): its text lines. */
  readPage(image: string, budget: OcrBudget): Promise<string[]>;
}
