/**
 * How well English decoding fits the audio: the acoustic log-likelihood of the decoded words per 10 ms frame, in
 * nats, as pocketsphinx's backtrace gives it (`-backtrace yes`, in the log). The engine scores each frame against
 * its best-matching sounds first, so a word path that fits the voice scores near 0 per frame; English words forced
 * onto another language, or onto a voice the models never heard, fit the sounds poorly however sure the search is
 * of its choice among them. Measured on the tune half of test/support/voices.ts (its telephone-band recordings
 * included): every English transcript kept -2.7 to -3.8, every other language and every nonsense transcript -5.0 or
 * lower. It costs nothing more: the backtrace comes from the same decoding pass.
 */
export interface AcousticFit {
  /** Sum of the words' acoustic scores, in nats. */
  score: number;
  /** Frames (10 ms) the words span. */
  frames: number;
}

/** pocketsphinx's log base (its -logbase default): its scores are logarithms in this base. */
const LOG_BASE = 1.0001;
const FRAME_SECONDS = 0.01;

/**
 * The words' acoustic fit from a pocketsphinx log written with `-backtrace yes`: each utterance's table of
 * `word start end pprob ascr lscr lback` (frames, the score in the engine's log base), interleaved with INFO lines.
 * Markers (<s>, </s>, <sil>, [NOISE], ++NOISE++) are left out: silence fits anything. Words starting before
 * `fromSeconds` (a piece's warm-up, heard again from the piece before) are left out too.
 */
export function acousticFitOf(log: string, fromSeconds = 0): AcousticFit {
  let inTable = false;
  const fit = { score: 0, frames: 0 };
  for (const line of log.split('\n')) {
    if (/^word\s+start\s+end\s+pprob\s+ascr/.test(line)) {
      inTable = true;
      continue;
    }
    if (!inTable || line.startsWith('INFO')) continue;
    const m = /^(\S+)\s+(\d+)\s+(\d+)\s+[\d.]+\s+(-?\d+)\s+-?\d+/.exec(line);
    if (!m) {
      inTable = false;
      continue;
    }
    const word = m[1].replace(/\(\d+\)$/, '');
    if (/^<.*>$|^\[.*\]$|^\+\+.*\+\+$/.test(word) || Number(m[2]) * FRAME_SECONDS < fromSeconds - 0.05) continue;
    fit.score += Number(m[4]) * Math.log(LOG_BASE);
    fit.frames += Number(m[3]) - Number(m[2]) + 1;
  }
  return fit;
}

/** Several stretches' fits as one. */
export function addFits(fits: AcousticFit[]): AcousticFit {
  return fits.reduce((sum, f) => ({ score: sum.score + f.score, frames: sum.frames + f.frames }), { score: 0, frames: 0 });
}

/** Nats per frame, rounded to 0.01; null when no word was decoded. */
export function fitPerFrame(fit: AcousticFit): number | null {
  return fit.frames ? Math.round((fit.score / fit.frames) * 100) / 100 : null;
}
