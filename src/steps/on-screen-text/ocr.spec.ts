import { defineSpec } from '../step.js';

export const MIN_WORD_CONFIDENCE = 50;

/**
 * A caption whose chosen reading has a lower mean word confidence is not reported. Measured on the tuning half of
 * the reels: captions 0.86-0.96, fragments of texture and of signs 0.53-0.64.
 */
export const MIN_CAPTION_CONFIDENCE = 0.7;

/**
 * A caption read in one frame only, with no other reading to agree with it, is reported from this mean word confidence
 * up. Chosen on the caption families' seeds 15383, 52711 and 80233, where every such reading under 0.8 was a stray
 * (specks and prints of the picture, pieces of a word: "2 roy Y", "ou", "Np") and one-word pops read alone 0.8-0.97;
 * checked on 36161 and 64403 (docs/testing.md).
 */
export const MIN_SINGLE_READING_CONFIDENCE = 0.8;

/**
 * A crop read as MADE_OUT_WORDS words or more (more than three caption lines hold) at a lower mean word confidence
 * (0-100, every word counted) holds nothing Tesseract made out: the ad example's cellular pattern reads as up to 560
 * words a crop at means of 0-26. It is not read with a second model (texture-reading.ts). A caption the Latin model
 * reads as 1-20 words at a mean of 0-29 can still be one the English model reads ("qui", "THis").
 */
export const MADE_OUT_CONFIDENCE = 30;
export const MADE_OUT_WORDS = 30;

/**
 * A reading of texture (texture-reading.ts): under this mean word confidence, TEXTURE_WORDS words or more, at least
 * TEXTURE_SHORT_SHARE of them of at most TEXTURE_SHORT_WORD letters or digits. Chosen on the caption families' seeds
 * 90437, 41233, 77119 and six pop seeds (docs/testing.md).
 */
export const TEXTURE_CONFIDENCE = 0.8;
export const TEXTURE_WORDS = 4;
export const TEXTURE_SHORT_SHARE = 0.5;
export const TEXTURE_SHORT_WORD = 2;

/**
 * Text read where text was (text-where-text-was.ts) is read once, with nothing to vote with, at a place the finder
 * saw no line: it is kept only this sure (mean line confidence).
 */
export const PROBE_CONFIDENCE = 0.85;

/** The step's time budget: a base plus this much per second of video (spread over the reads). */
export const BUDGET_BASE_MS = 30_000;

export const BUDGET_PER_VIDEO_SECOND_MS = 1_000;

/**
 * CPU time per crop read (and once per tesseract process for loading its model): a caption crop costs well
 * under a tenth of a second, so a read that needs more is texture, not a caption. Counted in CPU, not wall
 * time, so a busy machine does not skip captions.
 */
export const MAX_READ_MS = 1_500;

/** Readings per caption to vote on: the first sample it shows in, then others spread over its time. */
export const READS_PER_CAPTION = 3;

export const ocrSpec = defineSpec({
  type: 'ocr',
  summary: 'Reads on-screen text (captions, titles, labels) through time, each distinct caption with its start and end',
  description:
    'Runs Tesseract (TESSERACT_PATH, model TESSERACT_LANG) on `frames` sampled through the video (objects with `time` and `path`, such ' +
    "as `detect_scenes`' `samples`; with `scene`, no caption is followed across a cut). Each frame's text regions are found first (bright strokes thicker than the " +
    "texture around them, or a solid light box, no more than four lines tall unless it is the whole frame, also where parts of the picture touch it (the straight-sided core of the bright shape); where none, strokes that stand out of their surroundings by brightness, light or dark, or by hue alone, a light stroke that stands out only in pieces (thin or outlined, at the small size) joined by the weaker pixels beside it, its line taken where no other line is and it is a caption's length, or where it is longer than the line found without it; " +
    'two large letters alone or letters taller than a caption line only where no line stands, a blank light box being no line; ' +
    'where nothing stands out so, the same again on a copy half as large against surroundings twice as wide (large bold letters raise the mean of the usual ones); ' +
    'the rows above and below a small line looked at again at twice the size for a line as small or smaller that stands with it, ' +
    "a lower third's role under its name; a frame with only lines under 12 px or none looked at again whole at twice the size, " +
    'where its source has the pixels, a line found there on rows without one added where it finds three lines or fewer ' +
    '(thin letters of a small lower third; texture comes back at that size as lines all over the frame)), ' +
    'followed from frame to frame, and only a region whose content ' +
    'changed is read again: each distinct caption is read once, then on up to ' +
    `${READS_PER_CAPTION - 1} later frames it shows in, and the readings are voted on (among those that would be reported ` +
    "alone, where they are at least half of them: a reading that adds a speck as a letter to the others' does not " +
    `win); a region whose reading is texture ` +
    `(see below) is not read again. A crop Tesseract made out nothing of (${MADE_OUT_WORDS} words or more, every one counted, ` +
    `read at a mean under ${MADE_OUT_CONFIDENCE}%) or whose reading is texture is not read with a second model either. Where a region read as text in ` +
    'one or two frames only, the frames just before and after it (same scene) are read at its place when no region ' +
    `was found there, what they read kept at ${PROBE_CONFIDENCE} mean confidence or more: a one-word caption of two ` +
    'letters is no line to the finder, but it is where the words around it were. ' +
    'A caption over a moving picture ' +
    '(its region changes in every frame, so each frame is read once) is voted on across the frames that read the same ' +
    'words on the same row one after the other, and once read in 3 frames keeps only the words read in two of them ' +
    '(accents aside: "changéd" backs "changed"). ' +
    'Crops get margins, are scaled ' +
    'to about 40 px text and binarised, so busy backgrounds are not read (dark ink that is the drop shadow of light ' +
    'letters over a picture as light as they are is read as those letters; where light letters with a drop shadow run ' +
    "over an even part of the picture as light as they are, the pixels from which a step along the shadow's offset, no " +
    'longer than their strokes are thick, reaches the shadow are read as letters; and white letters keyed by their colour ' +
    'together with a pale face beside them are keyed nearer where that shows half their line or more); crops are read ' +
    'in batches, one tesseract ' +
    'per core, the regions seen in more than one sample first, longest on screen first (a tight budget skips glimpses, ' +
    `not the captions that stay). The step has a time budget of ${BUDGET_BASE_MS / 1000} s plus ${BUDGET_PER_VIDEO_SECOND_MS / 1000} s ` +
    `per second of video, one crop at most ${MAX_READ_MS / 1000} s of CPU: a region that cannot be read in its share ` +
    'is skipped with a warning. For light text with an outline or on a dark box, strokes without it (highlights of ' +
    "the picture) are left out of the crop, and so is what the crop's top or bottom margin cuts (it goes on beyond: " +
    'picture), and so are small runs of shapes more than 1.5 lines apart from the rest (specks of the picture in its ' +
    "margins: a speck far off a line's end makes Tesseract glue its words). In a line of capitals, a bar as tall as the " +
    "capitals is the letter I (Tesseract reads it '|'). " +
    'A word Tesseract reads without the space its own letter boxes show ("BUILTIT": letters 0.35 of the word\'s height apart, ' +
    "and twice its usual letter gap) is split there, unless the English model's dictionary knows the whole word (a wide gap " +
    'beside an italic letter is no space: "Product"). Words under ' +
    `${MIN_WORD_CONFIDENCE}% confidence and lines without a real word are dropped; so are captions read with a mean ` +
    `word confidence under ${MIN_CAPTION_CONFIDENCE} (${MIN_SINGLE_READING_CONFIDENCE} for a caption read in one frame only), readings of texture (${TEXTURE_WORDS} words or more, ` +
    `at least ${TEXTURE_SHORT_SHARE} of them of at most ${TEXTURE_SHORT_WORD} letters, read under ${TEXTURE_CONFIDENCE}; where a caption read whole ` +
    "is dropped so, its lines read surely enough alone are kept: a line cut by the frame's edge beside one read well), " +
    'and text that moves with the picture (the same words not at ' +
    'one place, where all the regions that read them lie together, in most of the frames they show in, and parts of ' +
    'them: a sign filmed by a moving camera, not a ' +
    "caption). A word the dictionaries of the captions' language (of SPELL_DICTIONARIES: the one two language " +
    'identifiers and a function word name for their text where its dictionaries know at least half their words, else ' +
    'the one whose dictionaries know most of their words, at least half) do not know becomes the one spelling they know that differs from it only in one ' +
    'letter\'s mark ("nåo" read for "não", "PIU" for "PIÙ", "faciles" in Spanish), unless two are known; a marked ' +
    'word another dictionary knows as read takes another mark but loses none ("café" in English). A word no dictionary ' +
    'knows and no mark mends becomes the spelling with one letter swapped for another Tesseract weighed there that the ' +
    'language (else any dictionary) knows ("Arlist" read for "Artist"), the likelier choice first, unless two as likely ' +
    'are known; else the word another reading of the caption read in its place that the language (else any dictionary) ' +
    'knows ("Scientst", where another frame read "Scientist"), the most read first, unless two are read as often; ' +
    'else, where exactly one is known, the spelling with one shape read as two small letters or two as one undone ' +
    '("rn" and "m", "vv" and "w", "cl" and "d", "li" and "h": "moming" read for "morning"); ' +
    'the punctuation around a word\'s letters is kept ("Scientst," becomes "Scientist,"). ' +
    'Outputs `captions` [{index, ' +
    'text, start, end, confidence (0-1: the mean word confidence of the reading chosen), agreement (0-1: the share ' +
    'of its readings that say the same), readings, lines}] in time order and `text` (every distinct caption, one a line).',
  with: {
    type: 'object',
    required: ['frames'],
    additionalProperties: false,
    properties: {
      frames: {
        type: 'array',
        maxItems: 400,
        items: {
          type: 'object',
          required: ['time', 'path'],
          properties: { time: { type: 'number' }, path: { type: 'string' }, scene: { type: 'integer' }, gray: { type: 'string' } },
        },
      },
    },
  },
  output: {
    type: 'object',
    required: ['captions', 'text'],
    additionalProperties: false,
    properties: {
      captions: {
        type: 'array',
        items: {
          type: 'object',
          required: ['index', 'text', 'start', 'end', 'confidence', 'agreement', 'readings', 'lines'],
          additionalProperties: false,
          properties: {
            index: { type: 'integer' },
            text: { type: 'string' },
            start: { type: 'number' },
            end: { type: 'number' },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
            agreement: { type: 'number', minimum: 0, maximum: 1 },
            readings: { type: 'integer', minimum: 1 },
            lines: {
              type: 'array',
              items: {
                type: 'object',
                required: ['text', 'confidence'],
                additionalProperties: false,
                properties: { text: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
              },
            },
          },
        },
      },
      text: { type: 'string' },
    },
  },
  example: `- id: captions\n  uses: ocr\n  with: { frames: "{{steps.scenes.samples}}" }`,
});
