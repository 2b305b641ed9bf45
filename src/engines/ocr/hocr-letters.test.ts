import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lettersByWord, wordKey } from './hocr-letters.js';

// Tesseract 5's hOCR with hocr_char_boxes=1, cut to one word on the second page of a batch.
const HOCR = `<?xml version="1.0" encoding="UTF-8"?>
<html><body>
 <div class='ocr_page' id='page_1' title='image "a.png"; bbox 0 0 640 90; ppageno 0'></div>
 <div class='ocr_page' id='page_2' title='image "b.png"; bbox 0 0 960 90; ppageno 1'>
  <span class='ocr_line' id='line_2_1' title="bbox 638 19 941 71; baseline 0 0">
   <span class='ocrx_word' id='word_2_1' title='bbox 638 19 941 71; x_wconf 71'>
    <span class='ocrx_cinfo' title='x_bboxes 638 19 683 71; x_conf 99.1'>B</span>
    <span class='ocrx_cinfo' title='x_bboxes 692 19 737 71; x_conf 99.2'>U</span>
    <span class='ocrx_cinfo' title='x_bboxes 748 19 758 71; x_conf 98.0'>&amp;</span>
   </span>
  </span>
 </div>
</body></html>`;

describe('lettersByWord', () => {
  it("gives each word's letters and columns under its page and box", () => {
    const letters = lettersByWord(HOCR);
    assert.deepEqual([...letters.keys()], [wordKey(2, 638, 19, 941, 71)]);
    assert.deepEqual(letters.get(wordKey(2, 638, 19, 941, 71)), [
      { text: 'B', left: 638, right: 683 },
      { text: 'U', left: 692, right: 737 },
      { text: '&', left: 748, right: 758 },
    ]);
  });
});
