// CPU time of a process from /proc/PID/stat (Linux): what the benches measure, since the machines are shared and a
// busy neighbour stretches wall time far more than CPU time.
import fs from 'node:fs';

/** USER_HZ: /proc's clock ticks a second on Linux. */
const TICKS = 100;

/**
 * The CPU milliseconds of process `pid` ('self' for this one, all its threads): `own` (user + system) and `children`
 * (the user + system of the child processes it waited for), or null where /proc has no such process.
 */
export function processCpuMs(pid = 'self') {
  let fields;
  try {
    fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map((t) => (Number(t) * 1000) / TICKS);
  return { own: utime + stime, children: cutime + cstime };
}
