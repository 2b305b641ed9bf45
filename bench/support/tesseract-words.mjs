import { execFileSync } from 'node:child_process';

/** A word as the caption benches compare them: lower case, without leading or trailing punctuation. */
const norm = (w) => w.toLocaleLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The words of a text, normalised (empty ones dropped). */
export const wordsOf = (t) => t.split(/\s+/).map(norm).filter(Boolean);

/**
 * Tesseract's reading of one crop as the caption benches take it (--psm 6, no inversion, one thread): `sure`, the words
 * of 50% confidence or more, and `all`, every word, each as one line of text.
 */
export function tesseractWords(image) {
  const args = [image, '-', '-l', 'eng', '--psm', '6', '-c', 'tessedit_do_invert=0', 'tsv'];
  const words = execFileSync('tesseract', args, { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } })
    .toString()
    .split('\n')
    .map((row) => row.split('\t'))
    .filter((c) => c[0] === '5' && c[11]?.trim());
  const text = (rows) => rows.map((c) => c[11].trim()).join(' ');
  return { sure: text(words.filter((c) => Number(c[10]) >= 50)), all: text(words) };
}
