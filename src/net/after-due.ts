/**
 * Resolves `ms` from now, once the event loop has also read its sockets after the time fell due: a plain timer that
 * fell due while the main thread was busy runs before the replies already waiting are read, so a race against it
 * judges a dependency that answered in time as out.
 */
export function afterDue(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(() => setImmediate(resolve), ms).unref());
}
