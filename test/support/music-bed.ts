import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A bar of chords every 2 s (C, Am, F, G), each note with six harmonics, like a piano or a pad. */
const CHORDS = [
  [261.6, 329.6, 392.0],
  [220.0, 261.6, 329.6],
  [174.6, 220.0, 261.6],
  [196.0, 246.9, 293.7],
];

/** The note `n` of the chord playing at time t, as an ffmpeg expression. */
function note(n: number, scale = 1): string {
  return CHORDS.slice(0, 3).reduceRight(
    (rest, chord, i) => `if(lt(mod(t,8),${2 * (i + 1)}),${chord[n] * scale},${rest})`,
    String(CHORDS[3][n] * scale),
  );
}

/**
 * A music bed as reels have one: chords with harmonics pulsing on the beat, a melody an octave up, a kick
 * drum and a hi-hat, as one aevalsrc expression (16 kHz mono).
 */
export function musicExpression(): string {
  const chords = [0, 1, 2].flatMap((n) => [1, 2, 3, 4, 5, 6].map((k) => `${(0.08 / k).toFixed(4)}*sin(2*PI*${k}*t*${note(n)})`));
  const melody = `0.05*sin(2*PI*t*${note(2, 2)}*if(lt(mod(t,1),0.5),1,1.25))*exp(-4*mod(t,0.5))`;
  const kick = '0.5*sin(2*PI*55*t)*exp(-12*mod(t,0.5))';
  const hat = '0.04*(random(0)*2-1)*exp(-40*mod(t+0.25,0.5))';
  return `(0.4+0.6*exp(-3*mod(t,0.5)))*(${chords.join('+')})+${melody}+${kick}+${hat}`;
}

/**
 * A sustained pad: the same chords held for their whole bar (four harmonics a note, a slow swell, a bass note an
 * octave down), no drums: the bed of calm explainers and voice-overs.
 */
export function padExpression(): string {
  const notes = [0, 1, 2].flatMap((n) => [1, 2, 3, 4].map((k) => `${(0.08 / k).toFixed(4)}*sin(2*PI*${k}*t*${note(n)})`));
  return `(0.8+0.2*sin(2*PI*t/4))*(${notes.join('+')}+0.1*sin(2*PI*t*${note(0, 0.5)}))`;
}

/** A minor-key loop (Am, F, C, G), a chord every 4 beats at 100 beats a minute: the band bed's progression. */
const BAND_CHORDS = [
  [220.0, 261.6, 329.6],
  [174.6, 220.0, 261.6],
  [261.6, 329.6, 392.0],
  [196.0, 246.9, 293.7],
];
const BEAT = 0.6;
const BAR = 4 * BEAT;

/** The note `n` of the band's chord at time t (`scale` 0.5: an octave down), as an ffmpeg expression. */
function bandNote(n: number, scale = 1): string {
  return BAND_CHORDS.slice(0, 3).reduceRight(
    (rest, chord, i) => `if(lt(mod(t,${4 * BAR}),${BAR * (i + 1)}),${(chord[n] * scale).toFixed(2)},${rest})`,
    (BAND_CHORDS[3][n] * scale).toFixed(2),
  );
}

/**
 * A band as pop reels have one, harder than `beat`: nothing is held for long, so little of it is a sustained
 * tone. A kick with a falling pitch on every beat, a noise snare on beats 2 and 4, hi-hats on the eighths, a
 * plucked bass on the chord's root in eighths, and a sixteenth-note arpeggio over the chord (root, third, fifth,
 * third) with three harmonics, the chords changing every bar.
 */
export function bandExpression(): string {
  const m = (period: number, shift = 0) => `mod(t+${shift},${period})`;
  const kick = `0.6*sin(2*PI*(45+90*exp(-25*${m(BEAT)}))*${m(BEAT)})*exp(-7*${m(BEAT)})`;
  const snare = `0.25*(random(0)*2-1)*exp(-18*${m(2 * BEAT, BEAT)})`;
  const hat = `0.06*(random(1)*2-1)*exp(-60*${m(BEAT / 2)})`;
  const bass = [1, 2, 3].map((k) => `${(0.22 / k).toFixed(3)}*sin(2*PI*${k}*t*${bandNote(0, 0.5)})`).join('+');
  const step = `mod(floor(t/${BEAT / 4}),4)`;
  const arpNote = `if(eq(${step},0),${bandNote(0, 2)},if(eq(${step},2),${bandNote(2, 2)},${bandNote(1, 2)}))`;
  const arp = [1, 2, 3].map((k) => `${(0.07 / k).toFixed(3)}*sin(2*PI*${k}*t*${arpNote})`).join('+');
  return `${kick}+${snare}+${hat}+(${bass})*exp(-5*${m(BEAT / 2)})+(${arp})*exp(-12*${m(BEAT / 4)})`;
}

/** The kinds of bed: `beat` (chords pulsing on the beat, melody and drums), `pad` (held chords) or `band` (drums, bass, arpeggio). */
export type MusicBed = 'beat' | 'pad' | 'band';

async function meanVolume(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-af', 'volumedetect', '-f', 'null', '-']);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -20);
}

/** The bed's aevalsrc expression. */
export function bedExpression(bed: MusicBed): string {
  return { beat: musicExpression, pad: padExpression, band: bandExpression }[bed]();
}

/** A music bed alone, `seconds` long, into `wav` (16 kHz mono): a reel with music and no voice. */
export async function writeMusicBed(wav: string, seconds: number, bed: MusicBed = 'beat'): Promise<void> {
  await run('ffmpeg', ['-y', '-v', 'error', '-nostdin', '-f', 'lavfi', '-i', `aevalsrc='${bedExpression(bed)}':s=16000:d=${seconds}`, wav]);
}

/**
 * Lays a music bed (`beat` unless told) under the speech in `wav` (in place): the speech starts after `intro` seconds of music,
 * and the music's mean level sits `belowDb` under the speech's.
 */
export async function addMusicBed(wav: string, belowDb: number, bed: MusicBed = 'beat', intro = 0.8): Promise<void> {
  const speech = await meanVolume(wav);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]);
  const duration = Number(stdout.trim()) + intro + 0.5;
  const music = `${wav}.music.wav`;
  await writeMusicBed(music, duration, bed);
  const gain = speech - belowDb - (await meanVolume(music));
  const mixed = `${wav}.mixed.wav`;
  const delay = Math.round(intro * 1000);
  await run('ffmpeg', [
    '-y',
    '-v',
    'error',
    '-nostdin',
    '-i',
    wav,
    '-i',
    music,
    '-filter_complex',
    `[0:a]aresample=16000,adelay=${delay}[s];[1:a]volume=${gain.toFixed(1)}dB[m];[s][m]amix=inputs=2:normalize=0:duration=longest`,
    mixed,
  ]);
  fs.renameSync(mixed, wav);
  fs.rmSync(music);
}
