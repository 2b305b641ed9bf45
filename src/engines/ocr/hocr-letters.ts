import { parse } from 'node-html-parser';

/** One letter the engine read, and the columns it placed it in (pixels). */
export interface ReadLetter {
  text: string;
  left: number;
  right: number;
}

/** Where a word's letters are looked up: its page (1-based) and its box as Tesseract writes it (x0, y0, x1, y1). */
export function wordKey(page: number, x0: number, y0: number, x1: number, y1: number): string {
  return `${page}:${x0},${y0},${x1},${y1}`;
}

/**
 * The letters of each word of Tesseract's hOCR (written with `hocr_char_boxes=1`), by wordKey: the TSV that gives the
 * words has no letter boxes.
 */
export function lettersByWord(hocr: string): Map<string, ReadLetter[]> {
  const byWord = new Map<string, ReadLetter[]>();
  parse(hocr)
    .querySelectorAll('.ocr_page')
    .forEach((page, p) => {
      for (const word of page.querySelectorAll('.ocrx_word')) {
        const box = numbersAfter(word.getAttribute('title'), 'bbox');
        const letters = word.querySelectorAll('.ocrx_cinfo').flatMap((c) => {
          const [left, , right] = numbersAfter(c.getAttribute('title'), 'x_bboxes');
          return right === undefined ? [] : [{ text: c.text, left, right }];
        });
        if (box.length === 4 && letters.length) byWord.set(wordKey(p + 1, box[0], box[1], box[2], box[3]), letters);
      }
    });
  return byWord;
}

/** The numbers of an hOCR title's property ("bbox 1 2 3 4; x_wconf 90" -> bbox: [1, 2, 3, 4]). */
function numbersAfter(title: string | undefined, property: string): number[] {
  const field = title?.split(';').find((f) => f.trim().startsWith(`${property} `));
  return field ? field.trim().split(/\s+/).slice(1).map(Number) : [];
}
