import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './harness.js';
import { madeWhole } from './made-whole.js';
import { addMusicBed, type MusicBed, writeMusicBed } from './music-bed.js';
import { DEFAULT_VOICE, type Voice, voiceCommand } from './voices.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const CACHE = path.join(ROOT, 'test-artifacts', 'clips');

export interface SceneSpec {
  seconds: number;
  /** A lavfi video source taking s, d and r options: `color=c=red`, `testsrc2`, `smptebars`, `rgbtestsrc`, ... */
  source: string;
  /** Text burnt into the lower part of the frame, like a short-form caption. */
  caption?: string;
  /** Captions that come and go within the scene (seconds from the scene's start), as reels change them. */
  captions?: Array<{ text: string; from: number; to: number }>;
  /** `box` (default): light text on a dark box; `outline`: light text with a dark outline, straight on the picture. */
  captionStyle?: 'box' | 'outline';
}

export interface ClipSpec {
  scenes: SceneSpec[];
  /** Spoken with flite (voice rms unless `voice` says otherwise). The last scene is lengthened to fit it. */
  speech?: string;
  /** Who says `speech` (voices.ts): flite's rms by default, which pocketsphinx reads well. */
  voice?: Voice;
  width?: number;
  height?: number;
  /** Container title tag. */
  title?: string;
  audio?: boolean;
  /** Seconds of silence after each spoken sentence (0.6 by default; people pause about 0.3 s). */
  pause?: number;
  /** A music bed under the speech, its mean level this many dB below the speech's (see music-bed.ts). */
  musicBelowDb?: number;
  /** Which bed (music-bed.ts): chords on a beat with drums (the default) or a sustained pad. */
  musicBed?: MusicBed;
  /** Without `speech`: this bed alone is the audio (a reel with music and no voice). */
  musicAlone?: MusicBed;
  /** Caps the video bitrate (e.g. `4M`), as platforms serve reels: noise-like textures otherwise take ~16 Mbit/s. */
  videoBitrate?: string;
}

/**
 * Makes a short test video with ffmpeg's lavfi sources: known cuts (scene boundaries), captions drawn
 * with drawtext, and flite speech. Cached by spec in test-artifacts/clips, so a suite makes each once.
 */
export async function makeClip(spec: ClipSpec): Promise<string> {
  const key = crypto.createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);
  const out = path.join(CACHE, `${key}.mp4`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(CACHE, { recursive: true });
  const w = spec.width ?? 360;
  const h = spec.height ?? 640;
  // The speech is made first: the last scene lasts until it ends, so no word is cut off. Under this process's own
  // name, as the clip is (madeWhole).
  const wav = path.join(CACHE, `${key}.${process.pid}.wav`);
  const speechSeconds =
    spec.audio !== false && spec.speech
      ? await speak(spec.speech, wav, spec.pause ?? 0.6, spec.musicBelowDb, spec.musicBed, spec.voice)
      : 0;
  const scenes = fitToSpeech(spec.scenes, speechSeconds);
  const total = scenes.reduce((t, x) => t + x.seconds, 0);
  const video = sceneInputs(scenes, w, h);
  const args = ['-y', '-v', 'error', ...video.args];
  const filters = [...video.filters, `${scenes.map((_, i) => `[v${i}]`).join('')}concat=n=${scenes.length}:v=1:a=0[v]`];
  const withAudio = spec.audio !== false;
  if (withAudio) {
    // The audio input comes after the scenes' inputs.
    if (!spec.speech && spec.musicAlone) await writeMusicBed(wav, total, spec.musicAlone);
    args.push(...(spec.speech || spec.musicAlone ? ['-i', wav] : ['-f', 'lavfi', '-i', `anullsrc=r=16000:cl=mono`]));
    filters.push(`[${scenes.length}:a]apad,atrim=0:${total}[a]`);
  }
  args.push('-filter_complex', filters.join(';'), '-map', '[v]');
  if (withAudio) args.push('-map', '[a]', '-c:a', 'aac', '-b:a', '64k');
  await madeWhole(out, (own) => run('ffmpeg', [...args, ...encoding(spec, total), own]));
  fs.rmSync(wav, { force: true });
  return out;
}

/** The scenes, the last one lengthened to end 0.3 s after the speech. */
function fitToSpeech(scenes: SceneSpec[], speechSeconds: number): SceneSpec[] {
  return scenes.map((scene, i) => {
    const before = scenes.slice(0, i).reduce((t, x) => t + x.seconds, 0);
    const last = i === scenes.length - 1;
    return last && before + scene.seconds < speechSeconds + 0.3
      ? { ...scene, seconds: Math.ceil((speechSeconds + 0.3 - before) * 10) / 10 }
      : scene;
  });
}

/** One lavfi input per scene, and the filter that draws its captions (output [v<i>]). */
function sceneInputs(scenes: SceneSpec[], w: number, h: number): { args: string[]; filters: string[] } {
  const args: string[] = [];
  const filters: string[] = [];
  scenes.forEach((scene, i) => {
    // Texture sources (cellauto, life, mandelbrot) have no duration option: the input is cut with -t instead.
    const name = scene.source.split('=')[0];
    const duration = NO_DURATION_SOURCES.has(name) ? '' : `:d=${scene.seconds}`;
    args.push(
      '-t',
      String(scene.seconds),
      '-f',
      'lavfi',
      '-i',
      `${scene.source}${scene.source.includes('=') ? ':' : '='}s=${w}x${h}${duration}:r=25`,
    );
    const timed = [...(scene.caption ? [{ text: scene.caption, from: 0, to: scene.seconds }] : []), ...(scene.captions ?? [])];
    const draws = timed.map((c) => drawCaption(c, w, scene.captionStyle ?? 'box', scene.caption !== undefined && !scene.captions));
    filters.push(`[${i}:v]${[...draws, 'setsar=1'].join(',')}[v${i}]`);
  });
  return { args, filters };
}

/** The title tag, the bitrate cap and H.264 for the web (the index first), `total` seconds long. */
function encoding(spec: ClipSpec, total: number): string[] {
  return [
    ...(spec.title ? ['-metadata', `title=${spec.title}`] : []),
    ...(spec.videoBitrate ? ['-b:v', spec.videoBitrate, '-maxrate', spec.videoBitrate, '-bufsize', spec.videoBitrate] : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-t',
    String(total),
    '-movflags',
    '+faststart',
  ];
}

const NO_DURATION_SOURCES = new Set(['cellauto', 'life', 'mandelbrot']);

function drawCaption(c: { text: string; from: number; to: number }, w: number, style: 'box' | 'outline', always: boolean): string {
  const text = c.text.replace(/[':\\]/g, '');
  const size = Math.min(Math.round(w / 16), Math.floor((1.3 * w) / text.length));
  const look =
    style === 'box' ? 'box=1:boxcolor=black@0.75:boxborderw=12' : `borderw=${Math.max(2, Math.round(size / 12))}:bordercolor=black`;
  const when = always ? '' : `:enable='between(t,${c.from},${c.to - 0.001})'`;
  return `drawtext=fontfile=${FONT}:text='${text}':fontsize=${size}:fontcolor=white:${look}:x=(w-text_w)/2:y=h*0.72${when}`;
}

/**
 * The voice (flite rms unless told), one sentence at a time with a pause after each (0.6 s unless told): flite alone barely pauses between
 * sentences, where people do (and speech engines split sentences at pauses).
 */
async function speak(
  text: string,
  wav: string,
  pause: number,
  musicBelowDb?: number,
  bed?: MusicBed,
  voice: Voice = DEFAULT_VOICE,
): Promise<number> {
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  const parts: string[] = [];
  for (const [i, sentence] of sentences.entries()) {
    const part = `${wav}.${i}.wav`;
    const [command, args] = voiceCommand(voice, sentence, part);
    await run(command, args);
    parts.push(part);
  }
  const filter = `${parts.map((_, i) => `[${i}:a]apad=pad_dur=${pause}[a${i}]`).join(';')};${parts.map((_, i) => `[a${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[out]`;
  await run('ffmpeg', ['-y', '-v', 'error', ...parts.flatMap((p) => ['-i', p]), '-filter_complex', filter, '-map', '[out]', wav]);
  for (const p of parts) fs.rmSync(p);
  if (voice.telephone) {
    await run('ffmpeg', ['-y', '-v', 'error', '-i', wav, '-ar', '8000', `${wav}.8k.wav`]);
    fs.renameSync(`${wav}.8k.wav`, wav);
  }
  if (musicBelowDb !== undefined) await addMusicBed(wav, musicBelowDb, bed);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]);
  return Number(stdout.trim());
}

/** The clip most tests use: three scenes with cuts at 2 s and 4 s, captions, and speech. */
export const STANDARD_CLIP: ClipSpec = {
  scenes: [
    { seconds: 2, source: 'color=c=0x2050a0', caption: 'SAVE 50 PERCENT TODAY' },
    { seconds: 2, source: 'testsrc2', caption: 'FRESH PASTA RECIPE' },
    { seconds: 2.5, source: 'color=c=0xa04020' },
  ],
  speech: 'Welcome to our kitchen. Today we cook pasta with fresh tomatoes. This recipe is amazing.',
  title: 'Pasta in ten minutes',
};
