import { loadKnowledge } from '../../shared/knowledge.js';
import type { VideoEvidence } from '../../shared/video-evidence.js';
import { defineAnalyzer } from './analyzer.js';
import { heldEvidence, languageOf, speechFields } from './speech-evidence.js';
import { readSentiment } from './text/sentiment.js';
import { strongStatement } from './text/strong-statements.js';
import { scoreTopics, type TopicTaxonomy } from './text/topics.js';

type Transcript = NonNullable<VideoEvidence['transcript']>;
type Captions = NonNullable<VideoEvidence['ocr']>['captions'];
type KeyMoment = { time: number; kind: 'scene_change' | 'loudness_peak' | 'strong_statement'; description: string };

const MAX_KEY_MOMENTS = 10;
const QUOTE_CHARS = 120;

/**
 * The offline content analysis: every field comes from a measured signal, and says which.
 * - title: the video's title tag, else its first on-screen caption, else its first spoken sentence.
 * - topics: knowledge/topics.yaml keywords over speech and on-screen text.
 * - sentiment: wink-nlp sentence scores over speech and on-screen text (see text/sentiment.ts).
 * - scenes: the detected scenes, described by their on-screen text and the speech within them.
 * - key_moments: cuts, loudness peaks (6 dB over the median) and strong statements (numbers,
 *   superlatives, absolute claims, calls to action), in time order, at most 10.
 */
export const analyzeAnalyzer = defineAnalyzer<VideoEvidence, unknown>({
  name: 'analyze',
  description: 'title, topics, sentiment, scenes and key moments from metadata, speech, on-screen text, cuts and loudness',
  result: 'results/analyze.json',
  async run(given, ctx) {
    const input = heldEvidence(given);
    const taxonomy = await loadKnowledge<TopicTaxonomy>(ctx.knowledgeDir, 'topics.yaml');
    const segments = input.transcript?.segments ?? [];
    const captions = input.ocr?.captions ?? [];
    const onScreen = distinct(captions.map((c) => c.text));
    const units = [...segments.map((s) => s.text), ...onScreen].filter((t) => t.trim());
    const corpus = `${input.transcript?.text ?? ''}\n${onScreen.join('\n')}\n${input.metadata.description ?? ''}`;

    const scenes = (input.scenes?.scenes ?? []).map((scene) => {
      const shown = distinct(captions.filter((c) => c.start < scene.end && c.end > scene.start).map((c) => c.text)).join(' / ');
      const said = speechBetween(segments, scene.start, scene.end);
      const parts = [shown ? `Text on screen: "${clip(shown)}"` : '', said ? `Said: "${clip(said)}"` : ''].filter(Boolean);
      return {
        index: scene.index,
        start: scene.start,
        end: scene.end,
        description: parts.length ? parts.join('. ') : 'No on-screen text or speech',
      };
    });

    const moments: KeyMoment[] = [];
    for (const cut of input.scenes?.cuts ?? []) {
      const next = scenes.find((s) => Math.abs(s.start - cut) < 0.01);
      moments.push({
        time: cut,
        kind: 'scene_change',
        description: `Cut to a new scene${next && next.description !== 'No on-screen text or speech' ? `: ${next.description}` : ''}`,
      });
    }
    for (const p of input.levels?.peaks ?? [])
      moments.push({ time: p.time, kind: 'loudness_peak', description: `Loudest moment (${p.loudness_db} LUFS)` });
    for (const s of segments) {
      const strong = strongStatement(s.text);
      if (strong)
        moments.push({ time: s.start, kind: 'strong_statement', description: `"${clip(strong.text)}" (${strong.reasons.join(', ')})` });
    }
    for (const c of captions) {
      const strong = strongStatement(c.text);
      if (strong)
        moments.push({
          time: c.start,
          kind: 'strong_statement',
          description: `On screen: "${clip(strong.text)}" (${strong.reasons.join(', ')})`,
        });
    }

    const title =
      input.title?.trim() || input.metadata.title?.trim() || firstCaption(captions) || firstSentence(segments) || 'Untitled video';
    return {
      title,
      topics: scoreTopics(corpus, taxonomy).map((t) => t.topic),
      sentiment: units.length ? readSentiment(units.map((u) => u.replace(/[.!?]*$/, (m) => m || '.')).join(' ')).label : 'neutral',
      scenes,
      key_moments: pickMoments(moments),
      ...evidenceFields(input),
    };
  },
  hold: heldEvidence,
  vouch(held, answer) {
    // The model's own versions of the evidence fields give way to the service's, absent ones included.
    const {
      language_source: _source,
      speech: _speech,
      speech_reason: _reason,
      transcript_confidence: _sure,
      transcript_probability: _p,
      missing_evidence: _missing,
      ...prose
    } = answer;
    return { ...prose, ...evidenceFields(held) };
  },
});

/**
 * The fields of the result that are the evidence itself, not a reading of it: the same whoever writes the rest.
 * The transcript, its sentences and confidence, the speech's state and why, the language and where it came from,
 * the on-screen text, and what was missing.
 */
function evidenceFields(input: VideoEvidence) {
  const { language, source } = languageOf(input);
  const lacking = missing(input);
  return {
    duration: input.metadata.duration,
    transcript: input.transcript?.text ?? '',
    language,
    ...(source ? { language_source: source } : {}),
    ...speechFields(input),
    segments: input.transcript?.segments ?? [],
    on_screen_text: onScreenTimed(input.ocr?.captions ?? []),
    ...(lacking.length ? { missing_evidence: lacking } : {}),
  };
}

/** What the analysis had to do without, in the reader's words. */
function missing(input: VideoEvidence): string[] {
  const out: string[] = [];
  if (!input.transcript) {
    out.push(
      input.metadata.has_audio === false
        ? 'speech: the video has no audio track; topics, sentiment and language come from on-screen text'
        : 'speech: the transcript could not be produced',
    );
  } else if (input.transcript.speech === 'unintelligible') {
    out.push(`speech: ${input.transcript.reason ?? 'speech was heard but not recognised with confidence'}; no transcript is given`);
  }
  if (!input.scenes) out.push('scenes: scene detection did not finish; no scenes or cuts');
  if (!input.ocr) out.push('on-screen text: text recognition did not finish');
  if (input.levels === null && input.metadata.has_audio !== false) out.push('loudness: the audio levels could not be measured');
  return out;
}

/** The most telling moments, at most MAX_KEY_MOMENTS, in time order; near-duplicates of a kind merged. */
function pickMoments(all: KeyMoment[]): KeyMoment[] {
  const priority = { strong_statement: 0, scene_change: 1, loudness_peak: 2 };
  const kept: KeyMoment[] = [];
  for (const m of [...all].sort((a, b) => priority[a.kind] - priority[b.kind] || a.time - b.time)) {
    if (kept.length >= MAX_KEY_MOMENTS) break;
    if (kept.some((k) => k.kind === m.kind && (Math.abs(k.time - m.time) < 0.5 || k.description === m.description))) continue;
    kept.push({ ...m, time: Math.round(m.time * 100) / 100 });
  }
  return kept.sort((a, b) => a.time - b.time);
}

function speechBetween(segments: Transcript['segments'], start: number, end: number): string {
  const words = segments.flatMap((s) => s.words ?? []);
  if (words.length)
    return words
      .filter((w) => w.start >= start && w.start < end)
      .map((w) => w.word)
      .join(' ');
  return segments
    .filter((s) => s.start < end && s.end > start)
    .map((s) => s.text)
    .join(' ');
}

function firstCaption(captions: Captions): string | null {
  const first = [...captions].sort((a, b) => a.start - b.start)[0];
  return first ? clip(first.text, 80) : null;
}

function firstSentence(segments: Transcript['segments']): string | null {
  const first = segments.find((s) => s.text.trim());
  return first ? clip(first.text, 80) : null;
}

type TimedText = { time: number; start: number; end: number; text: string; confidence?: number; agreement?: number; readings?: number };

/** Each caption with when it was shown (`time` is its start), how sure OCR was and how far its readings agreed. */
function onScreenTimed(captions: Captions): TimedText[] {
  return [...captions]
    .sort((a, b) => a.start - b.start)
    .map((c) => ({
      time: c.start,
      start: c.start,
      end: c.end,
      text: c.text,
      ...(c.confidence !== undefined ? { confidence: c.confidence } : {}),
      ...(c.agreement !== undefined ? { agreement: c.agreement } : {}),
      ...(c.readings !== undefined ? { readings: c.readings } : {}),
    }));
}

function distinct(lines: string[]): string[] {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const k = l.trim().toLowerCase();
    return k && !seen.has(k) && seen.add(k);
  });
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function clip(s: string, n = QUOTE_CHARS): string {
  const t = oneLine(s);
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}
