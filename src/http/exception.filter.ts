import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Inject, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.tokens.js';
import { isRedisOutage, REDIS_OUTAGE_RETRY_SECONDS } from '../redis/redis-outage.js';
import { ApiError } from './api-error.js';
import { RouteTable } from './route-table.js';

/**
 * Every error leaves as JSON `{error}`: ours (ApiError), Nest's, Fastify's body-parser errors (413,
 * 415, malformed JSON), a Redis outage (503 with Retry-After) and crashes (500, logged, no details leaked). An unknown method on a known
 * path is a 405 with `Allow` rather than a 404.
 */
@Catch()
export class JsonExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly routes: RouteTable,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    // Nest wraps Fastify's client errors in an HttpException; unwrap them to keep their code.
    const cause = thrown instanceof HttpException ? thrown.cause : undefined;
    const exception = fastifyCode(cause)?.startsWith('FST_') ? cause : thrown;
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    let status = 500;
    let message = 'internal server error';
    let headers: Record<string, string> = {};
    const clientStatus = fastifyClientStatus(exception);

    if (exception instanceof ApiError) {
      ({ status, message, headers } = exception);
    } else if (isRedisOutage(exception)) {
      status = 503;
      message = `the job store (Redis) is not answering; retry in ${REDIS_OUTAGE_RETRY_SECONDS} s`;
      headers = { 'retry-after': String(REDIS_OUTAGE_RETRY_SECONDS) };
      this.logger.warn({ err: (exception as Error).message, url: request.url }, 'redis unavailable');
    } else if (exception instanceof NotFoundException && !request.routeOptions?.url) {
      const path = request.url.split('?')[0];
      const allowed = this.routes.allowed(path);
      if (allowed.length) {
        status = 405;
        message = `method ${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`;
        headers = { allow: allowed.join(', ') };
      } else {
        status = 404;
        message = `no route ${request.method} ${path}`;
      }
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const body = exception.getResponse();
      message = typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? exception.message);
    } else if (clientStatus !== null) {
      status = clientStatus; // Fastify's own client errors: body too large, bad JSON, media type
      message = describeFastifyError(fastifyCode(exception), String((exception as { message?: unknown }).message));
    } else {
      this.logger.error({ err: exception, url: request.url }, 'unhandled error');
    }
    void reply
      .status(status)
      .headers(headers)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ error: message }));
  }
}

/** A Fastify error's `code` (FST_...), when the thrown value has one. */
function fastifyCode(thrown: unknown): string | undefined {
  const code = (thrown as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The 4xx `statusCode` Fastify puts on its client errors, or null. */
function fastifyClientStatus(thrown: unknown): number | null {
  const status = (thrown as { statusCode?: unknown } | null | undefined)?.statusCode;
  return typeof status === 'number' && status < 500 ? status : null;
}

function describeFastifyError(code: string | undefined, message: string): string {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type must be application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the request body is empty; send a JSON object';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'the request body is not valid JSON';
    default:
      return message;
  }
}
