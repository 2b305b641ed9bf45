import type { CpuTask } from './cpu-pool.js';
import { cpuTasks } from './cpu-tasks.js';

/** The pool thread's entry (piscina calls the default export with each task). */
export default function runCpuTask({ task, args }: CpuTask): Promise<unknown> {
  const run = cpuTasks[task] as (...a: unknown[]) => Promise<unknown>;
  return run(...args);
}
