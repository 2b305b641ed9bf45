/** Crops per OCR call (one tesseract process): at most, and in the first calls of a round of reads. */
const MAX_BATCH = 24;
const FIRST_BATCH = 4;

/**
 * Crops to read, likeliest captions first, in batches (one OCR call each) of growing size, as many of each size as there
 * are cores. A region on screen over more samples comes before a glimpse, and the first batches are small, so when the
 * step's time runs out (a busy machine, a screen of texture) glimpses are what is lost; the last are up to MAX_BATCH,
 * so a screen of texture costs few model loads. No batch is larger than the jobs spread over the cores.
 */
export function readBatches<T extends { track: { samples: unknown[] } }>(jobs: T[], cores: number): T[][] {
  const ordered = [...jobs].sort((a, b) => b.track.samples.length - a.track.samples.length);
  const most = Math.min(MAX_BATCH, Math.ceil(jobs.length / cores));
  const batches: T[][] = [];
  for (let i = 0, size = Math.min(FIRST_BATCH, most); i < ordered.length; i += size) {
    if (batches.length && batches.length % cores === 0) size = Math.min(most, size * 2);
    batches.push(ordered.slice(i, i + size));
  }
  return batches;
}
