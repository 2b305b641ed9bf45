import fs from 'node:fs';
import { runProcess } from '../process/run-process.js';

/** Debian's pocketsphinx-en-us acoustic model, the engine's default (-hmm): its front end's parameters. */
export const MODEL_FEAT_PARAMS = '/usr/share/pocketsphinx/model/en-us/en-us/feat.params';

/**
 * The cepstral mean of a WAV file's speech as the engine's own front end computes it: sphinx_fe (Debian's
 * sphinxbase-utils, the same library pocketsphinx uses) with the model's feature parameters, its voice activity
 * detection dropping the silences, frames averaged as the engine's live normalisation does (frames with a negative
 * c0, digital silence, skipped). On a 20 s clip it matched the means the engine itself reached at its utterances'
 * ends within about 1 (c0 56.1 against 55.3-57.5), for about 1% of the decoding's CPU. Null where sphinx_fe is
 * missing or finds no speech (the caller falls back to warming the engine up on audio).
 */
export async function cepstralMean(sphinxFe: string, wav: string, out: string, signal: AbortSignal): Promise<number[] | null> {
  // Written to a file: sphinx_fe cannot open /dev/stdout when it is a socket, as Node's pipes are.
  const args = ['-argfile', MODEL_FEAT_PARAMS, '-i', wav, '-mswav', 'yes', '-o', out, '-ofmt', 'text'];
  const ran = await runProcess(sphinxFe, args, { signal, name: 'sphinx_fe' }).then(
    () => true,
    () => false,
  );
  return ran ? meanOfFrames(await fs.promises.readFile(out, 'utf8')) : null;
}

/** The mean of sphinx_fe's text frames (13 numbers a line), frames with a negative c0 left out; null with none. */
export function meanOfFrames(text: string): number[] | null {
  let sum: number[] | null = null;
  let frames = 0;
  for (const line of text.split('\n')) {
    const values = line.trim().split(/\s+/).map(Number);
    if (values.length < 2 || values.some(Number.isNaN) || values[0] < 0) continue;
    sum = sum ? sum.map((s, i) => s + (values[i] ?? 0)) : values;
    frames++;
  }
  return sum && frames > 0 ? sum.map((s) => s / frames) : null;
}

/**
 * The model's feature parameters with the engine's starting cepstral mean set to `mean`, written to `file` (given
 * to the engine as -featparams: the model's own feat.params overrides a -cmninit on the command line).
 */
export async function featParamsWith(mean: number[], file: string): Promise<string> {
  const model = await fs.promises.readFile(MODEL_FEAT_PARAMS, 'utf8');
  const cmninit = `-cmninit ${mean.map((m) => m.toFixed(2)).join(',')}`;
  const lines = model.split('\n').filter((l) => l.trim() && !l.startsWith('-cmninit '));
  await fs.promises.writeFile(file, `${[...lines, cmninit].join('\n')}\n`);
  return file;
}
