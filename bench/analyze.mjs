// /analyze pipeline wall time against the same tools run one after another by a plain script, in one run.
//  - clip: 60 s, 720x1280, 12 scenes with captions, flite speech (generated once, cached in test-artifacts/clips)
//  - reference: ffprobe, ffmpeg audio extraction, pocketsphinx on the whole audio (same settings), ffmpeg scdet, one ffmpeg
//    per keyframe, tesseract per keyframe, ffmpeg ebur128 — sequentially, as a plain script would
//  - pipeline: the service's runtime (memory queue, offline engines) in a worker process of its own
//    (support/analyze-once.mjs) running pipelines/analyze.yaml on a
//    job created directly (no payment: chain time is not the point here), the clip served from 127.0.0.1
// Prints both wall times, `ratio pipeline/sequential` beside its floor (the pipeline's CPU over the cores, over the
// sequential wall time: no schedule does better; no goal: the pipeline does work the plain tools skip), the
// pipeline's per-step wall times (from the job's own step timings), its CPU seconds (goal <= 12) and CPU seconds per
// second of audio, the same job run again in the same worker (what a long-lived worker pays a job: its wall, CPU and
// peak RSS), and the worker's peak RSS over every run below (goal <= 300 MB).
//  - music: the same clip with a music bed 12 dB under the voice (the three-readings path of voice-isolation.ts):
//    `ratio music/plain` (goal <= 1.5) and its CPU seconds (goal <= 30)
//  - reel: a 12 s reel with a voice-over over a music bed: its wall time (goal < 8 s)
//  - alone: the same reel with its music and no voice: its wall and CPU (no goal; the speech step finds no voice and
//    decodes nothing)
//  - dense: the same captions and speech over dense textures (cellauto, life, mandelbrot), half of them outlined
//    text straight on the texture: `ratio dense/plain` (goal <= 1.5), since OCR must not blow up on busy frames
//  - 3 minutes: the plain clip's scenes and speech three times over: its wall time as a share of its length
//    (`x real time`, goal <= 0.1) with its step breakdown; BENCH_THREE_MINUTES=0 skips it (it takes the longest),
//    =only runs it alone
// BENCH_ONLY=music,reel runs only those of plain, music, reel, alone, dense (and the 3-minute clip only if listed as three);
// the ratios to the plain clip then go unprinted. Beside the music clip's and the reel's CPU: the word errors of
// their transcripts against the script said (which speech under a bed must not lose for its CPU).
// SPEECH_DECODER=batch runs the speech engine's batch decoder (engines.config.ts).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { CAPTIONS, MUSIC_ALONE_REEL, MUSIC_CLIP, MUSIC_REEL, PLAIN_CLIP, SPEECH, THREE_MINUTE_CLIP } from './support/analyze-clip.mjs';
import { startEnv } from './support/start-env.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;

await main().catch((err) => {
  console.error(`bench/analyze: ERROR ${err?.stack ?? err}`);
  process.exitCode = 2;
});
setTimeout(() => process.exit(process.exitCode ?? 0), 5000).unref();

async function main() {
  const { makeClip } = await import(dist('test/support/media.js'));
  if (process.env.BENCH_THREE_MINUTES === 'only') return threeMinutes(makeClip);
  const only = process.env.BENCH_ONLY?.split(',');
  const runs = (name) => !only || only.includes(name);
  const peaks = [];
  let pipelineMs = null;
  if (runs('plain')) {
    const clip = await makeClip(PLAIN_CLIP);
    const sequentialMs = await sequential(clip);
    const plain = await pipeline(clip, 2);
    const { job } = plain;
    const [again] = plain.later;
    pipelineMs = plain.ms;
    peaks.push(['plain', plain.peakRss], ['plain again', again.peakRss]);
    if (job.status !== 'complete' || again.job.status !== 'complete')
      throw new Error(`the pipeline failed: ${job.error ?? again.job.error}`);
    console.log(`clip: 60 s, 720x1280, 12 scenes; cores: ${os.availableParallelism()}; load ${os.loadavg()[0].toFixed(1)}`);
    console.log(`sequential tools: ${(sequentialMs / 1000).toFixed(2)} s`);
    console.log(
      `pipeline:         ${(pipelineMs / 1000).toFixed(2)} s (goal <= 10 s; scenes found: ${job.result.scenes.length}, transcript words: ${words(job)})`,
    );
    console.log(`  ${breakdown(plain)}`);
    console.log(`pipeline CPU:     ${plain.cpu.toFixed(1)} s (goal <= 12 s), ${perAudioSecond(plain)} CPU s per second of audio`);
    // A worker lives for many jobs: its first pays for starting its threads and decoder and compiling the hot code.
    console.log(
      `the same job again in the same worker: ${(again.ms / 1000).toFixed(2)} s, CPU ${again.cpu.toFixed(1)} s (goal <= 12 s), ` +
        `peak RSS ${(again.peakRss / 1024 / 1024).toFixed(0)} MB`,
    );
    // No schedule beats CPU over cores, so the pipeline's own CPU puts a floor under the ratio.
    const floor = (plain.cpu * 1000) / os.availableParallelism() / sequentialMs;
    console.log(
      `ratio pipeline/sequential: ${(pipelineMs / sequentialMs).toFixed(2)} (no goal: the pipeline does work the plain tools skip; ` +
        `its floor from the pipeline's CPU on ${os.availableParallelism()} cores: ${floor.toFixed(2)})`,
    );
  }
  if (runs('music')) {
    const music = await pipeline(await makeClip(MUSIC_CLIP));
    peaks.push(['music', music.peakRss]);
    if (music.job.status !== 'complete') throw new Error(`the pipeline failed on the music clip: ${music.job.error}`);
    console.log(
      `music bed:        ${(music.ms / 1000).toFixed(2)} s (transcript words: ${words(music.job)}, ${wordErrors(music.job, MUSIC_CLIP)})`,
    );
    console.log(`  ${breakdown(music)}`);
    if (pipelineMs) console.log(`ratio music/plain: ${(music.ms / pipelineMs).toFixed(2)} (goal <= 1.5)`);
    console.log(`music bed CPU:    ${music.cpu.toFixed(1)} s (goal <= 30 s), ${perAudioSecond(music)} CPU s per second of audio`);
  }
  if (runs('reel')) {
    const reel = await pipeline(await makeClip(MUSIC_REEL));
    peaks.push(['reel', reel.peakRss]);
    if (reel.job.status !== 'complete') throw new Error(`the pipeline failed on the reel: ${reel.job.error}`);
    console.log(
      `12 s reel, music: ${(reel.ms / 1000).toFixed(2)} s (goal < 8 s; transcript words: ${words(reel.job)}, ${wordErrors(reel.job, MUSIC_REEL)})`,
    );
    console.log(`  ${breakdown(reel)}`);
  }
  if (runs('alone')) {
    const alone = await pipeline(await makeClip(MUSIC_ALONE_REEL));
    peaks.push(['music alone', alone.peakRss]);
    if (alone.job.status !== 'complete') throw new Error(`the pipeline failed on the reel without a voice: ${alone.job.error}`);
    const speech = alone.job.result.speech;
    console.log(`12 s reel, music, no voice: ${(alone.ms / 1000).toFixed(2)} s, CPU ${alone.cpu.toFixed(1)} s (speech: ${speech})`);
    console.log(`  ${breakdown(alone)}`);
  }
  if (runs('dense')) peaks.push(['dense', (await denseTextures(makeClip, pipelineMs)).peakRss]);
  const three = only ? runs('three') : process.env.BENCH_THREE_MINUTES !== '0';
  if (three) peaks.push(['3-minute', (await threeMinutes(makeClip)).peakRss]);
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
  const [clip, peak] = peaks.reduce((a, b) => (b[1] > a[1] ? b : a));
  const each = peaks.map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ');
  console.log(`peak worker RSS: ${mb(peak)} MB (goal <= 300 MB; the ${clip} clip's; each: ${each})`);
}

/** The word errors of the job's transcript against the clip's script (substitutions, deletions and insertions). */
function wordErrors(job, clip) {
  const said = clip.speech.toLowerCase().match(/[a-z']+/g) ?? [];
  const heard = (job.result.transcript ?? '').toLowerCase().match(/[a-z']+/g) ?? [];
  const d = Array.from({ length: said.length + 1 }, (_, i) => [i, ...new Array(heard.length).fill(0)]);
  for (let j = 1; j <= heard.length; j++) d[0][j] = j;
  for (let i = 1; i <= said.length; i++)
    for (let j = 1; j <= heard.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (said[i - 1] === heard[j - 1] ? 0 : 1));
  return `word errors ${d[said.length][heard.length]}/${said.length}`;
}

/** The run's CPU seconds over the clip's seconds of audio. */
function perAudioSecond(run) {
  return (run.cpu / (run.job.result.duration ?? 60)).toFixed(3);
}

function words(job) {
  return job.result.transcript ? job.result.transcript.split(/\s+/).length : 0;
}

/** Each step's wall time as the job recorded it, slowest first, and the run's CPU seconds. */
function breakdown(run) {
  const steps = Object.entries(run.steps ?? {}).sort((a, b) => b[1] - a[1]);
  return `steps (s): ${steps.map(([id, ms]) => `${id} ${(ms / 1000).toFixed(2)}`).join(', ')}; CPU ${run.cpu.toFixed(1)} s`;
}

/** The 3-minute clip: its wall time as a share of its length (goal at most 0.1x real time). */
async function threeMinutes(makeClip) {
  const run = await pipeline(await makeClip(THREE_MINUTE_CLIP));
  if (run.job.status !== 'complete') throw new Error(`the pipeline failed on the 3-minute clip: ${run.job.error}`);
  const seconds = run.job.result.duration ?? 180;
  console.log(
    `3-minute clip:    ${(run.ms / 1000).toFixed(2)} s, ${(run.ms / 1000 / seconds).toFixed(3)}x real time (goal <= 0.1; ${seconds.toFixed(0)} s, ` +
      `load ${os.loadavg()[0].toFixed(1)}, scenes found: ${run.job.result.scenes.length}, transcript words: ${words(run.job)})`,
  );
  console.log(`  ${breakdown(run)}; ${perAudioSecond(run)} CPU s per second of audio`);
  return run;
}

/** The 60 s clip again with its captions over dense textures: its pipeline wall time against the plain clip's. */
async function denseTextures(makeClip, plainMs) {
  const textures = [
    'cellauto=rule=110',
    'life=mold=10:ratio=0.3:life_color=0x30c030:death_color=0x203020',
    'mandelbrot',
    'cellauto=rule=30',
    'life=ratio=0.5',
  ];
  const clip = await makeClip({
    scenes: CAPTIONS.map((caption, i) => ({
      seconds: 5,
      source: textures[i % textures.length],
      caption,
      captionStyle: i % 2 ? 'box' : 'outline',
    })),
    speech: SPEECH,
    width: 720,
    height: 1280,
    title: 'Fastest pasta',
    // What a platform serves for a 720p reel; uncapped, one-pixel textures make a 120 MB file.
    videoBitrate: '4M',
  });
  const run = await pipeline(clip);
  const { ms, peakRss, job } = run;
  if (job.status !== 'complete') throw new Error(`the pipeline failed on the dense clip: ${job.error}`);
  const read = CAPTIONS.filter((c) => job.result.on_screen_text.some((l) => l.text.toUpperCase() === c)).length;
  console.log(
    `dense textures:   ${(ms / 1000).toFixed(2)} s (scenes found: ${job.result.scenes.length}, captions read exactly: ${read}/${CAPTIONS.length})`,
  );
  console.log(`  ${breakdown(run)}`);
  if (plainMs) console.log(`ratio dense/plain: ${(ms / plainMs).toFixed(2)} (goal <= 1.5)`);
  return { peakRss };
}

async function sequential(clip) {
  const { FAST_SEARCH } = await import(dist('src/engines/speech/pocketsphinx.js'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analyze-'));
  const t = performance.now();
  await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', clip]);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', clip, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', `${dir}/a.wav`]);
  // The same engine settings as the service's local speech engine (FAST_SEARCH), on the whole audio at once.
  await run('pocketsphinx_continuous', ['-infile', `${dir}/a.wav`, '-time', 'yes', ...FAST_SEARCH, '-logfn', '/dev/null'], {
    maxBuffer: 64 << 20,
  });
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', clip, '-an', '-vf', 'scdet=threshold=10', '-f', 'null', '-'], {
    maxBuffer: 64 << 20,
  });
  const cuts = [...stderr.matchAll(/lavfi\.scd\.time: ([\d.]+)/g)].map((m) => Number(m[1]));
  const bounds = [0, ...cuts, 60];
  for (let i = 0; i < bounds.length - 1; i++) {
    const at = (bounds[i] + bounds[i + 1]) / 2;
    await run('ffmpeg', ['-v', 'error', '-y', '-ss', String(at), '-i', clip, '-frames:v', '1', `${dir}/k${i}.jpg`]);
    await run('tesseract', [`${dir}/k${i}.jpg`, '-', '--psm', '11', 'tsv'], { maxBuffer: 16 << 20 });
  }
  await run('ffmpeg', ['-hide_banner', '-nostats', '-i', `${dir}/a.wav`, '-af', 'ebur128=framelog=info', '-f', 'null', '-'], {
    maxBuffer: 64 << 20,
  });
  const ms = performance.now() - t;
  fs.rmSync(dir, { recursive: true, force: true });
  return ms;
}

/**
 * The /analyze job on `clip` in a worker process of its own (support/analyze-once.mjs): its time, peak RSS and job;
 * with `jobs` > 1 the same job again in the same worker, each one's figures in `later`.
 */
async function pipeline(clip, jobs = 1) {
  const { stdout } = await run(process.execPath, [path.join(root, 'bench/support/analyze-once.mjs'), root, clip], {
    cwd: root,
    env: { ...process.env, ...startEnv(root), BENCH_JOBS: String(jobs) },
    maxBuffer: 64 << 20,
  });
  const [first, ...later] = stdout
    .trim()
    .split('\n')
    .slice(-jobs)
    .map((line) => {
      const r = JSON.parse(line);
      return { ms: r.ms, cpu: r.cpu, steps: r.steps, peakRss: r.peakRss, job: { status: r.status, error: r.error, result: r.result } };
    });
  return { ...first, later };
}
