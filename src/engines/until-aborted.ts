/**
 * `promise`, or the signal's reason as soon as it aborts (at once when it has): for a caller that waits on work it
 * does not own (a reading shared with other callers, a place in a queue), which its own cancellation must not wait for.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
