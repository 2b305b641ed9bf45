import type { ReadLetter } from './hocr-letters.js';
import type { OcrWord } from './ocr-engine.port.js';

/** A gap between two letters this wide, in the word's height, is a word space (letters stand 0.1-0.25 apart, words 0.4-0.6). */
const SPACE_OF_HEIGHT = 0.35;
/** ... and at least this many times the word's middle letter gap: letters spaced out evenly are one word. */
const SPACE_OF_LETTER_GAP = 2;

/**
 * Whether the engine's letter boxes put a word space inside `word` ("BUILTIT", "AnnaSc"). A word whose letters do not
 * spell its text (the two come from different outputs) or stand out of order is whole.
 */
export function mayBeGlued(word: OcrWord, letters: ReadLetter[]): boolean {
  return spacesByLetters(word, letters).length > 0;
}

/**
 * `word` split at each word space its letter boxes show, unless it is a word (`isWord`): the letter gaps alone do not
 * tell a space from a wide gap beside an italic or shadowed letter ("Produc t", "EV ERY": as wide as the line's own
 * spaces).
 */
export function splitAtSpaces(word: OcrWord, letters: ReadLetter[], isWord: (text: string) => boolean): OcrWord[] {
  const { box } = word;
  const spaces = spacesByLetters(word, letters);
  if (!box || !spaces.length || isWord(word.text)) return [word];
  return [...spaces, letters.length - 1].map((end, k) => {
    const from = k === 0 ? 0 : spaces[k - 1] + 1;
    const piece = letters.slice(from, end + 1);
    const left = from === 0 ? box.left : piece[0].left;
    const right = end === letters.length - 1 ? box.left + box.width : piece[piece.length - 1].right;
    return {
      ...word,
      text: piece.map((l) => l.text).join(''),
      box: { ...box, left, width: right - left },
      choices: piece.map((l) => l.others),
    };
  });
}

/** The gaps (after letter i) the letter boxes show as word spaces between letters or digits. */
function spacesByLetters(word: OcrWord, letters: ReadLetter[]): number[] {
  if (!word.box || letters.length < 3 || letters.map((l) => l.text).join('') !== word.text || !inOrder(letters)) return [];
  const gaps = letters.slice(1).map((l, i) => l.left - letters[i].right);
  const middle = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
  const least = Math.max(SPACE_OF_HEIGHT * word.box.height, SPACE_OF_LETTER_GAP * Math.max(middle, 1));
  const spells = (piece: ReadLetter[]) => piece.some((l) => /[\p{L}\p{N}]/u.test(l.text));
  const spaces: number[] = [];
  for (let i = 0; i < gaps.length; i++) {
    // A space only between letters or digits: a mark standing apart ('"HOW', 'IT .') stays with its word.
    const from = spaces.length ? spaces[spaces.length - 1] + 1 : 0;
    if (gaps[i] >= least && spells(letters.slice(from, i + 1)) && spells(letters.slice(i + 1))) spaces.push(i);
  }
  return spaces;
}

/**
 * Letters placed left to right, each box ending after the one before. Where the engine loses its place it gives a
 * letter a box over its neighbours ("FOLLOW": F O L at 191-249, then an L from 191 to 311; "TUTTI": a T from 702 to 833
 * round the next T at 770-807), and a gap after such a box is no space.
 */
function inOrder(letters: ReadLetter[]): boolean {
  return letters.every((l, i) => i === 0 || (l.left >= letters[i - 1].left && l.right >= letters[i - 1].right));
}
