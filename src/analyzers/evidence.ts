import type { AnalyzeInput } from './analyze.analyzer.js';

/** One thing the video says: a line of speech (a transcript segment) or of on-screen text (an OCR line). */
export interface Statement {
  text: string;
  source: 'speech' | 'screen';
  /** Seconds from the start. */
  time: number;
  /** Until when it was said or shown (seconds), when known. */
  end?: number;
  /** The scene it appears in (on-screen text), to count independent sightings. */
  scene?: number;
}

/** What the video pipelines hand their analyzers: the outputs of the media steps (see pipelines/*.yaml). */
export type VideoEvidence = AnalyzeInput;

/** Every statement of the video, speech and on-screen text (each distinct caption once, with its time), in time order. */
export function statementsOf(input: VideoEvidence): Statement[] {
  const out: Statement[] = [];
  for (const s of input.transcript?.segments ?? []) if (s.text.trim()) out.push({ text: s.text.trim(), source: 'speech', time: s.start });
  const scenes = input.scenes?.scenes ?? [];
  for (const c of input.ocr?.captions ?? []) {
    if (!c?.text?.trim()) continue;
    // Sightings are counted per scene: the scene the caption starts in, or the caption itself without scenes.
    const scene = scenes.find((s) => c.start >= s.start && c.start < s.end)?.index ?? (scenes.length ? scenes.length - 1 : c.index);
    out.push({ text: c.text.trim(), source: 'screen', time: c.start, end: c.end, scene });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** Lines of on-screen text that continue each other (a caption wrapped over two lines) joined, per frame. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
