/**
 * The share of `words` that a second decoding of the same audio also heard, in the same order (their longest common
 * subsequence over the number of `words`; case aside). 1 when `words` is empty.
 */
export function wordAgreement(words: string[], second: string[]): number {
  if (!words.length) return 1;
  const a = words.map((w) => w.toLowerCase());
  const b = second.map((w) => w.toLowerCase());
  let row = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const next = [0];
    for (let j = 1; j <= b.length; j++) next[j] = word === b[j - 1] ? row[j - 1] + 1 : Math.max(row[j], next[j - 1]);
    row = next;
  }
  return Math.round((row[b.length] / a.length) * 1000) / 1000;
}
