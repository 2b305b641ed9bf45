// Whether the voice detector asked before speech-to-text (src/engines/voice/silero-voice-detector.ts) tells speech
// from sound without a voice, on families drawn at random (ARCHITECTURE decision 24). Speech as voice-families.mjs
// draws it (every installed synthesizer, voice and variant, at drawn speeds and pitches, clean, under pink noise or a
// music bed), a third of it moved under a bed as loud as the voice or up to 16 dB under it, and some of espeak-ng's
// voices whispered. Sound without a voice: test/support/music-bed.ts's beds played 0.7 to 1.4 times as fast (pitch
// and tempo), a band over pink noise, held tones, chords with a tremolo, tones with a singer's vibrato and noise of
// six colours. Speech taken for no voice loses its transcript; sound taken for speech is only decoded as before.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { seededRandom } from './families.mjs';
import { clipLabel, drawClips, installedVoices, synthesize } from './voice-families.mjs';

const run = promisify(execFile);

/** Speech clips and voiceless sounds drawn with `seed`, `n` of each; prints each clip and the summary lines. */
export async function voicePresence(dist, seed, n = Number(process.env.QUALITY_PRESENCE_CLIPS ?? 40)) {
  const rng = seededRandom(seed);
  const V = await import(dist('test/support/voices.js'));
  const MB = await import(dist('test/support/music-bed.js'));
  const { SileroVoiceDetector } = await import(dist('src/engines/voice/silero-voice-detector.js'));
  const detector = new SileroVoiceDetector();
  const voices = await installedVoices();
  const speech = drawClips(rng, Object.keys(voices), voices, V, n).map((clip) => harder(rng, clip));
  const missed = [];
  const taken = [];
  console.log(`voice presence: ${n} speech clips and ${n} sounds without a voice, seed ${seed}`);
  for (const clip of speech) {
    const found = await inTempDir(async (wav) => {
      await synthesize(clip, wav, dist);
      return detector.firstVoice(wav, AbortSignal.timeout(120_000));
    });
    if (found === null) missed.push(clipLabel(clip));
    console.log(`voice presence speech ${clipLabel(clip)}: ${found === null ? 'NO VOICE FOUND' : `voice at ${found.toFixed(2)} s`}`);
  }
  for (let i = 0; i < n; i++) {
    const sound = drawSound(rng, MB);
    const found = await inTempDir(async (wav) => {
      await sound.make(wav);
      return detector.firstVoice(wav, AbortSignal.timeout(120_000));
    });
    if (found !== null) taken.push(sound.label);
    console.log(`voice presence sound ${sound.label}: ${found === null ? 'no voice' : `TAKEN FOR A VOICE at ${found.toFixed(2)} s`}`);
  }
  console.log(
    `voice presence: speech with a voice found ${n - missed.length}/${n} (goal ${n})${missed.length ? `; missed: ${missed.join('; ')}` : ''}`,
  );
  console.log(
    `voice presence: sound without a voice taken for speech ${taken.length}/${n} (decoded as before)${taken.length ? `: ${taken.join('; ')}` : ''}`,
  );
}

/** A third of the clips under a bed from as loud as the voice to 16 dB under it; an espeak-ng voice whispered now and then. */
function harder(rng, clip) {
  const c = { ...clip, voice: { ...clip.voice } };
  if (rng.next() < 1 / 3) c.condition = { kind: 'bed', below: rng.int(0, 16), bed: rng.pick(['beat', 'pad', 'band']) };
  if (c.family === 'espeak-ng' && rng.next() < 0.15) c.voice.name = `${c.voice.name.split('+')[0]}+whisper`;
  return c;
}

/** One sound without a voice: how to make it (a 16 kHz mono WAV) and its label. */
function drawSound(rng, MB) {
  const seconds = rng.int(6, 30);
  const kind = rng.pick(['beat', 'pad', 'band', 'band over noise', 'tone', 'chord', 'vibrato', 'noise']);
  const f = rng.int(60, 1500);
  const wavOf =
    (expression, filters = 'anull') =>
    (wav) =>
      run('ffmpeg', [
        '-y',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `aevalsrc='${expression}':s=16000:d=${seconds}`,
        '-af',
        filters,
        '-ar',
        '16000',
        '-ac',
        '1',
        wav,
      ]);
  if (kind === 'noise') {
    const colour = rng.pick(['white', 'pink', 'brown', 'blue', 'violet', 'velvet']);
    const amplitude = rng.between(0.02, 0.3).toFixed(2);
    const noiseSeed = rng.int(1, 1e6);
    const source = `anoisesrc=c=${colour}:r=16000:a=${amplitude}:seed=${noiseSeed}:d=${seconds}`;
    return {
      label: `${colour} noise, ${seconds} s`,
      make: (wav) => run('ffmpeg', ['-y', '-v', 'error', '-f', 'lavfi', '-i', source, wav]),
    };
  }
  if (kind === 'tone') return { label: `a ${f} Hz tone, ${seconds} s`, make: wavOf(`0.3*sin(2*PI*${f}*t)`) };
  if (kind === 'chord') {
    const tremolo = rng.between(0.2, 3).toFixed(2);
    const notes = [1, 1.26, 1.5].map((r) => `sin(2*PI*${Math.round(f * r)}*t)`).join('+');
    return {
      label: `a chord on ${f} Hz with a ${tremolo} Hz tremolo, ${seconds} s`,
      make: wavOf(`0.1*(${notes})*(0.6+0.4*sin(2*PI*t*${tremolo}))`),
    };
  }
  if (kind === 'vibrato') {
    const g = rng.int(90, 320);
    const v = rng.between(3, 7).toFixed(1);
    const partial = (k, a) => `${a}*sin(2*PI*${k * g}*t+${3 * k}*sin(2*PI*${v}*t))`;
    return {
      label: `a ${g} Hz tone with a ${v} Hz vibrato and two harmonics, ${seconds} s`,
      make: wavOf(`0.1*(${partial(1, 1)}+${partial(2, 0.5)}+${partial(3, 0.3)})`),
    };
  }
  const rate = rng.between(0.7, 1.4);
  const bed = MB.bedExpression(kind === 'band over noise' ? 'band' : kind);
  const faster = `asetrate=${Math.round(16000 * rate)},aresample=16000`;
  const label = `${kind} at ${rate.toFixed(2)}x, ${seconds} s`;
  if (kind !== 'band over noise') return { label, make: wavOf(bed, faster) };
  return {
    label,
    make: async (wav) => {
      await wavOf(bed, faster)(`${wav}.band.wav`);
      const noise = `anoisesrc=c=pink:r=16000:a=0.05:d=${seconds}`;
      await run('ffmpeg', [
        '-y',
        '-v',
        'error',
        '-i',
        `${wav}.band.wav`,
        '-f',
        'lavfi',
        '-i',
        noise,
        '-filter_complex',
        'amix=inputs=2:normalize=0:duration=first',
        wav,
      ]);
    },
  };
}

async function inTempDir(work) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidint-presence-'));
  try {
    return await work(path.join(dir, 'audio.wav'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
