import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { madeWhole } from './made-whole.js';
import { musicExpression } from './music-bed.js';

const run = promisify(execFile);

/**
 * A made clip (media.ts) with its audio laid out as real containers have it: 5.1 with the voice on the centre
 * channel only, the voice on a second audio track behind a music track, or an audio stream that starts later
 * than the video. The video is copied; each variant is cached beside the clip.
 */
export type AudioLayout = { kind: 'centre-of-5.1' } | { kind: 'second-track' } | { kind: 'starts-late'; seconds: number };

export async function withAudioLayout(clip: string, layout: AudioLayout): Promise<string> {
  const suffix = layout.kind === 'starts-late' ? `late-${layout.seconds}` : layout.kind;
  const out = clip.replace(/\.mp4$/, `.${suffix}.mp4`);
  if (fs.existsSync(out)) return out;
  return madeWhole(out, (own) =>
    run('ffmpeg', ['-y', '-v', 'error', ...layoutArgs(clip, layout), '-c:v', 'copy', '-c:a', 'aac', '-b:a', '96k', own]),
  );
}

function layoutArgs(clip: string, layout: AudioLayout): string[] {
  switch (layout.kind) {
    case 'centre-of-5.1':
      // Channel 2 of 5.1 is the front centre; the other five are silent. The voice is 10 dB down (about -31 LUFS
      // on the centre), where film and TV mixes keep dialogue (-24 to -31 LKFS).
      return ['-i', clip, '-filter_complex', '[0:a]volume=-10dB,pan=5.1|c2=c0[a]', '-map', '0:v', '-map', '[a]'];
    case 'second-track': {
      // Track 1 (the default track) is music as loud as the voice, for as long as the clip; track 2 is the voice.
      return [
        ...['-i', clip, '-f', 'lavfi', '-i', `aevalsrc='${musicExpression()}':s=16000`],
        ...['-filter_complex', '[1:a]volume=0.5[music]', '-map', '0:v', '-map', '[music]', '-map', '0:a', '-shortest'],
        ...['-disposition:a:0', 'default', '-disposition:a:1', '0'],
      ];
    }
    case 'starts-late':
      // The clip's audio moved `seconds` later, cut where the video ends: the MP4 says so with an edit list.
      return ['-i', clip, '-itsoffset', String(layout.seconds), '-i', clip, '-map', '0:v', '-map', '1:a', '-shortest'];
  }
}
