import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
export const SAMPLE_SPEECH = 'Welcome to the kitchen. This blender makes soup in five minutes. Save fifty percent today.';

/**
 * A 6-second sample clip for the demo: two scenes with captions and spoken words (flite), made with the
 * same ffmpeg the service uses. Without flite the clip is silent (the service then skips speech).
 */
export async function makeSampleClip(dir: string, ffmpeg = 'ffmpeg'): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const out = path.join(dir, 'sample.mp4');
  const speech = path.join(dir, 'speech.wav');
  const spoken = await run('flite', ['-voice', 'rms', '-t', SAMPLE_SPEECH, '-o', speech]).then(
    () => true,
    () => false,
  );
  const caption = (text: string) =>
    `drawtext=fontfile=${FONT}:text='${text}':fontsize=40:fontcolor=white:box=1:boxcolor=black@0.75:boxborderw=10:x=(w-text_w)/2:y=h*0.72`;
  await run(ffmpeg, [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x2050a0:s=640x360:d=3:r=25',
    '-f',
    'lavfi',
    '-i',
    'color=c=0xd08040:s=640x360:d=3:r=25',
    ...(spoken ? ['-i', speech] : ['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono:d=6']),
    '-filter_complex',
    `[0:v]${caption('SOUP IN 5 MINUTES')}[a];[1:v]${caption('SAVE 50 PERCENT')}[b];[a][b]concat=n=2:v=1:a=0[v];[2:a]apad[s]`,
    '-map',
    '[v]',
    '-map',
    '[s]',
    '-t',
    '6',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    out,
  ]);
  return out;
}
