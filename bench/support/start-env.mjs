// The environment a build's `npm start` gives its service: the `NAME=value` assignments before `node` in its
// package.json's start script (the Dockerfile's ENV carries the same). A bench's worker process gets them, so that
// its figures (peak RSS above all) are those of the service as started, not of a bare `node`.
import fs from 'node:fs';
import path from 'node:path';

/** The assignments that lead `root`'s start script, as an environment object (none for builds without them). */
export function startEnv(root) {
  const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.start ?? '';
  const env = {};
  for (const word of start.trim().split(/\s+/)) {
    const m = word.match(/^([A-Za-z_]\w*)=(.*)$/);
    if (!m) break;
    env[m[1]] = m[2];
  }
  return env;
}
