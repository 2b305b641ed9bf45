// Shot boundaries judged on families drawn at random (ARCHITECTURE decision 24; bench/quality's `families-cuts`):
// every ffmpeg xfade transition at 0.2-2 s, hard cuts, jump cuts (the same picture reframed), cuts through a
// flash, whip-pan transitions; and no boundary at all under camera motion (pans, zooms, shake, hand-held jitter,
// whip pans over one picture) or a flash of 1-4 white or black frames. Pictures: real photographs (the ones the
// reels use, other regions of them) and ffmpeg's sources. Each clip (4-8 s, 640x360, 25 fps; FAMILIES_FPS=30 renders
// the same draw at another frame rate, as phones and cameras record; FAMILIES_FPS=mixed each clip at a rate drawn for
// it) goes through the detect_scenes step itself; a boundary is found when a cut lies within 0.8 s of its truth (a
// gradual transition's middle). Per family and overall: recall and false boundaries per minute, median and worst tenth
// over clips.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { familyLine, seededRandom } from './families.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const CACHE = path.join(root, 'test-artifacts', 'clips', 'families');
const [W, H] = [640, 360];
/**
 * Frames a second the clips are rendered at (FAMILIES_FPS; 25 by default, as every figure before it was measured), or,
 * with FAMILIES_FPS=mixed, each clip at a rate of MIXED_RATES drawn for it (from its own random numbers: the clips
 * drawn are the same), as the sources met are: phones' 30 and 60, film's 24, PAL's 25 and 50, NTSC's 29.97, and the
 * slow rates of screen captures, GIFs and slideshows.
 */
const MIXED = process.env.FAMILIES_FPS === 'mixed';
export const FPS = MIXED ? 'mixed' : Number(process.env.FAMILIES_FPS ?? 25);
const MIXED_RATES = ['4', '8', '12', '15', '24', '25', '30000/1001', '30', '48', '50', '60'];
/** A clip's rate as ffmpeg takes it, and in frames a second. */
const rateOf = (clip) => clip.fps ?? String(FPS);
const framesPerSecond = (rate) => {
  const [n, d = 1] = rate.split('/').map(Number);
  return n / d;
};
const TOLERANCE = 0.8;

const HUMAN = path.join(root, 'node_modules/@vladmandic/human/assets');
const PHOTOS = [
  path.join(root, 'test-artifacts/photos/grace_hopper.jpg'),
  ...['samples.jpg', 'screenshot-facedetect.jpg', 'screenshot-faceid.jpg', 'screenshot-facematch.jpg', 'screenshot-vrm.jpg'].map((f) =>
    path.join(HUMAN, f),
  ),
];
const SOURCES = [
  'testsrc2',
  'mandelbrot',
  'smptebars',
  'rgbtestsrc',
  'life=mold=10:ratio=0.3',
  'cellauto=rule=110',
  'gradients=speed=0.05',
  'sierpinski',
];
const XFADES = (
  'fade wipeleft wiperight wipeup wipedown slideleft slideright slideup slidedown circlecrop rectcrop distance fadeblack ' +
  'fadewhite radial smoothleft smoothright smoothup smoothdown circleopen circleclose vertopen vertclose horzopen horzclose ' +
  'dissolve pixelize diagtl diagtr diagbl diagbr hlslice hrslice vuslice vdslice hblur fadegrays wipetl wipetr wipebl wipebr ' +
  'squeezeh squeezev zoomin fadefast fadeslow'
).split(' ');

/** How many clips of each family a run draws (40 in all). */
const FAMILIES = {
  'gradual (xfade)': 12,
  'hard cut': 4,
  'jump cut': 3,
  'cut through a flash': 3,
  'whip-pan transition': 3,
  'camera motion': 9,
  flash: 3,
  'whip pan': 3,
};

/** A picture: a photo (a random region of at least half of it) or an ffmpeg source. */
function picture(r, photoShare = 0.7) {
  if (r.next() < photoShare) return { photo: r.pick(PHOTOS), region: [r.between(0, 0.4), r.between(0, 0.4), r.between(0.5, 1)] };
  return { source: r.pick(SOURCES) };
}

/** A camera move over `seconds`; `kinds` limits it (still, pan, zoom, shake, jitter). */
function camera(r, seconds, kinds = ['still', 'pan', 'zoom', 'shake', 'jitter']) {
  const kind = r.pick(kinds);
  const sign = () => (r.next() < 0.5 ? -1 : 1);
  if (kind === 'pan') return { kind, vx: sign() * r.between(0.02, 0.3), vy: r.next() < 0.3 ? sign() * r.between(0.02, 0.15) : 0, seconds };
  if (kind === 'zoom') return { kind, z: sign() * r.between(0.1, 0.5), seconds };
  const sines = (n, amp, f0, f1) => Array.from({ length: n }, () => [r.between(0, amp), r.between(f0, f1), r.between(0, 6.28)]);
  if (kind === 'shake') return { kind, x: sines(2, 0.04, 0.5, 6), y: sines(2, 0.03, 0.5, 6), seconds };
  if (kind === 'jitter') return { kind, x: sines(5, 0.015, 2, 11), y: sines(5, 0.012, 2, 11), seconds };
  return { kind: 'still', seconds };
}

/** One clip of a family: its shots, how they join, and the truth (boundary times in seconds). */
function drawClip(r, family) {
  const a = picture(r);
  let b = picture(r);
  while (b.photo && a.photo === b.photo) b = picture(r, 0.5);
  const [la, lb] = [r.between(2, 4), r.between(2, 4)];
  const mild = ['still', 'pan', 'zoom', 'shake'];
  switch (family) {
    case 'gradual (xfade)': {
      const d = r.between(0.2, 2);
      const shots = [
        { ...a, seconds: la + d / 2, camera: camera(r, la + d / 2, mild) },
        { ...b, seconds: lb + d / 2, camera: camera(r, lb + d / 2, mild) },
      ];
      return { shots, join: { xfade: r.pick(XFADES), seconds: d }, truth: [la] };
    }
    case 'hard cut':
      return {
        shots: [
          { ...a, seconds: la, camera: camera(r, la) },
          { ...b, seconds: lb, camera: camera(r, lb) },
        ],
        truth: [la],
      };
    case 'jump cut': {
      const p = { ...picture(r, 1) };
      const other = {
        ...p,
        region: [p.region[0] + r.between(0.1, 0.25), p.region[1] + r.between(0.05, 0.2), p.region[2] * r.between(0.6, 0.8)],
      };
      return {
        shots: [
          { ...p, seconds: la, camera: camera(r, la, ['still', 'shake']) },
          { ...other, seconds: lb, camera: camera(r, lb, ['still', 'shake']) },
        ],
        truth: [la],
      };
    }
    case 'cut through a flash':
      return {
        shots: [
          { ...a, seconds: la, camera: camera(r, la, mild) },
          { ...b, seconds: lb, camera: camera(r, lb, mild) },
        ],
        flash: { at: la, frames: r.int(1, 4), colour: r.pick(['white', 'black']) },
        truth: [la],
      };
    case 'whip-pan transition': {
      // Out of the first shot at full speed (the cut in the middle of the swing), into the second the same way.
      const whip = r.between(0.1, 0.25);
      return {
        shots: [
          { ...a, photo: a.photo ?? PHOTOS[0], region: a.region ?? [0, 0, 1], seconds: la, camera: whipCamera(r, la, la - whip, 2 * whip) },
          { ...b, photo: b.photo ?? PHOTOS[1], region: b.region ?? [0, 0, 1], seconds: lb, camera: whipCamera(r, lb, -whip, 2 * whip) },
        ],
        truth: [la],
      };
    }
    case 'camera motion': {
      const s = la + lb;
      return { shots: [{ ...a, seconds: s, camera: camera(r, s, ['pan', 'zoom', 'shake', 'jitter']) }], truth: [] };
    }
    case 'flash': {
      const s = la + lb;
      return {
        shots: [{ ...a, seconds: s, camera: camera(r, s, mild) }],
        flash: { at: r.between(1.5, s - 1.5), frames: r.int(1, 4), colour: r.pick(['white', 'black']) },
        truth: [],
      };
    }
    default: {
      // A whip pan over one photo: the camera swings most of a frame's width in 0.15-0.4 s, then settles.
      const s = la + lb;
      const p = picture(r, 1);
      return { shots: [{ ...p, seconds: s, camera: whipCamera(r, s, r.between(1.5, s - 2), r.between(0.15, 0.4)) }], truth: [] };
    }
  }
}

function whipCamera(r, seconds, at, length) {
  return { kind: 'whip', at, length, distance: (r.next() < 0.5 ? -1 : 1) * r.between(0.6, 1.2), seconds };
}

/** The filters that turn one input into the shot: the picture on a canvas wide enough for its camera, then the camera. */
function shotFilters(shot, rate) {
  const c = shot.camera;
  const reach = c.kind === 'pan' ? Math.abs(c.vx) * c.seconds : c.kind === 'whip' ? Math.abs(c.distance) : 0.1;
  const reachY = c.kind === 'pan' ? Math.abs(c.vy) * c.seconds : 0.1;
  const [cw, ch] = [even(W * (1.1 + reach)), even(H * (1.1 + reachY * (W / H)))];
  const region = shot.photo
    ? [
        `crop=iw*${shot.region[2].toFixed(3)}:ih*${shot.region[2].toFixed(3)}:iw*${shot.region[0].toFixed(3)}:ih*${shot.region[1].toFixed(3)}`,
      ]
    : [];
  const canvas = [...region, `scale=${cw}:${ch}:force_original_aspect_ratio=increase`, `crop=${cw}:${ch}`, 'setsar=1'];
  const [mx, my] = [`(iw-ow)/2`, `(ih-oh)/2`];
  const sum = (terms, size) => terms.map(([a, f, p]) => `${Math.round(a * size)}*sin(2*PI*${f.toFixed(2)}*t+${p.toFixed(2)})`).join('+');
  let move;
  if (c.kind === 'pan') {
    const x = c.vx > 0 ? '0' : '(iw-ow)';
    const y = c.vy > 0 ? '0' : c.vy < 0 ? '(ih-oh)' : my;
    move = [`crop=${W}:${H}:x='${x}+${(c.vx * W).toFixed(1)}*t':y='${y}+${(c.vy * W).toFixed(1)}*t'`];
  } else if (c.kind === 'zoom') {
    const [from, to] = c.z > 0 ? [1, 1 + c.z] : [1 - c.z, 1];
    move = [`scale=w='trunc(${cw}*(${from}+${(to - from).toFixed(3)}*t/${c.seconds.toFixed(2)})/2)*2':h=-2:eval=frame`, `crop=${W}:${H}`];
  } else if (c.kind === 'shake' || c.kind === 'jitter') {
    move = [`crop=${W}:${H}:x='${mx}+${sum(c.x, W)}':y='${my}+${sum(c.y, W)}'`];
  } else if (c.kind === 'whip') {
    const x0 = c.distance > 0 ? '0' : '(iw-ow)';
    const u = `clip((t-${c.at.toFixed(3)})/${c.length.toFixed(3)},0,1)`;
    // Smooth in and out, with the blur of a fast camera (three frames mixed: nothing on the still parts).
    move = [`crop=${W}:${H}:x='${x0}+${(c.distance * W).toFixed(1)}*${u}*${u}*(3-2*${u})':y='${my}'`, 'tmix=frames=3'];
  } else move = [`crop=${W}:${H}`];
  return [...canvas, ...move, `fps=${rate}`, 'format=yuv420p', 'setsar=1'];
}

/** A clip's cache key: its spec, and its rate unless 25 (FAMILIES_FPS=30 and a clip drawn 30 in a mixed run share a file). */
function cacheKey({ fps, ...clip }) {
  const rate = fps ?? FPS;
  return rate === 25 || rate === '25' ? ['family', clip] : ['family', clip, /^\d+$/.test(String(rate)) ? Number(rate) : rate];
}

/** Where a clip is cached (by its spec); `clipFile`: that path if it is there. */
function clipPath(clip) {
  return path.join(
    CACHE,
    `${crypto
      .createHash('sha256')
      .update(JSON.stringify(cacheKey(clip)))
      .digest('hex')
      .slice(0, 16)}.mp4`,
  );
}
export const clipFile = (clip) => (fs.existsSync(clipPath(clip)) ? clipPath(clip) : null);

/** Renders a clip with ffmpeg (cached by its spec); returns the file and its length in seconds. */
export async function renderClip(clip) {
  const out = clipPath(clip);
  const length = clip.join
    ? clip.shots[0].seconds + clip.shots[1].seconds - clip.join.seconds
    : clip.shots.reduce((s, x) => s + x.seconds, 0);
  if (fs.existsSync(out)) return { file: out, length };
  fs.mkdirSync(CACHE, { recursive: true });
  // A file of this run's own until it is whole: two benches drawing the same clip at once each write their own.
  const part = `${out}.${process.pid}.tmp.mp4`;
  const rate = rateOf(clip);
  const args = ['-y', '-v', 'error'];
  const filters = [];
  clip.shots.forEach((shot, i) => {
    if (shot.photo) args.push('-loop', '1', '-framerate', rate, '-t', shot.seconds.toFixed(3), '-i', shot.photo);
    else
      args.push(
        '-f',
        'lavfi',
        '-t',
        shot.seconds.toFixed(3),
        '-i',
        `${shot.source}${shot.source.includes('=') ? ':' : '='}s=${W * 2}x${H * 2}:r=${rate}`,
      );
    filters.push(`[${i}:v]${shotFilters(shot, rate).join(',')}[s${i}]`);
  });
  if (clip.shots.length === 1) filters.push('[s0]null[j]');
  else if (clip.join)
    filters.push(
      `[s0][s1]xfade=transition=${clip.join.xfade}:duration=${clip.join.seconds.toFixed(3)}:offset=${(clip.shots[0].seconds - clip.join.seconds).toFixed(3)}[j]`,
    );
  else filters.push('[s0][s1]concat=n=2:v=1:a=0[j]');
  const f = clip.flash;
  const first = f ? Math.round(f.at * framesPerSecond(rate)) : 0;
  const flash = f ? [`drawbox=t=fill:c=${f.colour}:enable='between(n,${first},${first + f.frames - 1})'`] : [];
  filters.push(`[j]${[...flash, 'format=yuv420p'].join(',')}[v]`);
  args.push('-filter_complex', filters.join(';'), '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-t', length.toFixed(3), part);
  await run('ffmpeg', args);
  fs.renameSync(part, out);
  return { file: out, length };
}

/** The boundaries found and missed on one clip: true boundaries matched within TOLERANCE, one found cut each. */
export function score(truth, found) {
  const used = new Set();
  let hits = 0;
  for (const t of truth) {
    const i = found.findIndex((f, n) => !used.has(n) && Math.abs(f - t) <= TOLERANCE);
    if (i >= 0) {
      used.add(i);
      hits++;
    }
  }
  return { hits, false: found.length - used.size };
}

/** The clips of one run: FAMILIES' counts, drawn from `seed`. */
export function drawFamilies(seed) {
  const r = seededRandom(seed);
  const clips = Object.entries(FAMILIES).flatMap(([family, n]) => Array.from({ length: n }, () => ({ family, ...drawClip(r, family) })));
  if (!MIXED) return clips;
  const rates = seededRandom(seed + 1_000_003);
  return clips.map((clip) => ({ ...clip, fps: MIXED_RATES[rates.int(0, MIXED_RATES.length - 1)] }));
}

/** Renders and scores a run's clips through detect_scenes; prints one line per clip (VERBOSE) and the family summaries. */
export async function transitionFamilies(seed, log = console.log) {
  // FAMILIES_DIST: another build's dist (e.g. main's, for the figures before a change): its step and its video engine.
  const tried = (p) => (process.env.FAMILIES_DIST ? pathToFileURL(path.join(process.env.FAMILIES_DIST, p)).href : dist(p));
  const [{ detectScenesStep }, { FfmpegVideoEngine }, { fakeTools, runStep, stepContext }] = await Promise.all([
    import(tried('src/steps/scenes/detect-scenes.step.js')),
    import(tried('src/engines/video/ffmpeg-video-engine.js')),
    import(dist('test/support/step-context.js')),
  ]);
  const video = new FfmpegVideoEngine({ ffmpeg: process.env.FFMPEG_PATH || 'ffmpeg', ffprobe: process.env.FFPROBE_PATH || 'ffprobe' });
  const rows = [];
  for (const clip of drawFamilies(seed)) {
    const { file, length } = await renderClip(clip);
    const out = await runStep(detectScenesStep, { source: file }, stepContext(fakeTools({ video })));
    const s = score(clip.truth, out.cuts);
    const what = clip.join?.xfade ?? clip.shots.map((x) => x.camera.kind).join('+');
    const fps = framesPerSecond(rateOf(clip));
    rows.push({ family: clip.family, fps, truth: clip.truth.length, ...s, minutes: length / 60 });
    if (process.env.VERBOSE)
      log(
        `  ${clip.family} (${what}${clip.join ? ` ${clip.join.seconds.toFixed(2)} s` : ''}${MIXED ? `, ${+fps.toFixed(2)} fps` : ''}) truth ${JSON.stringify(clip.truth.map((t) => +t.toFixed(2)))} found ${JSON.stringify(out.cuts)}`,
      );
  }
  const summary = (label, rs) => {
    const withTruth = rs.filter((x) => x.truth > 0);
    const hits = rs.reduce((a, x) => a + x.hits, 0);
    const truth = rs.reduce((a, x) => a + x.truth, 0);
    const falses = rs.reduce((a, x) => a + x.false, 0);
    const minutes = rs.reduce((a, x) => a + x.minutes, 0);
    const recall = withTruth.length
      ? `${familyLine(
          'recall',
          withTruth.map((x) => x.hits / x.truth),
          seed,
        )}; `
      : '';
    log(`${label}: found ${hits}/${truth}, false ${falses} (${(falses / minutes).toFixed(1)} a minute)`);
    log(
      `    ${recall}${familyLine(
        'false a minute',
        rs.map((x) => x.false / x.minutes),
        seed,
        false,
        1,
      )}`,
    );
  };
  for (const family of Object.keys(FAMILIES))
    summary(
      `  ${family}`,
      rows.filter((x) => x.family === family),
    );
  if (MIXED)
    for (const [label, low, high] of [
      ['under 20 fps', 0, 20],
      ['24 to 30 fps', 20, 40],
      ['48 to 60 fps', 40, Number.POSITIVE_INFINITY],
    ])
      summary(
        `  ${label}`,
        rows.filter((x) => x.fps >= low && x.fps < high),
      );
  summary('  all families', rows);
  return rows;
}

function even(n) {
  return Math.round(n / 2) * 2;
}
