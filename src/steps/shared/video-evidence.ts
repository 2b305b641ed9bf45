import { punctuate } from '../../engines/speech/sentences.js';
/** One thing the video says: a sentence of speech, a caption of on-screen text or its title, with its times. */
export interface Statement {
  text: string;
  source: 'speech' | 'screen' | 'title';
  /** 0-1: how sure the engine that perceived it is (the speech segment's, the caption's OCR); absent when it does not tell. */
  confidence?: number;
  /** Seconds from the start: when it is said or first shown. */
  time: number;
  /** When it ends (the sentence's last word, or the caption's last sighting), when known. */
  end?: number;
  /** The scene it appears in (on-screen text), to count independent sightings. */
  scene?: number;
}

/**
 * What the video pipelines hand their analyzers and fact-check search: the outputs of the media steps (pipelines/*.yaml). Speech, scenes,
 * on-screen text and loudness are null when their step was skipped (no audio track, or an optional
 * step that failed); the analysis then rests on what is left and says what was missing.
 */
export interface VideoEvidence {
  title?: string | null;
  metadata: { duration: number; title?: string | null; description?: string | null; has_audio?: boolean };
  transcript: null | {
    text: string;
    language: string | null;
    segments: Array<{
      start: number;
      end: number;
      text: string;
      confidence?: number;
      words?: Array<{ word: string; start: number; end: number; confidence?: number; uncertain?: boolean }>;
    }>;
    /** The transcribe step's judgement (steps/speech/speech-verdict.ts); absent on transcripts from elsewhere. */
    confidence?: number | null;
    speech?: 'recognised' | 'unintelligible' | 'none';
    reason?: string;
    /** The engine's bar the confidence was judged against (null: the engine gives no confidence). */
    confidence_bar?: number | null;
    /** The probability that the transcript is right enough (steps/speech/speech-verdict.ts; null: the engine has no decision model). */
    probability?: number | null;
  };
  scenes: null | { scenes: Array<{ index: number; start: number; end: number }>; cuts: number[] };
  /** On-screen text through time: each distinct caption once, with when it was shown (the `ocr` step's output). */
  ocr: null | {
    captions: Array<{
      index: number;
      text: string;
      start: number;
      end: number;
      confidence?: number;
      agreement?: number;
      readings?: number;
    }>;
    text: string;
  };
  levels?: null | { peaks: Array<{ time: number; loudness_db: number }> };
}

/** A caption of the OCR step: its text and, when known, its times, index and confidence. */
interface TimedText {
  text: string;
  start?: number;
  end?: number;
  index?: number;
  confidence?: number;
}

/**
 * Every statement of the video that holds, in time order: the title, the sentences of speech that was
 * recognised (an unintelligible transcript has none), and the on-screen captions, each repeat of a caption once
 * per scene.
 */
export function statementsOf(input: VideoEvidence): Statement[] {
  const out: Statement[] = [];
  const title = input.title?.trim() || input.metadata?.title?.trim();
  for (const text of title ? sentences(title) : []) out.push({ text, source: 'title', time: 0 });
  // Unintelligible speech has no segments (steps/speech/speech-verdict.ts, prompt/analyzers/speech-evidence.ts): nothing of it is used.
  for (const seg of input.transcript?.segments ?? []) {
    const confidence = seg.confidence ?? input.transcript?.confidence ?? undefined;
    // A segment that still holds several sentences is split, each part timed by its share of the characters.
    const parts = sentences(sureText(seg));
    const total = parts.reduce((n, p) => n + p.length, 0) || 1;
    let done = 0;
    for (const text of parts) {
      const at = (n: number) => seg.start + ((seg.end - seg.start) * n) / total;
      out.push({ text, source: 'speech', time: at(done), end: at(done + text.length), ...(confidence != null ? { confidence } : {}) });
      done += text.length;
    }
  }
  const seen = new Set<string>();
  const add = (t: TimedText, time: number, end: number | undefined, scene: number | undefined) => {
    for (const text of sentences(t.text)) {
      const key = `${scene ?? Math.round(time * 10)}:${text.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        text,
        source: 'screen',
        time,
        ...(end !== undefined ? { end } : {}),
        ...(scene !== undefined ? { scene } : {}),
        ...(t.confidence !== undefined ? { confidence: t.confidence } : {}),
      });
    }
  };
  const scenes = input.scenes?.scenes ?? [];
  for (const c of (input.ocr?.captions ?? []) as TimedText[]) {
    if (!c?.text?.trim()) continue;
    const start = c.start ?? 0;
    // Sightings are counted per scene: the scene the caption starts in, or the caption itself without scenes.
    const scene = scenes.find((s) => start >= s.start && start < s.end)?.index ?? (scenes.length ? scenes.length - 1 : c.index);
    add(c, start, c.end, scene);
  }
  return out.sort((a, b) => a.time - b.time);
}

/**
 * A sentence of speech with the words the engine marked uncertain (under its word floor) left out, so that
 * nothing is built on them; the sentence's own text when none is marked.
 */
export function sureText(seg: NonNullable<VideoEvidence['transcript']>['segments'][number]): string {
  if (!seg.words?.some((w) => w.uncertain)) return seg.text;
  const sure = seg.words.filter((w) => !w.uncertain).map((w) => w.word);
  return sure.length ? punctuate(sure.join(' ')) : '';
}

/** Text cut at its sentence ends, so that no statement spans two sentences. */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=["'(]?[\p{Lu}\d])/u)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The times of a statement as a claim's optional fields: {start, end, source, evidence_confidence}. */
export function timesOf(st: Statement): { start: number; end?: number; source: Statement['source']; evidence_confidence?: number } {
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    start: round(st.time),
    ...(st.end !== undefined ? { end: round(st.end) } : {}),
    source: st.source,
    ...(st.confidence !== undefined ? { evidence_confidence: round(st.confidence) } : {}),
  };
}

/** Where a statement is, in the reader's words: "said at 2.0 s", "on screen at 4.5 s", "in the title". */
export function whereOf(st: Statement): string {
  if (st.source === 'title') return 'in the title';
  return `${st.source === 'screen' ? 'on screen' : 'said'} at ${st.time.toFixed(1)} s`;
}
