/** Crops per OCR call (one tesseract process), at most: loading its model costs more than reading a caption crop. */
const MAX_BATCH = 24;
/** Glimpses per core that are read with the regions that stay rather than after them (a batch more per core costs a model load). */
const FEW_GLIMPSES = 4;

/**
 * Crops to read, in batches (one OCR call each): first those of regions seen in more than one sample, longest on screen
 * first, then the glimpses (a region of one sample), each set spread over the cores. When the step's time runs out (a
 * busy machine, a screen of texture whose every region is a glimpse), glimpses are what is lost, not a caption that
 * stays. A few glimpses (FEW_GLIMPSES a core) are read with the rest, so the batches are what they would be unordered.
 */
export function readBatches<T extends { track: { samples: unknown[] } }>(jobs: T[], cores: number): T[][] {
  const ordered = [...jobs].sort((a, b) => b.track.samples.length - a.track.samples.length);
  const split = ordered.findIndex((j) => j.track.samples.length < 2);
  const few = split < 0 || ordered.length - split <= FEW_GLIMPSES * cores;
  const sets = few ? [ordered] : [ordered.slice(0, split), ordered.slice(split)];
  return sets.flatMap((set) => {
    const size = Math.min(MAX_BATCH, Math.ceil(set.length / cores));
    const batches: T[][] = [];
    for (let i = 0; i < set.length; i += size) batches.push(set.slice(i, i + size));
    return batches;
  });
}
