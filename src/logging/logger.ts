import type { LoggerService } from '@nestjs/common';
import { type Logger, pino } from 'pino';

/** JSON logs on stdout; every line of a job carries `job_id` (see JobProcessor). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'vidint', pid: process.pid } });
}

/** Lets Nest's own messages go through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
