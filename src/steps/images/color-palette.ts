import { mix, type Rgb } from '../../imaging/rgb.js';
import { loadKnowledge } from '../shared/knowledge.js';

interface PaletteFile {
  default: { backdrop: string; tint: string };
  palettes: Record<string, { backdrop: string; tint: string }>;
  colors: Record<string, string>;
}

export interface Palette {
  backdrop: Rgb;
  tint: Rgb;
  /** The words of the request that chose it; empty for the default. */
  matched: string[];
}

const LIGHTER = /^(light|pale|soft|pastel|dusty)$/;
const DARKER = /^(deep|dark|rich|midnight)$/;

/**
 * Reads a free-text colour palette ("warm earth tones", "deep teal and gold") with knowledge/palettes.yaml:
 * named palettes first (longest name first), then colour words in the order written, with "deep"/"light"
 * modifiers. Nothing recognised gives the default studio grey and no matched words.
 */
export async function readPalette(knowledgeDir: string, text: string | null | undefined): Promise<Palette> {
  const file = await loadKnowledge<PaletteFile>(knowledgeDir, 'palettes.yaml');
  const fallback = { backdrop: hex(file.default.backdrop), tint: hex(file.default.tint), matched: [] };
  if (!text?.trim()) return fallback;
  let rest = ` ${text
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()} `;

  const named = Object.keys(file.palettes)
    .sort((a, b) => b.length - a.length)
    .find((name) => rest.includes(` ${name} `));
  if (named) return { backdrop: hex(file.palettes[named].backdrop), tint: hex(file.palettes[named].tint), matched: [named] };

  // Colour words in the order written; two-word names ("navy blue" is "navy", "sky blue") are tried first.
  const found: Array<{ at: number; name: string; rgb: Rgb }> = [];
  for (const name of Object.keys(file.colors).sort((a, b) => b.length - a.length)) {
    const at = rest.indexOf(` ${name} `);
    if (at < 0) continue;
    const before = rest.slice(0, at).trim().split(' ').pop() ?? '';
    let rgb = hex(file.colors[name]);
    let label = name;
    if (LIGHTER.test(before)) {
      rgb = mix(rgb, [255, 255, 255], 0.45);
      label = `${before} ${name}`;
    }
    if (DARKER.test(before)) {
      rgb = mix(rgb, [0, 0, 0], 0.4);
      label = `${before} ${name}`;
    }
    found.push({ at, name: label, rgb });
    rest = rest.slice(0, at) + ' '.repeat(name.length + 1) + rest.slice(at + name.length + 1);
  }
  if (!found.length) return fallback;
  found.sort((a, b) => a.at - b.at);
  return { backdrop: found[0].rgb, tint: found[1]?.rgb ?? mix(found[0].rgb, [255, 255, 255], 0.6), matched: found.map((f) => f.name) };
}

export function hex(value: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim());
  if (!m) throw new Error(`not a #rrggbb colour: ${value}`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}
