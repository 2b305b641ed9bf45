import { parse } from 'node-html-parser';
import type { OcrWord } from './ocr-engine.port.js';

/** One letter the engine read, the columns it placed it in (pixels), and the other letters it weighed there. */
export interface ReadLetter {
  text: string;
  left: number;
  right: number;
  /** The engine's other choices for this letter with a confidence above 0, best first (with `lstm_choice_mode=2`). */
  others: string[];
}

/** Where a word's letters are looked up: its page (1-based) and its box as Tesseract writes it (x0, y0, x1, y1). */
export function wordKey(page: number, x0: number, y0: number, x1: number, y1: number): string {
  return `${page}:${x0},${y0},${x1},${y1}`;
}

/**
 * The letters of each word of Tesseract's hOCR (written with `hocr_char_boxes=1`, and `lstm_choice_mode=2` for the
 * choices), by wordKey: the TSV that gives the words has no letter boxes. A letter's choices follow it, each a span of
 * its own (`choice_...`, with its `x_confs`).
 */
export function lettersByWord(hocr: string): Map<string, ReadLetter[]> {
  const byWord = new Map<string, ReadLetter[]>();
  parse(hocr)
    .querySelectorAll('.ocr_page')
    .forEach((page, p) => {
      for (const word of page.querySelectorAll('.ocrx_word')) {
        const box = numbersAfter(word.getAttribute('title'), 'bbox');
        const letters: ReadLetter[] = [];
        for (const c of word.querySelectorAll('.ocrx_cinfo')) {
          const title = c.getAttribute('title');
          const [left, , right] = numbersAfter(title, 'x_bboxes');
          if (right !== undefined) letters.push({ text: c.text, left, right, others: [] });
          const last = letters.at(-1);
          const [confidence] = numbersAfter(title, 'x_confs');
          if (last && (c.getAttribute('id') ?? '').startsWith('choice_') && confidence > 0 && c.text !== last.text)
            last.others.push(c.text);
        }
        if (box.length === 4 && letters.length) byWord.set(wordKey(p + 1, box[0], box[1], box[2], box[3]), letters);
      }
    });
  return byWord;
}

/** `word` with its letters' other choices, when `letters` spell it (the two come from different outputs). */
export function withChoices(word: OcrWord, letters: ReadLetter[]): OcrWord {
  return letters.map((l) => l.text).join('') === word.text ? { ...word, choices: letters.map((l) => l.others) } : word;
}

/** The numbers of an hOCR title's property ("bbox 1 2 3 4; x_wconf 90" -> bbox: [1, 2, 3, 4]). */
function numbersAfter(title: string | undefined, property: string): number[] {
  const field = title?.split(';').find((f) => f.trim().startsWith(`${property} `));
  return field ? field.trim().split(/\s+/).slice(1).map(Number) : [];
}
