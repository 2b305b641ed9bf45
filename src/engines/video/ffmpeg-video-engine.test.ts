import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { type AudioLayout, withAudioLayout } from '../../../test/support/audio-layouts.js';
import { makeClip } from '../../../test/support/media.js';
import { FfmpegVideoEngine, stackedFrames } from './ffmpeg-video-engine.js';

const run = promisify(execFile);
const engine = new FfmpegVideoEngine({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
const signal = new AbortController().signal;
const speech = (seconds: number) =>
  makeClip({
    scenes: [{ seconds, source: 'color=c=0x305070' }],
    speech: 'The Great Wall of China is over twenty one thousand kilometers long.',
    pause: 0.35,
  });

/** The audio `extractAudio` makes of `clip`, and the level of its loudest stretch and when the voice starts (silencedetect). */
async function extract(clip: string) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'extract-')), 'a.wav');
  const taken = await engine.extractAudio(clip, out, signal);
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    out,
    '-af',
    'volumedetect,silencedetect=noise=-50dB:d=0.5',
    '-f',
    'null',
    '-',
  ]);
  const maxDb = Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
  const leading = /silence_start: 0\n.*silence_end: ([\d.]+)/.exec(stderr);
  return { taken, maxDb, voiceFrom: leading ? Number(leading[1]) : 0 };
}

/** The audio steps' one source of sound, on real ffmpeg: which track, how the channels mix, and where it starts. */
describe('ffmpeg video engine: the audio every step hears', () => {
  const layout = async (seconds: number, l: AudioLayout) => withAudioLayout(await speech(seconds), l);

  it('a voice alone on the centre of 5.1 keeps its level in the mono mix', async () => {
    const { taken, maxDb } = await extract(await layout(3, { kind: 'centre-of-5.1' }));
    assert.deepEqual(taken, { track: 0, tracks: 1, channels: 6, start: 0 });
    const { maxDb: plain } = await extract(await speech(3));
    // The layout puts the voice 10 dB down on the centre; a standard downmix would lose 10.7 dB more.
    assert.ok(Math.abs(maxDb - (plain - 10)) < 1.5, `centre voice peaks at ${maxDb} dB, the plain voice at ${plain} dB`);
  });

  it('of a music track and a voice track, the voice track is taken', async () => {
    const { taken } = await extract(await layout(3, { kind: 'second-track' }));
    assert.deepEqual(taken, { track: 1, tracks: 2, channels: 1, start: 0 });
  });

  it('audio that starts 8 s after the picture is preceded by 8 s of silence', async () => {
    const { taken, voiceFrom } = await extract(await layout(12, { kind: 'starts-late', seconds: 8 }));
    assert.ok(Math.abs(taken.start - 8) < 0.1 && taken.tracks === 1, JSON.stringify(taken));
    assert.ok(voiceFrom >= 8 && voiceFrom < 8.5, `the voice starts at ${voiceFrom} s`);
  });
});

/** The frames the cut detector is handed: each decoded frame at two sizes, plain rgb24. */
describe('ffmpeg video engine: frames for scene detection', () => {
  const [tiny, fine] = [
    { width: 48, height: 27 },
    { width: 96, height: 54 },
  ];

  it('hands each frame of a 1 s clip at both sizes, as ffmpeg scales it to each', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scene-frames-'));
    const clip = path.join(dir, 'clip.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25', '-t', '1', '-pix_fmt', 'yuv420p', clip]);
    const frames: Array<{ tiny: Buffer; fine: Buffer }> = [];
    const thumbsDir = path.join(dir, 'thumbs');
    fs.mkdirSync(thumbsDir);
    const job = { source: clip, cutFps: 25, cutTiny: tiny, cutFine: fine, thumbFps: 2, graySide: 360, thumbsDir, signal };
    await engine.decodeForScenes({ ...job, onCutFrame: (f) => frames.push(f) });
    const scaled = async (s: { width: number; height: number }) => {
      const vf = `fps=25,scale=${s.width}:${s.height}:flags=area,format=rgb24`;
      const args = ['-v', 'error', '-i', clip, '-vf', vf, '-f', 'rawvideo', '-'];
      return (await run('ffmpeg', args, { encoding: 'buffer', maxBuffer: 1 << 24 })).stdout;
    };
    assert.equal(frames.length, 25);
    assert.ok(Buffer.concat(frames.map((f) => f.tiny)).equals(await scaled(tiny)), 'the tiny frames');
    assert.ok(Buffer.concat(frames.map((f) => f.fine)).equals(await scaled(fine)), 'the fine frames');
  });

  /**
   * A 3 s clip at `rate` frames a second (25 unless given; an ffmpeg rate such as 30000/1001) whose frame n is a flat
   * grey of its own (16 + 2n), the picture starting `pictureStart` s after the sound when asked (a stream start time, as
   * an edit list gives), decoded at the rate the probe reads and sampled `thumbFps` times a second: each sample's time
   * as decodeForScenes gives it and as the frame it is (n / rate), and whether the cut detector was handed the
   * picture's frames, each once, in order.
   */
  async function sampled(thumbFps: number, pictureStart = 0, rate = '25') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-times-'));
    const picture = path.join(dir, 'picture.mp4');
    const grey = `color=black:s=64x64:r=${rate}:d=3,format=yuv420p,geq=lum=16+2*N:cb=128:cr=128`;
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', grey, '-c:v', 'libx264', '-qp', '0', picture]);
    let clip = picture;
    if (pictureStart) {
      clip = path.join(dir, 'clip.mp4');
      const sound = ['-f', 'lavfi', '-i', `sine=d=${3 + pictureStart}`];
      await run('ffmpeg', [
        '-v',
        'error',
        '-itsoffset',
        String(pictureStart),
        '-i',
        picture,
        ...sound,
        '-c:v',
        'copy',
        '-c:a',
        'aac',
        clip,
      ]);
    }
    const thumbsDir = path.join(dir, 'thumbs');
    fs.mkdirSync(thumbsDir);
    const cutFrames: Buffer[] = [];
    const cutFps = (await engine.probe(clip, signal)).frame_rate ?? Number.NaN;
    const job = { source: clip, cutFps, cutTiny: tiny, cutFine: fine, thumbFps, graySide: 360, thumbsDir, signal };
    const samples = await engine.decodeForScenes({ ...job, onCutFrame: (f) => cutFrames.push(f.tiny) });
    const decoded = async (vf: string) =>
      (await run('ffmpeg', ['-v', 'error', '-i', picture, '-vf', vf, '-f', 'rawvideo', '-'], { encoding: 'buffer', maxBuffer: 1 << 24 }))
        .stdout;
    // Each frame's grey as the grey copies are made of it (2.3 apart): a sample is the frame of the nearest grey.
    const greys = await decoded('format=gray');
    const frameGrey = Array.from({ length: greys.length / 4096 }, (_, n) => greys[n * 4096 + 2080]);
    const frameOf = (g: number) => frameGrey.reduce((best, x, n) => (Math.abs(x - g) < Math.abs(frameGrey[best] - g) ? n : best), 0);
    // Each sample's grey copy, as the sample names it, and every grey copy written (none left out).
    const shown = samples.map((s) => {
      const pgm = fs.readFileSync(s.gray);
      return Math.round((frameOf(pgm[pgm.length - 1]) / cutFps) * 1000) / 1000;
    });
    assert.equal(samples.length, fs.readdirSync(thumbsDir).filter((f) => f.endsWith('.pgm')).length, 'every sample written is given');
    assert.ok(
      samples.every((s) => fs.existsSync(s.path) && path.dirname(s.path) === thumbsDir),
      'each sample names its JPEG',
    );
    const everyFrame = Buffer.concat(cutFrames).equals(await decoded(`scale=${tiny.width}:${tiny.height}:flags=area,format=rgb24`));
    return { given: samples.map((s) => Math.round(s.time * 1000) / 1000), shown, everyFrame, probed: cutFps };
  }

  it('gives each sample the time of the frame it is, two a second and slower', async () => {
    for (const thumbFps of [2, 0.75]) {
      const { given, shown } = await sampled(thumbFps);
      assert.ok(given.length >= 2 && given.length === shown.length, `${thumbFps} a second: ${given} against ${shown}`);
      assert.deepEqual(given, shown, `${thumbFps} a second`);
    }
  });

  it("places samples and cut frames on the picture's timeline when the picture starts after the sound", async () => {
    const { given, shown, everyFrame } = await sampled(2, 0.3);
    assert.deepEqual(given, shown);
    assert.equal(shown[0], 0.24, 'the first sample is taken from the first quarter second of the picture');
    assert.ok(everyFrame, 'the cut detector is handed every frame of the picture, from its first');
  });

  it('hands each frame of a 30 fps or an NTSC picture once at the rate the probe reads, each sample timed by it', async () => {
    for (const [rate, expected] of [
      ['30', 30],
      ['30000/1001', 29.97],
    ] as const) {
      const { given, shown, everyFrame, probed } = await sampled(2, 0, rate);
      assert.equal(probed, expected, `the probe reads ${rate} as ${expected} frames a second`);
      assert.ok(given.length >= 2, `${rate}: ${given}`);
      assert.deepEqual(given, shown, rate);
      assert.ok(everyFrame, `${rate}: every frame once, none repeated or dropped`);
    }
  });

  it('gives the same frames however the stream is chunked', () => {
    const stacked = Buffer.alloc(3 * fine.width * (fine.height + tiny.height) * 3);
    for (let i = 0; i < stacked.length; i++) stacked[i] = (i * 7919) % 251;
    const split = (size: number) => {
      const out: Buffer[] = [];
      const push = stackedFrames(tiny, fine, (f) => out.push(f.fine, f.tiny));
      for (let i = 0; i < stacked.length; i += size) push(stacked.subarray(i, i + size));
      return Buffer.concat(out);
    };
    const whole = split(stacked.length);
    assert.equal(whole.length, 3 * (fine.width * fine.height + tiny.width * tiny.height) * 3);
    for (const size of [1, 7001, 19439, 19441]) assert.ok(split(size).equals(whole), `chunks of ${size} bytes`);
  });
});
