import type { Command } from 'ioredis';
import type { RedisClient } from './redis-client.js';

/**
 * Fails each command of `client` (and of its duplicates) that Redis has not answered within `ms`, with ioredis's
 * own "Command timed out" error, so an outage is still told from a bug by the same message.
 *
 * Written here because ioredis's own `commandTimeout` misjudges a stall of this process: a timer that fell due while
 * the main thread was busy runs before the event loop reads the reply already waiting on the socket, so every
 * command sent before a stall longer than the timeout failed as if Redis were out. This deadline is checked only
 * after the loop has read its sockets once more (a timer, then setImmediate, which runs after the poll phase).
 */
export function withCommandDeadline<T extends RedisClient>(client: T, ms: number): T {
  const send = client.sendCommand.bind(client) as (command: Command, ...rest: unknown[]) => unknown;
  const armed = new WeakSet<Command>();
  // A Cluster resends a redirected or queued command through sendCommand: one deadline per command.
  client.sendCommand = ((command: Command, ...rest: unknown[]) => {
    if (!armed.has(command)) {
      armed.add(command);
      armDeadline(command, ms);
    }
    return send(command, ...rest);
  }) as T['sendCommand'];
  const duplicate = client.duplicate.bind(client) as (...args: unknown[]) => RedisClient;
  client.duplicate = ((...args: unknown[]) => withCommandDeadline(duplicate(...args), ms)) as T['duplicate'];
  return client;
}

function armDeadline(command: Command, ms: number): void {
  const timer = setTimeout(() => {
    setImmediate(() => {
      if (!command.isSettled) command.reject(new Error('Command timed out'));
    });
  }, ms);
  const clear = () => clearTimeout(timer);
  command.promise.then(clear, clear);
}
