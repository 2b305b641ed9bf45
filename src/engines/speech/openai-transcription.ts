import fs from 'node:fs';
import type OpenAI from 'openai';
import { httpStatusOf } from '../http-status.js';
import { KnownFailure } from '../known-failure.js';
import { splitPunctuated } from './sentences.js';
import { meanConfidence } from './speech-confidence.js';
import type { SpeechToText, Transcript } from './speech-to-text.port.js';

/**
 * Whisper's own rules, as the API documents them: a segment whose average token log-probability is below -1
 * failed, and one that also gives a high no-speech probability is silence. A segment's confidence is its
 * geometric-mean token probability, exp(avg_logprob), so the bar is exp(-1).
 */
const FAILED_LOGPROB = -1;
const NO_SPEECH = 0.6;

/**
 * Any OpenAI-compatible /v1/audio/transcriptions endpoint (OpenAI, a whisper.cpp or faster-whisper
 * server), asked for verbose JSON so segments and words come with their times.
 */
export class OpenAiSpeechToText implements SpeechToText {
  readonly name: string;
  readonly confidenceBar = Math.round(Math.exp(FAILED_LOGPROB) * 1000) / 1000;
  readonly identifiesLanguage = true;
  readonly fitBar = null;
  private client: OpenAI | null = null;

  constructor(private readonly opts: { baseUrl: string; apiKey: string | null; model: string }) {
    this.name = `${opts.model} (OpenAI-compatible transcription at ${new URL(opts.baseUrl).host})`;
  }

  async transcribe(audio: string, opts: { signal: AbortSignal; language?: string }): Promise<Transcript> {
    if (!this.client) {
      const { default: OpenAIClient } = await import('openai');
      this.client = new OpenAIClient({
        baseURL: this.opts.baseUrl,
        apiKey: this.opts.apiKey ?? 'not-needed',
        maxRetries: 1,
        timeout: 300_000,
      });
    }
    let res: OpenAI.Audio.TranscriptionVerbose;
    try {
      res = await this.client.audio.transcriptions.create(
        {
          file: fs.createReadStream(audio),
          model: this.opts.model,
          response_format: 'verbose_json',
          timestamp_granularities: ['word', 'segment'],
          ...(opts.language ? { language: opts.language } : {}),
        },
        { signal: opts.signal },
      );
    } catch (err) {
      const status = httpStatusOf(err);
      throw new KnownFailure(
        `the transcription service failed${status ? ` (HTTP ${status})` : ''}: ${(err as Error).message.split('\n')[0]}`,
        { transient: !status || status >= 500 || status === 429 },
      );
    }
    const words = res.words ?? [];
    const segments = (res.segments ?? [])
      .filter((s) => !(s.no_speech_prob > NO_SPEECH && s.avg_logprob < FAILED_LOGPROB))
      .map((s) => ({
        start: Number(s.start),
        end: Number(s.end),
        text: String(s.text).trim(),
        words: words
          .filter((w) => w.start >= s.start && w.start < s.end)
          .map((w) => ({ word: String(w.word).trim(), start: Number(w.start), end: Number(w.end) })),
        ...(typeof s.avg_logprob === 'number' ? { confidence: Math.round(Math.exp(s.avg_logprob) * 1000) / 1000 } : {}),
      }));
    // A segment may hold several sentences; claims are checked per sentence.
    return {
      text: String(res.text ?? '').trim(),
      language: res.language ? toBcp47(res.language) : null,
      segments: splitPunctuated(segments),
      confidence: meanConfidence(segments.map((s) => ({ word: s.text, start: s.start, end: s.end, confidence: s.confidence }))),
    };
  }
}

/** Whisper reports languages by English name ("english"); the result uses BCP 47 codes where known. */
function toBcp47(language: string): string {
  const names: Record<string, string> = {
    english: 'en',
    spanish: 'es',
    french: 'fr',
    german: 'de',
    italian: 'it',
    portuguese: 'pt',
    japanese: 'ja',
    korean: 'ko',
    chinese: 'zh',
    russian: 'ru',
    arabic: 'ar',
    hindi: 'hi',
    dutch: 'nl',
    turkish: 'tr',
    polish: 'pl',
  };
  return names[language.toLowerCase()] ?? language;
}
