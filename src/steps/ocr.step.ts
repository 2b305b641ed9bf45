import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../media/run-process.js';
import { defineStep, type StepContext } from './step.js';

interface OcrLine {
  text: string;
  confidence: number;
}
interface OcrFrame {
  index: number;
  time: number;
  text: string;
  confidence: number;
  lines: OcrLine[];
}

const FRAME_TIMEOUT_MS = 20_000;
const MIN_WORD_CONFIDENCE = 50;

export const ocrStep = defineStep<{ frames: Array<{ keyframe_path: string; keyframe_time: number }> }, { frames: OcrFrame[]; text: string }>({
  type: 'ocr',
  summary: 'Reads on-screen text (captions, titles, labels) from keyframes',
  description:
    'Runs Tesseract (TESSERACT_PATH) on each of `frames` (objects with `keyframe_path` and `keyframe_time`, such as ' +
    "`detect_scenes`' scenes). Frames are upscaled to at least 720 px wide and read as sparse text; when nothing is " +
    'found, a thresholded copy (light text on dark boxes, as in short-form captions) is read. Words under ' +
    `${MIN_WORD_CONFIDENCE}% confidence and lines without a real word are dropped. Each frame is bounded to ` +
    `${FRAME_TIMEOUT_MS / 1000} s; frames run in parallel. Outputs \`frames\` [{index, time, text, confidence (0-1), ` +
    'lines}] and `text` (every distinct line, in order).',
  with: {
    type: 'object',
    required: ['frames'],
    additionalProperties: false,
    properties: {
      frames: {
        type: 'array',
        maxItems: 200,
        items: { type: 'object', required: ['keyframe_path', 'keyframe_time'], properties: { keyframe_path: { type: 'string' }, keyframe_time: { type: 'number' } } },
      },
    },
  },
  output: {
    type: 'object',
    required: ['frames', 'text'],
    additionalProperties: false,
    properties: {
      frames: {
        type: 'array',
        items: {
          type: 'object',
          required: ['index', 'time', 'text', 'confidence', 'lines'],
          additionalProperties: false,
          properties: {
            index: { type: 'integer' },
            time: { type: 'number' },
            text: { type: 'string' },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
            lines: {
              type: 'array',
              items: {
                type: 'object',
                required: ['text', 'confidence'],
                additionalProperties: false,
                properties: { text: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
              },
            },
          },
        },
      },
      text: { type: 'string' },
    },
  },
  example: `- id: captions\n  uses: ocr\n  with: { frames: "{{steps.scenes.scenes}}" }`,
  async run(input, ctx) {
    const frames: OcrFrame[] = new Array(input.frames.length);
    let next = 0;
    const worker = async () => {
      while (next < input.frames.length) {
        const i = next++;
        const f = input.frames[i];
        const lines = await readFrame(f.keyframe_path, i, ctx);
        const confidence = lines.length ? lines.reduce((s, l) => s + l.confidence, 0) / lines.length : 0;
        frames[i] = { index: i, time: f.keyframe_time, text: lines.map((l) => l.text).join('\n'), confidence: round(confidence), lines };
      }
    };
    await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), input.frames.length) }, worker));
    const seen = new Set<string>();
    const distinct = frames.flatMap((f) => f.lines.map((l) => l.text)).filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
    ctx.engine('ocr', 'tesseract');
    return { frames, text: distinct.join('\n') };
  },
});

async function readFrame(file: string, i: number, ctx: StepContext): Promise<OcrLine[]> {
  const sharp = (await import('sharp')).default; // loaded on first use: API-only processes never need it
  const meta = await sharp(file).metadata();
  const width = Math.max(meta.width ?? 720, 720);
  const gray = path.join(ctx.workDir, `ocr-${i}-gray.png`);
  await sharp(file).resize({ width }).grayscale().toFile(gray);
  let lines = await tesseract(gray, ctx);
  if (!lines.length) {
    const thresholded = path.join(ctx.workDir, `ocr-${i}-threshold.png`);
    await sharp(file).resize({ width }).grayscale().threshold(200).negate().toFile(thresholded);
    lines = await tesseract(thresholded, ctx);
  }
  return lines;
}

/** Tesseract's TSV (one row per word, with block/paragraph/line numbers and confidence) as lines. */
async function tesseract(image: string, ctx: StepContext): Promise<OcrLine[]> {
  const { stdout } = await runProcess(ctx.services.media.tesseractPath, [image, '-', '--psm', '11', 'tsv'], {
    signal: ctx.signal,
    timeoutMs: FRAME_TIMEOUT_MS,
    name: 'tesseract',
    background: true,
    // Frames already run in parallel: tesseract's own OpenMP threads would only fight over the cores.
    env: { OMP_THREAD_LIMIT: '1' },
  });
  const byLine = new Map<string, { words: string[]; confs: number[] }>();
  for (const row of stdout.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const conf = Number(c[10]);
    const word = c[11].trim();
    if (!word || conf < MIN_WORD_CONFIDENCE) continue;
    const key = `${c[2]}.${c[3]}.${c[4]}`;
    if (!byLine.has(key)) byLine.set(key, { words: [], confs: [] });
    byLine.get(key)!.words.push(word);
    byLine.get(key)!.confs.push(conf);
  }
  return [...byLine.values()]
    // Box edges and stray marks read as | ( ) _ at the ends of a line.
    .map((l) => ({ text: l.words.join(' ').replace(/^[^\p{L}\p{N}$#"'(]+|[^\p{L}\p{N}%!?.)"']+$/gu, ''), confidence: round(l.confs.reduce((a, b) => a + b, 0) / l.confs.length / 100) }))
    .filter((l) => /[A-Za-z0-9]{2,}/.test(l.text) && /[A-Za-z]/.test(l.text));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
