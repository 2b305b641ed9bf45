import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/** The main thread's CPU time so far, in ms: the first field of its schedstat is nanoseconds on a CPU. */
export function mainThreadCpuMs(): number {
  return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/** An event-loop stall: how long the loop did not turn past its timer, and the main thread's own CPU in that time. */
export interface Stall {
  wallMs: number;
  cpuMs: number;
}

/** The worst stall since the last take, and all of the main thread's own CPU in that time. */
export interface Stalls extends Stall {
  totalCpuMs: number;
}

/**
 * Watches the event loop with a 10 ms timer: the longest stall, and the most of its own CPU the main thread spent in
 * one (a machine busy with other work stretches a stall's wall time, not that CPU). `take()` gives the worst of each
 * since the last take, with the main thread's CPU in all, and starts anew; `stop()` ends the watch.
 */
export function watchStalls(): { take(): Stalls; stop(): void } {
  let worst: Stall = { wallMs: 0, cpuMs: 0 };
  let [last, lastCpu] = [performance.now(), mainThreadCpuMs()];
  let takenCpu = lastCpu;
  const timer = setInterval(() => {
    const [now, cpu] = [performance.now(), mainThreadCpuMs()];
    worst = { wallMs: Math.max(worst.wallMs, now - last - 10), cpuMs: Math.max(worst.cpuMs, cpu - lastCpu) };
    [last, lastCpu] = [now, cpu];
  }, 10).unref();
  return {
    take() {
      const cpu = mainThreadCpuMs();
      const taken = { ...worst, totalCpuMs: cpu - takenCpu };
      [worst, takenCpu] = [{ wallMs: 0, cpuMs: 0 }, cpu];
      return taken;
    },
    stop: () => clearInterval(timer),
  };
}
