import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lettersByWord, withChoices, wordKey } from './hocr-letters.js';

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
      { text: 'B', left: 638, right: 683, others: [] },
      { text: 'U', left: 692, right: 737, others: [] },
      { text: '&', left: 748, right: 758, others: [] },
    ]);
  });

  it('gives each letter the other choices the engine weighed above 0 (lstm_choice_mode=2), best first', () => {
    // Tesseract 5's hOCR of "Arlist" read for "Artist" (caption families seed 1968, clip 19), cut to three letters.
    const hocr = `<div class='ocr_page' id='page_1' title='bbox 0 0 500 90'>
     <span class='ocrx_word' id='word_1_2' title='bbox 312 23 466 71; x_wconf 84'>
      <span class='ocrx_cinfo' title='x_bboxes 312 23 357 70; x_conf 98.8'>A</span>
      <span class='ocrx_cinfo' id='lstm_choices_1_2_1'>
       <span class='ocrx_cinfo' id='choice_1_2_1' title='x_confs 92.98'>A</span>
       <span class='ocrx_cinfo' id='choice_1_2_2' title='x_confs 0'>Ä</span>
      </span>
      <span class='ocrx_cinfo' title='x_bboxes 362 37 385 70; x_conf 99.0'>r</span>
      <span class='ocrx_cinfo' id='lstm_choices_1_2_2'>
       <span class='ocrx_cinfo' id='choice_1_2_3' title='x_confs 93.3'>r</span>
      </span>
      <span class='ocrx_cinfo' title='x_bboxes 388 22 400 70; x_conf 98.0'>l</span>
      <span class='ocrx_cinfo' id='lstm_choices_1_2_3'>
       <span class='ocrx_cinfo' id='choice_1_2_4' title='x_confs 90.4'>l</span>
       <span class='ocrx_cinfo' id='choice_1_2_5' title='x_confs 4.5'>t</span>
       <span class='ocrx_cinfo' id='choice_1_2_6' title='x_confs 0.2'>k</span>
       <span class='ocrx_cinfo' id='choice_1_2_7' title='x_confs 0'>h</span>
      </span>
     </span>
    </div>`;
    const letters = lettersByWord(hocr).get(wordKey(1, 312, 23, 466, 71));
    assert.deepEqual(
      letters?.map((l) => [l.text, l.others]),
      [
        ['A', []],
        ['r', []],
        ['l', ['t', 'k']],
      ],
    );
    const word = { text: 'Arl', confidence: 84 };
    assert.deepEqual(withChoices(word, letters!).choices, [[], [], ['t', 'k']]);
    assert.equal(withChoices({ text: 'Art', confidence: 84 }, letters!).choices, undefined);
  });
});
