import type { TimedWord } from './speech-to-text.port.js';

/**
 * A word as pocketsphinx prints it (pocketsphinx_continuous' `-time yes` lines, pocketsphinx_batch's CTM), timed
 * in seconds: its alternate-pronunciation suffix ("with(2)") dropped, and null for a marker (<s>, </s>, <sil>,
 * [NOISE], ++NOISE++), whose pause stays as a gap between the words' times. The confidence is the word's posterior
 * probability, held to 1 (rounding in the engine's log arithmetic can put it a hair over).
 */
export function sphinxWord(printed: string, start: number, end: number, posterior: number): TimedWord | null {
  const word = printed.replace(/\(\d+\)$/, '');
  if (/^<.*>$|^\[.*\]$|^\+\+.*\+\+$/.test(word)) return null;
  return { word, start: roundMs(start), end: roundMs(end), confidence: Math.min(1, posterior) };
}

/** Seconds to the millisecond. */
export function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
