import type { Command } from 'ioredis';
import type { RedisClient } from './redis-client.js';

/**
 * Fails each command of `client` (and of its duplicates) that Redis has not answered within about `ms`, with
 * ioredis's own "Command timed out" error, so an outage is still told from a bug by the same message.
 *
 * Written here because ioredis's own `commandTimeout` misjudges a stall of this process: a timer that fell due while
 * the main thread was busy runs before the event loop reads the reply already waiting on the socket, so every
 * command sent before a stall longer than the timeout failed as if Redis were out. Here a command is failed only
 * after the loop has read its sockets once more (setImmediate runs after the poll phase).
 */
export function withCommandDeadline<T extends RedisClient>(client: T, ms: number): T {
  const deadlines = new CommandDeadlines(ms);
  const send = client.sendCommand.bind(client) as (command: Command, ...rest: unknown[]) => unknown;
  client.sendCommand = ((command: Command, ...rest: unknown[]) => {
    deadlines.watch(command);
    return send(command, ...rest);
  }) as T['sendCommand'];
  const duplicate = client.duplicate.bind(client) as (...args: unknown[]) => RedisClient;
  client.duplicate = ((...args: unknown[]) => withCommandDeadline(duplicate(...args), ms)) as T['duplicate'];
  return client;
}

/** A sweep every tenth of the deadline: a timer per command would cost a busy API process about 1 µs a request. */
const SWEEPS_PER_DEADLINE = 10;

/**
 * The commands of one connection in the order they were sent, so their deadlines come in order too; swept while any
 * is watched. A command a Cluster resends is watched again and keeps its first deadline (the earlier entry).
 */
class CommandDeadlines {
  private commands: Command[] = [];
  private dues: number[] = [];
  private head = 0;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly ms: number) {}

  watch(command: Command): void {
    this.commands.push(command);
    this.dues.push(Date.now() + this.ms);
    this.sweeper ??= setInterval(() => this.sweep(), Math.max(1, this.ms / SWEEPS_PER_DEADLINE)).unref();
  }

  private sweep(): void {
    const now = Date.now();
    const late: Command[] = [];
    while (this.head < this.commands.length) {
      const command = this.commands[this.head];
      if (!command.isSettled && this.dues[this.head] > now) break;
      if (!command.isSettled) late.push(command);
      this.head++;
    }
    if (late.length) setImmediate(() => failUnanswered(late));
    if (this.head === this.commands.length) {
      [this.commands, this.dues, this.head] = [[], [], 0];
      clearInterval(this.sweeper ?? undefined);
      this.sweeper = null;
    } else if (this.head > 1024 && this.head * 2 > this.commands.length) {
      [this.commands, this.dues, this.head] = [this.commands.slice(this.head), this.dues.slice(this.head), 0];
    }
  }
}

function failUnanswered(commands: Command[]): void {
  for (const command of commands) if (!command.isSettled) command.reject(new Error('Command timed out'));
}
