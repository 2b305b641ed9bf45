import type { Piscina } from 'piscina';
import type { CpuTasks } from './cpu-tasks.js';

/** A task of the pool: its name in cpu-tasks.ts and its arguments (structured-cloned into the thread). */
export interface CpuTask<K extends keyof CpuTasks = keyof CpuTasks> {
  task: K;
  args: Parameters<CpuTasks[K]>;
}

/**
 * The process's worker-thread pool for CPU-heavy engine work (image models in WebAssembly, OpenCV, pixel loops), so
 * that no such work blocks the event loop of a process that serves HTTP or holds queue locks. Its threads start on
 * the first task (a process that never runs one starts none) and stay, so each loads its WebAssembly models once.
 * A task is cancelled by its signal (the step's: its time limit or the job's cancellation): queued, it is dropped;
 * running, its thread is stopped and replaced.
 */
export class CpuPool {
  private pool: Promise<Piscina<CpuTask, unknown>> | null = null;
  private closed = false;

  /** `threads`: CPU_THREADS (engines.config.ts). */
  constructor(readonly threads: number) {}

  async run<K extends keyof CpuTasks>(
    task: K,
    args: Parameters<CpuTasks[K]>,
    signal: AbortSignal,
  ): Promise<Awaited<ReturnType<CpuTasks[K]>>> {
    signal.throwIfAborted();
    if (this.closed) throw new Error('the CPU pool is closed (the process is shutting down)');
    const pool = await (this.pool ??= this.start());
    return (await pool.run({ task, args } satisfies CpuTask<K>, { signal })) as Awaited<ReturnType<CpuTasks[K]>>;
  }

  /** Lets running tasks finish, drops queued ones, and stops the threads. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    if (pool) await (await pool).close({ force: true });
  }

  private async start(): Promise<Piscina<CpuTask, unknown>> {
    // sharp's native library must be loaded by the main thread before any worker thread loads it (sharp's docs).
    await import('sharp');
    const { Piscina } = await import('piscina');
    return new Piscina<CpuTask, unknown>({
      filename: new URL('./cpu-pool.worker.js', import.meta.url).href,
      minThreads: this.threads,
      maxThreads: this.threads,
      // Threads keep their loaded models: never ended for being idle (idle threads do not keep the process alive).
      idleTimeout: Number.POSITIVE_INFINITY,
      // The threads yield the CPU to the event loop when both want it (nice 10 above the process, through
      // @napi-rs/nice, piscina's optional dependency): a busy machine delays image work, not HTTP and Redis.
      niceIncrement: 10,
    });
  }
}
