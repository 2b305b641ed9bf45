import path from 'node:path';
import { KnownFailure } from '../../engines/known-failure.js';
import { DEVNET_SAMPLES } from '../../sources/devnet-samples.js';
import type { StepContext } from '../step.js';

/** The file of a devnet sample the check before payment found a request URL to name, or null when it names none. */
export function devnetSampleFile(url: string, ctx: StepContext): { file: string; type: string } | null {
  const hint = ctx.source(url);
  if (hint?.kind !== 'sample') return null;
  const type = DEVNET_SAMPLES[hint.name];
  if (!type) throw new KnownFailure(`'${hint.name}' is not one of the devnet's samples`);
  return { file: path.join(ctx.tools.samplesDir, hint.name), type };
}
