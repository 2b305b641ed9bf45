import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { TesseractOcr } from '../../src/engines/ocr/tesseract-ocr.js';
import { FfmpegVideoEngine } from '../../src/engines/video/ffmpeg-video-engine.js';
import { ocrStep } from '../../src/steps/on-screen-text/ocr.step.js';
import { detectScenesStep } from '../../src/steps/scenes/detect-scenes.step.js';
import type { StepTools } from '../../src/steps/step-tools.js';
import { fakeTools, runStep, stepContext } from './step-context.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * A caption drawn on a still frame: over `background` (filters over a dark slate, or over `photo` scaled and cropped to
 * `size`; or none), at `y`.
 */
export interface CaptionStill {
  size: string;
  /** A photo to draw over instead of the slate. */
  photo?: string;
  /** The caption's font file (DejaVu Sans Bold unless told). */
  font?: string;
  background?: string;
  text: string;
  y: string;
  /** drawtext's options: size, colour, outline, shadow. */
  look: string;
  /** Where the caption's left edge is (centred unless told). */
  x?: string;
}

/** Two seconds of the ocr step's samples (2 a second) of one still frame holding the caption. */
export async function captionSamples(
  dir: string,
  { size, photo, font = FONT, background = '', text, y, look, x = '(w-text_w)/2' }: CaptionStill,
) {
  const file = path.join(dir, 'frame.jpg');
  const draw = `drawtext=fontfile=${font}:text='${text}':${look}:x=${x}:y=${y}`;
  const [w, h] = size.split('x');
  const input = photo ? ['-i', photo] : ['-f', 'lavfi', '-i', `color=c=0x203040:s=${size}`];
  const fit = photo ? `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},` : '';
  await run('ffmpeg', ['-v', 'error', '-y', ...input, '-vf', `${fit}${background}${draw}`, '-frames:v', '1', '-q:v', '3', file]);
  return [0, 0.5, 1, 1.5].map((time) => ({ time, path: file, scene: 0 }));
}

/** ffmpeg's drawtext of `text` in `look` (font, size, colour, place) shown from `from` to `to` seconds: one caption of a clip. */
export function timedCaption(look: string, text: string, from: number, to: number): string {
  return `drawtext=${look}:text='${text}':enable='between(t,${from},${to})'`;
}

/** ffmpeg's input options for a still photo `file` shown `seconds` long at 25 frames a second: a clip readCaptionClip draws on. */
export function stillPhoto(file: string, seconds = 3): string[] {
  return ['-loop', '1', '-framerate', '25', '-t', String(seconds), '-i', file];
}

/**
 * ffmpeg's filters that frame a photo for a clip of `size` (720x1280 unless told) as the caption families draw it
 * (bench/support/caption-families.mjs): its part `region` (x, y, width, height; none: all of it), scaled to cover 1.3
 * times the frame, brightened where `bright` (the "shadow bright" family), its middle kept, the camera still.
 */
export function familyFrame(region: readonly [number, number, number, number] | null, bright = false, size = '720x1280'): string {
  const part = region ? `crop=${region[2]}:${region[3]}:${region[0]}:${region[1]},` : '';
  const light = bright ? 'eq=brightness=0.35:contrast=0.6,' : '';
  const [w, h] = size.split('x').map(Number);
  const [cw, ch] = [Math.round((w * 1.3) / 2) * 2, Math.round((h * 1.3) / 2) * 2];
  return `${part}setsar=1,scale=${cw}:${ch}:force_original_aspect_ratio=increase,crop=${cw}:${ch},${light}crop=${w}:${h}`;
}

/** Tesseract with the caption model the service ships (models/tessdata's Latin-script one), as the ocr step reads. */
export function shippedOcr(): TesseractOcr {
  return new TesseractOcr('tesseract', { lang: 'Latin', dataDir: path.resolve('models/tessdata') });
}

/**
 * The ocr step's captions of one still frame holding a caption (captionSamples), read with the real Tesseract (its
 * English model unless `ocr` says otherwise: shippedOcr; other engines from `tools`), its warnings and the engines it used.
 */
export async function readCaptionStill(still: CaptionStill, ocr = new TesseractOcr('tesseract'), tools: Partial<StepTools> = {}) {
  const ctx = stepContext(fakeTools({ ocr, ...tools }));
  const out = await runStep(ocrStep, { frames: await captionSamples(ctx.workDir, still) }, ctx);
  return { captions: out.captions, warnings: ctx.warnings, engines: ctx.engines };
}

/**
 * The ocr step's captions of a clip x264 encodes from ffmpeg's `input` options through `filters`, read with the shipped
 * caption model and sampled as the service samples (the scenes step's copies), which the region finder and the crops
 * work on; other engines from `tools`.
 */
export async function readCaptionClip(input: string[], filters: string, tools: Partial<StepTools> = {}) {
  const ctx = stepContext(
    fakeTools({ video: new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }), ocr: shippedOcr(), ...tools }),
  );
  const clip = path.join(ctx.workDir, 'caption.mp4');
  await run('ffmpeg', ['-v', 'error', '-y', ...input, '-vf', filters, '-c:v', 'libx264', '-preset', 'veryfast', clip]);
  const { samples } = await runStep(detectScenesStep, { source: clip }, ctx);
  return (await runStep(ocrStep, { frames: samples }, ctx)).captions;
}
