import fs from 'node:fs';
import path from 'node:path';

/** A work root under `dir` whose `jobs` is a file: making a job's directory under it fails with ENOTDIR (a real disk fault). */
export function brokenWorkRoot(dir: string): string {
  const workRoot = fs.mkdtempSync(path.join(dir, 'broken-'));
  fs.writeFileSync(path.join(workRoot, 'jobs'), '');
  return workRoot;
}
