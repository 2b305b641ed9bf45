/**
 * Keeps this process's main thread busy for `ms`, as a long synchronous piece of work would; from a setImmediate
 * callback, as work that follows I/O runs (a stall inside a timer's callback ends before Node looks at the timers
 * that fell due during it, and so hides what a stall does to them).
 */
export async function stallFor(ms: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const until = Date.now() + ms;
  while (Date.now() < until);
}
