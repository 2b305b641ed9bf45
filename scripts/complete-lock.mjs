#!/usr/bin/env node
// Completes package-lock.json with the optional platform packages (darwin, win32, arm64, musl builds of
// anvil, litesvm, msgpackr-extract, ...) that `npm install` leaves out when the registry it used does not
// serve them. `npm ci` refuses a lock that lacks them ("Missing: ... from lock file"), so the Dockerfile's
// `npm ci` needs them listed. An entry gets the registry's own metadata (integrity, os, cpu, libc) where the
// registry has that version; otherwise os/cpu/libc from the package's name, without integrity (npm fetches it
// by name and version only on the platform that needs it). Run after `npm install`: node scripts/complete-lock.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** os, cpu and libc of a platform package, read from its name (the convention all of these follow). */
function platformOf(name) {
  const base = name.split('/').pop();
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android'].find((o) => base.includes(o));
  const cpu = /arm64|aarch64/.test(base)
    ? 'arm64'
    : /x64|amd64/.test(base)
      ? 'x64'
      : /-arm(-|$)/.test(base)
        ? 'arm'
        : /ia32/.test(base)
          ? 'ia32'
          : null;
  const libc = base.includes('musl') ? 'musl' : os === 'linux' && base.includes('gnu') ? 'glibc' : null;
  return os && cpu ? { os, cpu, libc } : null;
}

/** The registry's metadata for name@version, or null when it does not serve that version. */
function registryEntry(name, version) {
  try {
    const out = execFileSync('npm', ['view', `${name}@${version}`, 'dist.integrity', 'os', 'cpu', 'libc', 'license', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const meta = JSON.parse(out);
    return meta?.['dist.integrity'] ? meta : null;
  } catch {
    return null;
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const owner = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[owner] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue; // not a platform build: leave it to npm
    const meta = registryEntry(dep, version);
    const list = (v) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v : [v]);
    packages[hoisted] = {
      version,
      ...(meta ? { integrity: meta['dist.integrity'] } : {}),
      cpu: list(meta?.cpu) ?? [platform.cpu],
      ...(meta?.license ? { license: meta.license } : {}),
      ...((list(meta?.libc) ?? (platform.libc ? [platform.libc] : undefined)) ? { libc: list(meta?.libc) ?? [platform.libc] } : {}),
      optional: true,
      os: list(meta?.os) ?? [platform.os],
    };
    added++;
    console.log(`complete-lock: ${dep}@${version}${meta ? '' : ' (not served by this registry: no integrity)'}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: ${added} optional platform package(s) added`);
