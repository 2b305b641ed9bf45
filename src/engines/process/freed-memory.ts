import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** dist/native/malloc-trim.node (native/malloc-trim.c), which npm run build compiles where a C compiler is there. */
const ADDON = fileURLToPath(new URL('../../../native/malloc-trim.node', import.meta.url));

let trim: (() => boolean) | null | undefined;

/**
 * Hands the memory the C library holds freed but resident back to the system (glibc's malloc_trim). After a job a
 * worker's arenas keep about 40 MB of what its frames, audio and threads freed, and the next job's peak RSS stacks
 * on it; within a job, what one step freed stacks under the next step's peak (docs/testing.md, issue 41). Returns
 * whether anything was handed back; false where the addon was not built.
 */
export function returnFreedMemory(): boolean {
  if (trim === undefined) trim = loadTrim();
  return trim ? trim() : false;
}

/** The addon's call, or null where it was not built or does not load here (a C library without malloc_trim). */
function loadTrim(): (() => boolean) | null {
  if (!fs.existsSync(ADDON)) return null;
  try {
    return (createRequire(import.meta.url)(ADDON) as { mallocTrim: () => boolean }).mallocTrim;
  } catch {
    return null;
  }
}
