import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';

/**
 * undici 7's HTTP/1 client asserts, when a connection that is not kept alive ends (the body framed by the close, or
 * `Connection: close`), that its parser is not paused. A body read more slowly than it arrives pauses the parser, so
 * a server that closes then throws an AssertionError from the socket's 'end' handler, which no caller can catch: the
 * process dies (nodejs/undici#5360; fixed in undici 8, which needs Node 22). On such responses this interceptor never
 * pauses the parser: the rest of the body, already sent, is held by the body stream until it is read.
 */
export const noPauseAtClose: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>
  dispatch(opts, new NoPauseAtClose(handler));

class NoPauseAtClose implements Dispatcher.DispatchHandler {
  /** The controller the handler is given once the response's headers are in: one whose pause does nothing, where it closes. */
  #given: Dispatcher.DispatchController | null = null;

  constructor(private readonly handler: Dispatcher.DispatchHandler) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: object): void {
    this.handler.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, socket: Duplex): void {
    this.handler.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, message?: string): void {
    this.#given = endsWithTheConnection(headers) ? neverPaused(controller) : controller;
    this.handler.onResponseStart?.(this.#given, statusCode, headers, message);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.handler.onResponseData?.(this.#given ?? controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    this.handler.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.handler.onResponseError?.(controller, error);
  }
}

/** `controller` with a pause that does nothing. */
function neverPaused(controller: Dispatcher.DispatchController): Dispatcher.DispatchController {
  return new Proxy(controller, {
    get: (target, key) => {
      if (key === 'pause') return () => undefined;
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Whether the connection ends with this response: `Connection: close`, or a body with no length and no chunks. */
function endsWithTheConnection(headers: IncomingHttpHeaders): boolean {
  const value = (name: string) => String(headers[name] ?? '').toLowerCase();
  if (value('connection').includes('close')) return true;
  return headers['content-length'] === undefined && !value('transfer-encoding').includes('chunked');
}
