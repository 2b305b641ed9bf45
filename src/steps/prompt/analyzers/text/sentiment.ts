import { createRequire } from 'node:module';
import type winkNLP from 'wink-nlp';

const require = createRequire(import.meta.url);
let loaded: ReturnType<typeof winkNLP> | null = null;
/** wink-nlp with its English model (shipped in its npm package: no download), loaded on first use. */
function nlp(): ReturnType<typeof winkNLP> {
  return (loaded ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model')));
}

export type Sentiment = 'positive' | 'negative' | 'neutral' | 'mixed';

/** A sentence counts as clearly positive or negative beyond this wink-nlp score (scores run -1 to 1). */
export const CLEAR_SENTENCE = 0.25;
/** The overall mean score beyond which a text without clear opposites is positive or negative. */
export const CLEAR_OVERALL = 0.1;

export interface SentimentReading {
  label: Sentiment;
  /** Mean sentence score, -1 to 1. */
  score: number;
  sentences: Array<{ text: string; score: number }>;
}

/**
 * The sentiment of a text from wink-nlp's lexicon-based sentence scores: `mixed` when at least one
 * sentence is clearly positive and another clearly negative; otherwise the sign of the mean score
 * beyond CLEAR_OVERALL; `neutral` when no sentence carries sentiment.
 */
export function readSentiment(text: string): SentimentReading {
  const doc = nlp().readDoc(text);
  const texts = doc.sentences().out() as string[];
  const scores = doc.sentences().out(nlp().its.sentiment) as unknown as number[];
  const sentences = texts.map((t, i) => ({ text: t, score: Math.round(Number(scores[i] ?? 0) * 1000) / 1000 }));
  const positive = sentences.filter((s) => s.score >= CLEAR_SENTENCE).length;
  const negative = sentences.filter((s) => s.score <= -CLEAR_SENTENCE).length;
  const mean = sentences.length ? sentences.reduce((a, s) => a + s.score, 0) / sentences.length : 0;
  const label: Sentiment =
    positive && negative ? 'mixed' : mean >= CLEAR_OVERALL ? 'positive' : mean <= -CLEAR_OVERALL ? 'negative' : 'neutral';
  return { label, score: Math.round(mean * 1000) / 1000, sentences };
}
