import { type Box, growToHold } from './box.js';
import type { Component } from './components.js';
import { median } from './median.js';

/**
 * Letters chained into lines: similar heights, overlapping vertically, at most about a letter apart. Two letters so
 * chained come back as a line of their own, for the caller to judge.
 */
export function linesOf(letters: Component[]): Array<Box & { members: Component[] }> {
  const parent = letters.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < letters.length; i++) {
    const a = letters[i];
    for (let j = i + 1; j < letters.length; j++) {
      const b = letters[j];
      const hi = Math.max(a.height, b.height);
      const lo = Math.min(a.height, b.height);
      if (lo < 0.4 * hi) continue;
      const overlap = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
      if (overlap < 0.5 * lo) continue;
      const gap = Math.max(a.left, b.left) - Math.min(a.left + a.width, b.left + b.width);
      if (gap > 0.8 * hi) continue;
      parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Component[]>();
  letters.forEach((c, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), c]));
  const out: Array<Box & { members: Component[] }> = [];
  for (const group of groups.values()) {
    const members = inBand(group);
    const left = Math.min(...members.map((c) => c.left));
    const top = Math.min(...members.map((c) => c.top));
    const width = Math.max(...members.map((c) => c.left + c.width)) - left;
    const height = Math.max(...members.map((c) => c.top + c.height)) - top;
    if ((members.length >= 3 && width >= 1.5 * height) || (members.length === 2 && width >= height))
      out.push({ left, top, width, height, members });
  }
  // Pairs are joined to no line: so joined, lines lost words of their own on fresh seeds as often as they gained.
  return [...joinWords(out.filter((l) => l.members.length >= 3)), ...out.filter((l) => l.members.length === 2)];
}

/**
 * The members of a chained line that sit in its band: letters share a height and a middle (ascenders, descenders and
 * capitals differ by well under half a letter), while a patch of the picture chained to them (a bright wall seen
 * between two outlined letters) is taller or off the line; it would make the line a picture's height.
 */
function inBand(members: Component[]): Component[] {
  if (members.length < 3) return members;
  const height = median(members.map((c) => c.height));
  const middle = median(members.map((c) => c.top + c.height / 2));
  return members.filter((c) => c.height <= 1.5 * height && Math.abs(c.top + c.height / 2 - middle) <= 0.5 * height);
}

/** Words of one line (side by side, up to three line heights apart: a thin letter may be lost) joined into the line. */
function joinWords(words: Array<Box & { members: Component[] }>): Array<Box & { members: Component[] }> {
  const out: Array<Box & { members: Component[] }> = [];
  for (const w of [...words].sort((a, b) => a.left - b.left)) {
    const prev = out.find((p) => {
      const overlap = Math.min(p.top + p.height, w.top + w.height) - Math.max(p.top, w.top);
      const gap = w.left - (p.left + p.width);
      return overlap >= 0.5 * Math.min(p.height, w.height) && gap <= 3 * Math.max(p.height, w.height);
    });
    if (!prev) {
      out.push({ ...w, members: [...w.members] });
      continue;
    }
    growToHold(prev, w);
    prev.members.push(...w.members);
  }
  return out;
}
