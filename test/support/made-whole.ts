import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes `out` through `make` into a file of this process's own (same extension, so tools pick the same format),
 * then renames it into place: test files run side by side and may make the same cached file, and none sees half of it.
 */
export async function madeWhole(out: string, make: (own: string) => Promise<unknown>): Promise<string> {
  const own = `${out}.${process.pid}.tmp${path.extname(out)}`;
  await make(own);
  fs.renameSync(own, out);
  return out;
}
