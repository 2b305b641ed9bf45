import type { TimedWord } from './speech-to-text.port.js';

/**
 * Word-level voting between transcripts of the same audio (NIST's ROVER): the transcripts are aligned one after
 * another into a network of slots (a slot holds each transcript's word there, or nothing), and each slot takes
 * the word most transcripts have; on a tie the earlier transcript wins, so list the most trusted first. Three
 * readings of speech under music that err in different places (see voice-isolation.ts) agree on the right word
 * more often than any one of them has it. The winner's confidence is the agreement weighed by the engine's own: the
 * sum of the confidences of the readings that heard it, over the number of readings (a reading without it adds 0).
 */
export function voteWords(transcripts: TimedWord[][]): TimedWord[] {
  if (transcripts.length === 0) return [];
  let slots: Slot[] = transcripts[0].map((w) => [w]);
  for (let t = 1; t < transcripts.length; t++) slots = align(slots, transcripts[t], t);
  const voted: TimedWord[] = [];
  for (const slot of slots) {
    const counts = new Map<string, number>();
    for (const w of slot) counts.set(key(w), (counts.get(key(w)) ?? 0) + 1);
    const best = Math.max(...counts.values());
    const winner = slot.find((w) => counts.get(key(w)) === best);
    if (!winner) continue;
    if (transcripts.length === 1 || winner.confidence === undefined) {
      voted.push(winner);
      continue;
    }
    const agreed = slot.reduce((sum, w) => sum + (w && key(w) === key(winner) ? (w.confidence ?? 0) : 0), 0);
    voted.push({ ...winner, confidence: Math.round((agreed / transcripts.length) * 1e4) / 1e4 });
  }
  return voted;
}

/** A slot: each transcript's word there so far (null where a transcript has none). */
type Slot = (TimedWord | null)[];

const key = (w: TimedWord | null) => (w ? w.word.toLowerCase() : '');

/** The slots with `words` aligned in as transcript number `index` (edit distance; a slot that holds nothing is free to skip). */
function align(slots: Slot[], words: TimedWord[], index: number): Slot[] {
  const n = slots.length;
  const m = words.length;
  const has = (slot: Slot, w: TimedWord | null) => slot.some((s) => key(s) === key(w));
  const skip = (slot: Slot) => (has(slot, null) ? 0 : 1);
  const d = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) d[i][0] = d[i - 1][0] + skip(slots[i - 1]);
  for (let j = 1; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[i][j] = Math.min(d[i - 1][j - 1] + (has(slots[i - 1], words[j - 1]) ? 0 : 1), d[i - 1][j] + skip(slots[i - 1]), d[i][j - 1] + 1);
  const out: Slot[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (has(slots[i - 1], words[j - 1]) ? 0 : 1)) {
      out.push([...slots[--i], words[--j]]);
    } else if (i > 0 && d[i][j] === d[i - 1][j] + skip(slots[i - 1])) {
      out.push([...slots[--i], null]);
    } else {
      out.push([...new Array<null>(index).fill(null), words[--j]]);
    }
  }
  return out.reverse();
}
