import { stat } from 'node:fs/promises';
import { untilAborted } from '../until-aborted.js';

/** How many files' readings are kept (each a few KB of parsed JSON): a worker's jobs in flight, with room. */
const KEEP = 64;

/**
 * One reading of a file for every caller while the file is unchanged (same path, size and modification time): a
 * job's steps each probe its video, and one ffprobe run serves them all. A reading started for a caller whose signal
 * then aborts is read again for the next; a failed reading is not kept.
 */
export class SharedReadings<T> {
  private readonly readings = new Map<string, { reading: Promise<T>; owner: AbortSignal }>();

  constructor(private readonly read: (file: string, signal: AbortSignal) => Promise<T>) {}

  async get(file: string, signal: AbortSignal): Promise<T> {
    const key = await fileKey(file);
    if (key === null) return this.read(file, signal);
    let entry = this.readings.get(key);
    if (!entry) {
      entry = { reading: this.read(file, signal), owner: signal };
      this.keep(key, entry);
    }
    try {
      return await untilAborted(entry.reading, signal);
    } catch (err) {
      // The reading of another caller, cancelled: this caller reads for itself.
      if (!signal.aborted && entry.owner !== signal && entry.owner.aborted) return this.read(file, signal);
      throw err;
    }
  }

  private keep(key: string, entry: { reading: Promise<T>; owner: AbortSignal }): void {
    this.readings.set(key, entry);
    entry.reading.catch(() => {
      if (this.readings.get(key) === entry) this.readings.delete(key);
    });
    // Maps keep insertion order: the oldest reading goes first.
    if (this.readings.size > KEEP) this.readings.delete(this.readings.keys().next().value as string);
  }
}

/** The file's path, size and modification time, or null when it cannot be read (the reading says why). */
async function fileKey(file: string): Promise<string | null> {
  try {
    const s = await stat(file);
    return `${file}\0${s.size}\0${s.mtimeMs}`;
  } catch {
    return null;
  }
}
