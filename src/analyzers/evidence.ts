import type { AnalyzeInput } from './analyze.analyzer.js';

/** One thing the video says: a line of speech (a transcript segment) or of on-screen text (an OCR line). */
export interface Statement {
  text: string;
  source: 'speech' | 'screen';
  /** Seconds from the start. */
  time: number;
  /** The scene it appears in (on-screen text), to count independent sightings. */
  scene?: number;
}

/** What the video pipelines hand their analyzers: the outputs of the media steps (see pipelines/*.yaml). */
export type VideoEvidence = AnalyzeInput;

/** Every statement of the video, speech and on-screen text, in time order; repeats of a line are kept once per scene. */
export function statementsOf(input: VideoEvidence): Statement[] {
  const out: Statement[] = [];
  for (const s of input.transcript?.segments ?? []) if (s.text.trim()) out.push({ text: s.text.trim(), source: 'speech', time: s.start });
  const seen = new Set<string>();
  for (const f of input.ocr?.frames ?? []) {
    if (!f?.lines) continue;
    for (const l of f.lines) {
      const key = `${f.index}:${l.text.toLowerCase()}`;
      if (!l.text.trim() || seen.has(key)) continue;
      seen.add(key);
      out.push({ text: l.text.trim(), source: 'screen', time: f.time, scene: f.index });
    }
  }
  return out.sort((a, b) => a.time - b.time);
}

/** Lines of on-screen text that continue each other (a caption wrapped over two lines) joined, per frame. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
