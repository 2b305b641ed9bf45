import fs from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '../process/run-process.js';
import type { OcrBudget, OcrEngine, OcrLine } from './ocr-engine.port.js';

/** The OCR port on the tesseract CLI (TESSERACT_PATH). */
export class TesseractOcr implements OcrEngine {
  readonly name = 'tesseract';
  private lists = 0;

  constructor(private readonly tesseract: string) {}

  /**
   * One tesseract process for the whole batch (a list file of images): loading its model costs more CPU than
   * reading a caption crop. `--psm 6` reads one block; TSV gives each word with its line and confidence.
   */
  async readBlocks(images: string[], budget: OcrBudget): Promise<OcrLine[][]> {
    const list = path.join(budget.workDir, `ocr-list-${process.pid}-${this.lists++}.txt`);
    await fs.writeFile(list, `${images.join('\n')}\n`);
    try {
      const { stdout } = await runProcess(this.tesseract, [list, '-', '--psm', '6', '-c', 'tessedit_do_invert=0', 'tsv'], {
        signal: budget.signal,
        timeoutMs: budget.timeoutMs,
        cpuLimitMs: budget.cpuLimitMs,
        name: 'tesseract',
        background: true,
        // Callers run batches in parallel: tesseract's own OpenMP threads would only fight over the cores.
        env: { OMP_THREAD_LIMIT: '1' },
      });
      return linesPerPage(stdout, images.length);
    } finally {
      await fs.rm(list, { force: true });
    }
  }

  /** `--psm 4`: one column of text of varying size; plain text out. */
  async readPage(image: string, budget: OcrBudget): Promise<string[]> {
    const { stdout } = await runProcess(this.tesseract, [image, '-', '--psm', '4'], {
      signal: budget.signal,
      timeoutMs: budget.timeoutMs,
      cpuLimitMs: budget.cpuLimitMs,
      name: 'tesseract',
    });
    return stdout.split('\n');
  }
}

/** Tesseract's TSV (one row per word, with page/block/paragraph/line numbers, box and confidence) as lines per page. */
function linesPerPage(tsv: string, pages: number): OcrLine[][] {
  const byLine = Array.from({ length: pages }, () => new Map<string, OcrLine>());
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const page = byLine[Number(c[1]) - 1];
    const text = c[11].trim();
    if (!page || !text) continue;
    const key = `${c[2]}.${c[3]}.${c[4]}`;
    if (!page.has(key)) page.set(key, { words: [] });
    const [left, top, width, height] = c.slice(6, 10).map(Number);
    page.get(key)!.words.push({ text, confidence: Number(c[10]), box: { left, top, width, height } });
  }
  return byLine.map((lines) => [...lines.values()]);
}
