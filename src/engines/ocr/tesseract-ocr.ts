import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../process/run-process.js';
import { mayBeGlued, splitAtSpaces } from './glued-words.js';
import { lettersByWord, type ReadLetter, withChoices, wordKey } from './hocr-letters.js';
import { KnownWords } from './known-words.js';
import type { OcrBudget, OcrEngine, OcrLine } from './ocr-engine.port.js';
import { mendedReading, needsSecondModel } from './second-model.js';

/**
 * TSV gives each word with its line and confidence, hOCR each word's letter boxes and each letter's other choices (set
 * as variables: the `tsv` and `hocr` config files live in Tesseract's own tessdata, not beside the shipped model).
 */
const OUTPUTS = ['-c', 'tessedit_create_tsv=1', '-c', 'tessedit_create_hocr=1', '-c', 'hocr_char_boxes=1', '-c', 'lstm_choice_mode=2'];

/** Tesseract's English model: captions are read with it where the model asked for is nowhere. */
const FALLBACK_MODEL = 'eng';

/** The OCR port on the tesseract CLI (TESSERACT_PATH). */
export class TesseractOcr implements OcrEngine {
  readonly name = 'tesseract';
  private lists = 0;

  private model?: Promise<string[]>;
  private dictionary?: Promise<KnownWords | undefined>;

  /** `caption`: the model captions are read with (TESSERACT_LANG) and the folder it is looked for in first; pages keep Tesseract's default. */
  constructor(
    private readonly tesseract: string,
    private readonly caption: { lang: string; dataDir?: string } = { lang: FALLBACK_MODEL },
  ) {}

  /**
   * The arguments that pick the caption model: each of its models (`eng+Latin`: two) taken from `dataDir`
   * (models/tessdata), else from Tesseract's own tessdata; a model found in neither is left out, and with none left
   * the English model reads the captions (without their accents). Found once per engine.
   */
  private captionModel(signal: AbortSignal): Promise<string[]> {
    this.model ??= this.findCaptionModel(signal).catch(() => {
      this.model = undefined; // a cancelled job's check is not the machine's answer: ask again next time
      return ['-l', FALLBACK_MODEL];
    });
    return this.model;
  }

  private async findCaptionModel(signal: AbortSignal): Promise<string[]> {
    const { lang, dataDir } = this.caption;
    const inDataDir = (name: string) => !!dataDir && existsSync(path.join(dataDir, `${name}.traineddata`));
    const names = lang.split('+');
    if (names.every(inDataDir)) return ['--tessdata-dir', dataDir!, '-l', lang];
    // The fallback itself needs no asking whether it is there.
    if (lang === FALLBACK_MODEL) return ['-l', FALLBACK_MODEL];
    const own = await this.ownTessdata(signal);
    const found = names.filter((name) => inDataDir(name) || (own && existsSync(path.join(own, `${name}.traineddata`))));
    if (!found.length || !own) return ['-l', FALLBACK_MODEL];
    if (!found.some(inDataDir)) return ['-l', found.join('+')];
    // Tesseract reads every model of a combination from one folder: the models spread over two are linked into one.
    return [
      '--tessdata-dir',
      linkedModels(found.map((name) => path.join(inDataDir(name) ? dataDir! : own, `${name}.traineddata`))),
      '-l',
      found.join('+'),
    ];
  }

  /**
   * The crops' lines in the caption model. A crop it read a word of unsurely, or with a letter no European alphabet
   * writes, is read again with the English model and mended word by word with that reading (second-model.ts): the
   * Latin-script model reads accents the English one drops, but reads some plain words less surely. A crop the caller
   * finds not `worthRereading` (texture) keeps its first reading.
   */
  async readBlocks(images: string[], budget: OcrBudget, worthRereading = (_: OcrLine[]) => true): Promise<OcrLine[][]> {
    const started = Date.now();
    const model = await this.captionModel(budget.signal);
    const pages = await this.readBatch(images, model, budget);
    if (model.join(' ') === `-l ${FALLBACK_MODEL}`) return pages;
    const unsure = pages.flatMap((lines, i) => (needsSecondModel(lines) && worthRereading(lines) ? [i] : []));
    // The second reading gets what is left of the call's time; without it, the first reading stands.
    const left = budget.timeoutMs - (Date.now() - started);
    if (!unsure.length || left <= 0) return pages;
    let english: OcrLine[][];
    try {
      english = await this.readBatch(
        unsure.map((i) => images[i]),
        ['-l', FALLBACK_MODEL],
        { ...budget, timeoutMs: left },
      );
    } catch (err) {
      if (budget.signal.aborted) throw err;
      return pages;
    }
    unsure.forEach((i, k) => {
      pages[i] = mendedReading(pages[i], english[k]);
    });
    return pages;
  }

  /**
   * One tesseract process for the whole batch (a list file of images): loading its model costs more CPU than
   * reading a caption crop. `--psm 6` reads one block. Words run together where the letters stand a space apart are
   * split (glued-words.ts).
   */
  private async readBatch(images: string[], model: string[], budget: OcrBudget): Promise<OcrLine[][]> {
    const name = path.join(budget.workDir, `ocr-${process.pid}-${this.lists++}`);
    const list = `${name}.list`;
    await fs.writeFile(list, `${images.join('\n')}\n`);
    try {
      await runProcess(this.tesseract, [list, name, ...model, '--psm', '6', '-c', 'tessedit_do_invert=0', ...OUTPUTS], {
        signal: budget.signal,
        timeoutMs: budget.timeoutMs,
        cpuLimitMs: budget.cpuLimitMs,
        name: 'tesseract',
        background: true,
        // Callers run batches in parallel: tesseract's own OpenMP threads would only fight over the cores.
        env: { OMP_THREAD_LIMIT: '1' },
      });
      const [tsv, hocr] = await Promise.all(['tsv', 'hocr'].map((ext) => fs.readFile(`${name}.${ext}`, 'utf8')));
      return await this.withSpaces(linesPerPage(tsv, images.length), lettersByWord(hocr), budget);
    } finally {
      await Promise.all(['list', 'tsv', 'hocr'].map((ext) => fs.rm(`${name}.${ext}`, { force: true })));
    }
  }

  /**
   * Each page's words, with their letters' other choices, split where their `letters` stand a word space apart and the
   * English model's dictionary does not know the whole (glued-words.ts). Without the dictionary, nothing is split.
   */
  private async withSpaces(pages: OcrLine[][], letters: Map<string, ReadLetter[]>, budget: OcrBudget): Promise<OcrLine[][]> {
    for (const [p, lines] of pages.entries())
      for (const line of lines) {
        const words = [];
        for (const word of line.words) {
          const { box } = word;
          const placed = box && letters.get(wordKey(p + 1, box.left, box.top, box.left + box.width, box.top + box.height));
          const known = placed && mayBeGlued(word, placed) ? await this.knownWords(budget) : undefined;
          const whole = placed ? withChoices(word, placed) : word;
          words.push(...(placed && known ? splitAtSpaces(whole, placed, (w) => known.has(w)) : [whole]));
        }
        line.words = words;
      }
    return pages;
  }

  /** The English model's dictionary, read once per engine when a word first needs it; undefined where it cannot be read. */
  private knownWords(budget: OcrBudget): Promise<KnownWords | undefined> {
    this.dictionary ??= this.readKnownWords(budget).catch(() => {
      if (budget.signal.aborted) this.dictionary = undefined; // a cancelled job's read is not the machine's answer
      return undefined;
    });
    return this.dictionary;
  }

  private async readKnownWords({ signal, workDir }: OcrBudget): Promise<KnownWords | undefined> {
    const own = await this.ownTessdata(signal);
    const model = own && path.join(own, `${FALLBACK_MODEL}.traineddata`);
    return model && existsSync(model) ? KnownWords.of(model, this.tesseract, workDir, signal) : undefined;
  }

  /** The folder `tesseract --list-langs` says it reads its models from (its first line names it), or null. */
  private async ownTessdata(signal: AbortSignal): Promise<string | null> {
    const { stdout } = await runProcess(this.tesseract, ['--list-langs'], { signal, timeoutMs: 10_000, name: 'tesseract' });
    return /"([^"]+)"/.exec(stdout.split('\n')[0] ?? '')?.[1] ?? null;
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

/** A folder under the system's temporary one holding a link to each model file (named by their paths: made once). */
function linkedModels(files: string[]): string {
  const dir = path.join(os.tmpdir(), `vidint-tessdata-${createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16)}`);
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    try {
      symlinkSync(file, path.join(dir, path.basename(file)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process linked it first
    }
  }
  return dir;
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
