import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './harness.js';
import { madeWhole } from './made-whole.js';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const CACHE = path.join(ROOT, 'test-artifacts', 'clips');
const HUMAN_ASSETS = path.join(ROOT, 'node_modules/@vladmandic/human/assets');

/**
 * Photos for reels made at test time, each a region of a real photo (x, y, width, height in its pixels): a
 * portrait (Debian's facedetect example, unpacked by scripts/fetch-test-photos.sh), a crowd, a party
 * and a mosaic of faces (the assets @vladmandic/human ships).
 */
export const PHOTOS = {
  portrait: { file: path.join(ROOT, 'test-artifacts/photos/grace_hopper.jpg'), region: [0, 0, 512, 512] },
  crowd: { file: path.join(HUMAN_ASSETS, 'samples.jpg'), region: [560, 560, 720, 598] },
  party: { file: path.join(HUMAN_ASSETS, 'samples.jpg'), region: [130, 600, 460, 558] },
  mosaic: { file: path.join(HUMAN_ASSETS, 'screenshot-facematch.jpg'), region: [0, 300, 1100, 654] },
} as const;
export type PhotoName = keyof typeof PHOTOS;

export interface Shot {
  seconds: number;
  /** A photo of PHOTOS, or a lavfi video source (`testsrc2`, `mandelbrot`, `color=c=0x2050a0`, ...). */
  photo?: PhotoName;
  source?: string;
  /** The camera: still (default), a slow zoom in, a slow pan across, or a shaking hand-held camera. */
  motion?: 'still' | 'zoom' | 'pan' | 'shake';
  /** Words on a sign in the picture (light letters on a dark board, off-centre): they move with the picture. */
  sign?: string;
  /** How this shot gives way to the next: a cut (default), a cross-fade, or a fade through black, of `seconds`. */
  into?: { kind: 'dissolve' | 'fade'; seconds: number };
}

export interface ReelSpec {
  width?: number;
  height?: number;
  shots: Shot[];
  /** Captions over the whole reel as TikTok draws them: white, bold, a black outline, mid-frame (seconds of the reel). */
  captions?: Array<{ text: string; from: number; to: number }>;
}

/** Where a reel's shots change: each cut, and the middle of each dissolve or fade (seconds), and its length. */
export function reelTimeline(spec: ReelSpec): { boundaries: Array<{ time: number; kind: 'cut' | 'dissolve' | 'fade' }>; duration: number } {
  const boundaries: Array<{ time: number; kind: 'cut' | 'dissolve' | 'fade' }> = [];
  let t = 0;
  spec.shots.forEach((shot, i) => {
    t += shot.seconds;
    if (i === spec.shots.length - 1) return;
    const into = shot.into;
    if (into) t -= into.seconds; // the next shot starts under this one's end
    boundaries.push({ time: into ? t + into.seconds / 2 : t, kind: into?.kind ?? 'cut' });
  });
  return { boundaries, duration: t };
}

/**
 * Makes a silent 25 fps reel with ffmpeg: photos or lavfi sources, moved as a camera would, joined by cuts,
 * cross-fades (xfade) or fades through black, with outlined captions on top. Cached by spec in
 * test-artifacts/clips.
 */
export async function makeReel(spec: ReelSpec): Promise<string> {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify(['reel', spec]))
    .digest('hex')
    .slice(0, 16);
  const out = path.join(CACHE, `${key}.mp4`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(CACHE, { recursive: true });
  const w = spec.width ?? 720;
  const h = spec.height ?? 1280;
  const args = ['-y', '-v', 'error'];
  const filters: string[] = [];
  spec.shots.forEach((shot, i) => {
    if (shot.photo) args.push('-loop', '1', '-framerate', '25', '-t', String(shot.seconds), '-i', PHOTOS[shot.photo].file);
    else
      args.push(
        '-f',
        'lavfi',
        '-t',
        String(shot.seconds),
        '-i',
        `${shot.source ?? 'testsrc2'}${shot.source?.includes('=') ? ':' : '='}s=${w}x${h}:r=25`,
      );
    filters.push(`[${i}:v]${shotFilters(shot, w, h).join(',')}[s${i}]`);
  });
  let current = 's0';
  let length = spec.shots[0].seconds;
  for (let i = 1; i < spec.shots.length; i++) {
    const into = spec.shots[i - 1].into;
    const joined = `j${i}`;
    if (into) {
      const transition = into.kind === 'dissolve' ? 'fade' : 'fadeblack';
      filters.push(
        `[${current}][s${i}]xfade=transition=${transition}:duration=${into.seconds}:offset=${(length - into.seconds).toFixed(3)}[${joined}]`,
      );
      length += spec.shots[i].seconds - into.seconds;
    } else {
      filters.push(`[${current}][s${i}]concat=n=2:v=1:a=0[${joined}]`);
      length += spec.shots[i].seconds;
    }
    current = joined;
  }
  const captions = (spec.captions ?? []).map((c) => outlinedCaption(c, w));
  filters.push(`[${current}]${[...captions, 'format=yuv420p'].join(',')}[v]`);
  args.push('-filter_complex', filters.join(';'), '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-t', length.toFixed(3));
  args.push('-movflags', '+faststart');
  return madeWhole(out, (own) => run('ffmpeg', [...args, own]));
}

/** One shot's frames at the reel's size: the picture (with its sign) on a canvas a third larger, then the camera's moves. */
export function shotFilters(shot: Shot, w: number, h: number): string[] {
  const [cw, ch] = [even(w * 1.3), even(h * 1.3)];
  const picture = shot.photo
    ? [photoCrop(shot.photo), `scale=${cw}:${ch}:force_original_aspect_ratio=increase`, `crop=${cw}:${ch}`]
    : [`scale=${cw}:${ch}`];
  const sign = shot.sign ? [signText(shot.sign, cw, ch)] : [];
  const d = shot.seconds;
  const camera = {
    still: [`crop=${w}:${h}`],
    // About 5% of the width a second, left to right.
    pan: [`crop=${w}:${h}:x='(iw-ow)*t/${d}':y='(ih-oh)/2'`],
    zoom: [`scale=w='trunc(${w}*(1.05+0.25*t/${d})/2)*2':h=-2:eval=frame`, `crop=${w}:${h}`],
    // A hand held still: drift and tremor of a few percent of the frame, at a few hertz.
    shake: [
      `crop=${w}:${h}:x='(iw-ow)/2+${Math.round(w * 0.03)}*sin(2*PI*1.3*t)+${Math.round(w * 0.012)}*sin(2*PI*4.7*t+1)':` +
        `y='(ih-oh)/2+${Math.round(w * 0.025)}*sin(2*PI*0.9*t+2)+${Math.round(w * 0.01)}*sin(2*PI*5.3*t)'`,
    ],
  }[shot.motion ?? 'still'];
  return ['setsar=1', ...picture, ...sign, ...camera, 'fps=25', 'format=yuv420p', 'setsar=1'];
}

function photoCrop(name: PhotoName): string {
  const [x, y, width, height] = PHOTOS[name].region;
  return `crop=${width}:${height}:${x}:${y}`;
}

function signText(text: string, cw: number, ch: number): string {
  const size = Math.round(cw / 22);
  return `drawtext=fontfile=${FONT}:text='${text.replace(/[':\\]/g, '')}':fontsize=${size}:fontcolor=0xf4f0e0:box=1:boxcolor=0x5a2a18:boxborderw=${Math.round(size / 3)}:x=${Math.round(cw * 0.18)}:y=${Math.round(ch * 0.22)}`;
}

/** White bold text with a black outline, centred a little below the middle of the frame: no box. */
function outlinedCaption(c: { text: string; from: number; to: number }, w: number): string {
  const text = c.text.replace(/[':\\]/g, '');
  const size = Math.min(Math.round(w / 11), Math.floor((1.5 * w) / text.length));
  return (
    `drawtext=fontfile=${FONT}:text='${text}':fontsize=${size}:fontcolor=white:borderw=${Math.max(3, Math.round(size / 10))}:bordercolor=black:` +
    `x=(w-text_w)/2:y=h*0.55:enable='between(t,${c.from},${c.to - 0.001})'`
  );
}

function even(n: number): number {
  return Math.round(n / 2) * 2;
}
