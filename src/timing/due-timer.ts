/**
 * Deadlines on I/O (a reply, a child's exit), judged only once the event loop has also read what came in after the
 * time fell due: a plain timer that fell due while the main thread was busy runs before the replies and exits
 * already waiting are read, so a deadline kept by it fails work that ended in time. The check waits two turns of
 * setImmediate: the first runs after the loop's poll phase (sockets and exits read), the second after its close phase
 * too (a child process's 'close' comes once its pipes' handles are closed there).
 */

/**
 * Calls `fn` once `ms` have passed and the loop has read and closed what ended since; returns what cancels it.
 * `unref`: the wait keeps no process alive by itself.
 */
export function onceDue(ms: number, fn: () => void, opts: { unref?: boolean } = {}): () => void {
  let immediate: NodeJS.Immediate | undefined;
  const timer = setTimeout(() => {
    immediate = setImmediate(() => {
      immediate = setImmediate(fn);
    });
  }, ms);
  if (opts.unref) timer.unref();
  return () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}

/** Resolves once `ms` have passed and the loop has read and closed what ended since; keeps no process alive by itself. */
export function afterDue(ms: number): Promise<void> {
  return new Promise((resolve) => onceDue(ms, resolve, { unref: true }));
}

/**
 * `AbortSignal.timeout(ms)` judged as above: aborts with the same TimeoutError once `ms` have passed and the loop has
 * read and closed what ended since; keeps no process alive by itself.
 */
export function dueSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  afterDue(ms).then(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')));
  return controller.signal;
}
