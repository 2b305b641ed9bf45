import fs from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../process/run-process.js';

/**
 * The words of a Tesseract model's dictionary (its `lstm-word-dawg`, read with Tesseract's own combine_tessdata and
 * dawg2wordlist), in lower case. Kept as one sorted string searched by halves: a Set of its 200,000 words took 25 MB
 * of a worker's heap (and 0.5 s of its main thread to build), this takes 4.
 */
export class KnownWords {
  private constructor(
    private readonly text: string,
    private readonly starts: Uint32Array,
  ) {}

  /** The dictionary of `traineddata`, unpacked in `workDir` with the tools found beside `tesseract`. */
  static async of(traineddata: string, tesseract: string, workDir: string, signal: AbortSignal): Promise<KnownWords> {
    const tool = (name: string) => (path.isAbsolute(tesseract) ? path.join(path.dirname(tesseract), name) : name);
    const dir = await fs.mkdtemp(path.join(workDir, 'known-words-'));
    try {
      // combine_tessdata names the part it unpacks by the file name's suffix.
      const [dawg, unicharset, list] = ['model.lstm-word-dawg', 'model.lstm-unicharset', 'words.txt'].map((f) => path.join(dir, f));
      const options = { signal, timeoutMs: 30_000, background: true };
      await runProcess(tool('combine_tessdata'), ['-e', traineddata, dawg, unicharset], { ...options, name: 'combine_tessdata' });
      await runProcess(tool('dawg2wordlist'), [unicharset, dawg, list], { ...options, name: 'dawg2wordlist' });
      await fs.writeFile(list, (await fs.readFile(list, 'utf8')).toLowerCase());
      // sort's byte order in the C locale is the order of code points, which is the order `<` compares in.
      await runProcess('sort', ['-u', '-o', list, list], { ...options, name: 'sort', env: { LC_ALL: 'C' } });
      return KnownWords.sorted(await fs.readFile(list, 'utf8'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** Words, in any order and case. */
  static from(words: string[]): KnownWords {
    return KnownWords.sorted(`${[...new Set(words.map((w) => w.toLowerCase()))].sort().join('\n')}\n`);
  }

  /** Lower-case words one a line, sorted, each once: where each starts is all that is built (no string a word). */
  private static sorted(lines: string): KnownWords {
    const text = lines.endsWith('\n') ? lines : `${lines}\n`;
    const starts = [0];
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    return new KnownWords(text, Uint32Array.from(starts));
  }

  has(word: string): boolean {
    const wanted = word.toLowerCase();
    let [lo, hi] = [0, this.starts.length - 2];
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.text.slice(this.starts[mid], this.starts[mid + 1] - 1);
      if (at === wanted) return true;
      if (at < wanted) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}
