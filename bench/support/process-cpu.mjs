// CPU time of a process from /proc/PID/stat (Linux): what the benches measure, since the machines are shared and a
// busy neighbour stretches wall time far more than CPU time.
import fs from 'node:fs';

/** USER_HZ: /proc's clock ticks a second on Linux. */
const TICKS = 100;

/**
 * The CPU milliseconds of process `pid` ('self' for this one, all its threads): `own` (user + system) and `children`
 * (the user + system of its child processes: those it waited for, and those still running, each with what it waited
 * for: a long-lived helper such as the warm speech decoder reaps its own children), or null where /proc has no such
 * process.
 */
export function processCpuMs(pid = 'self') {
  const stat = statOf(pid);
  if (!stat) return null;
  let children = stat.waited;
  for (const live of descendantsOf(stat.pid)) children += live.own + live.waited;
  return { own: stat.own, children };
}

function statOf(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map((t) => (Number(t) * 1000) / TICKS);
  const pidOf = Number(text.slice(0, text.indexOf(' ')));
  return { pid: pidOf, ppid: Number(fields[1]), own: utime + stime, waited: cutime + cstime };
}

/** The live processes below `pid`, at any depth. */
function descendantsOf(pid) {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(statOf)
    .filter(Boolean);
  const found = [];
  const parents = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        found.push(p);
        grew = true;
      }
  }
  return found;
}
