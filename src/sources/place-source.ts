import type { MediaProbeDeps } from './media-probe.js';
import { readHead } from './remote-file.js';
import { SourceRefused } from './source-refused.js';

/** A map-service place URL, checked before payment: it answers (short links followed, every hop guarded) without an error. */
export async function inspectPlacePage(url: string, deps: Pick<MediaProbeDeps, 'web'>, signal: AbortSignal): Promise<void> {
  const label = 'the map URL';
  const first = await readHead(deps.web, url, 64 * 1024, signal, label);
  if (first.status >= 400) throw new SourceRefused(`${label} answered HTTP ${first.status}`);
}
