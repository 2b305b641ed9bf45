// Refits the transcript decision's model (models/speech-decision.json; src/engines/speech/transcript-model.ts) on one
// family of voices (bench/support/voice-families.mjs's FIT_FAMILY) drawn with a tuning seed: a logistic regression
// of "right enough" (word error rate at most 0.5) on the engine's own measures, by Newton's method, with a
// Gaussian prior (the file's `prior`: the three bars of old, smoothed) that the data pull away from as far as they
// can: the most probable coefficients given the clips (five of them: no library needed for that). Its calibration on the other families is reported by
// `QUALITY_ONLY=families-voices node bench/quality.mjs`. Usage: npm run build && node bench/fit-speech-decision.mjs
// (FIT_CLIPS=80, QUALITY_SEED=1; FIT_DRY=1 prints without writing; FIT_CACHED_ONLY=1 uses only the clips already
// decoded, bench/support/voice-families.mjs's cache).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seededRandom, TUNE_SEEDS } from './support/families.mjs';
import { clipLabel, drawClips, FIT_FAMILY, installedVoices, measureClips, words } from './support/voice-families.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => pathToFileURL(path.join(root, 'dist', p)).href;
const seed = Number(process.env.QUALITY_SEED ?? TUNE_SEEDS[0]);
const n = Number(process.env.FIT_CLIPS ?? 80);
const V = await import(dist('test/support/voices.js'));
const clips = drawClips(seededRandom(seed), [FIT_FAMILY], await installedVoices(), V, n);
console.log(`fitting on ${n} clips of ${FIT_FAMILY}, seed ${seed}${TUNE_SEEDS.includes(seed) ? ' (a tuning seed)' : ''}`);
const { rows } = await measureClips(clips, dist, { cachedOnly: !!process.env.FIT_CACHED_ONLY }, (r) =>
  console.log(
    `${clipLabel(r.clip)}: confidence ${r.transcript.confidence}, fit ${r.transcript.fit}, agreement ${r.transcript.agreement ?? '-'}, WER ${r.wer.toFixed(2)}`,
  ),
);
const { transcriptFeatures, FEATURE_NAMES } = await import(dist('src/engines/speech/transcript-model.js'));
const data = rows
  .map((r) => ({ x: [1, ...transcriptFeatures(r.transcript)], y: r.right ? 1 : 0 }))
  .filter((d) => d.x.every(Number.isFinite));
const out = path.join(root, 'models/speech-decision.json');
const previous = JSON.parse(fs.readFileSync(out, 'utf8'));
const prior = [previous.prior.intercept, ...FEATURE_NAMES.map((name) => previous.prior.weights[name])];
const weights = fitLogistic(data, prior, previous.prior.precision);
const model = {
  about:
    'P(transcript right enough: word error rate <= 0.5) = 1 / (1 + exp(-(intercept + sum of weight * feature))); fitted by bench/fit-speech-decision.mjs',
  fitted_on: `${data.length} clips of ${FIT_FAMILY} (bench/support/voice-families.mjs), seed ${seed}; ${data.filter((d) => d.y).length} right enough; prior precision ${previous.prior.precision}`,
  intercept: round(weights[0]),
  weights: Object.fromEntries(FEATURE_NAMES.map((name, i) => [name, round(weights[i + 1])])),
};
// The keep bar, the word floor and the prior are chosen, not fitted: they stay as they are.
const merged = { ...previous, ...model };
console.log(JSON.stringify(merged, null, 2));
for (const line of floorLines(rows)) console.log(line);
if (!process.env.FIT_DRY) fs.writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);

/** The most probable logistic regression given `data` and a Gaussian prior (mean `prior`, `precision` on each), by Newton's method. */
function fitLogistic(data, prior, precision) {
  const k = prior.length;
  let w = [...prior];
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array(k).fill(0));
    for (const { x, y } of data) {
      const p = 1 / (1 + Math.exp(-x.reduce((s, xi, i) => s + xi * w[i], 0)));
      for (let i = 0; i < k; i++) {
        grad[i] += (y - p) * x[i];
        for (let j = 0; j < k; j++) hess[i][j] += p * (1 - p) * x[i] * x[j];
      }
    }
    for (let i = 0; i < k; i++) {
      grad[i] -= precision * (w[i] - prior[i]);
      hess[i][i] += precision;
    }
    const step = solve(hess, grad);
    w = w.map((wi, i) => wi + step[i]);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return w;
}

/** A x = b by Gaussian elimination with partial pivoting. */
function solve(A, b) {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    const p = M.reduce((best, row, r) => (r >= c && Math.abs(row[c]) > Math.abs(M[best][c]) ? r : best), c);
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      for (let j = c; j <= n; j++) M[r][j] -= f * M[c][j];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) x[r] = (M[r][n] - M[r].slice(r + 1, n).reduce((s, v, j) => s + v * x[r + 1 + j], 0)) / M[r][r];
  return x;
}

function round(v) {
  return Math.round(v * 1e4) / 1e4;
}

/**
 * For the word floor (chosen, not fitted): per candidate floor, the words under it in transcripts right enough and
 * how many of them are not in the script (a word counts as heard right when the script holds it).
 */
function floorLines(rows) {
  const said = rows
    .filter((r) => r.right)
    .flatMap((r) => {
      const script = new Set(words(r.clip.text));
      return r.transcript.segments
        .flatMap((s) => s.words ?? [])
        .map((w) => ({ c: w.confidence ?? 1, right: script.has(w.word.toLowerCase()) }));
    });
  return [0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map((f) => {
    const under = said.filter((w) => w.c < f);
    const wrong = under.filter((w) => !w.right).length;
    return `word floor ${f}: ${under.length} of ${said.length} words under it, ${wrong} of them not in the script`;
  });
}
