import { errors, Pool } from 'undici';
import { custom, HttpRequestError, RpcRequestError, stringify, TimeoutError, type Transport } from 'viem';

/** viem's `http` transport's own default. */
const TIMEOUT_MS = 10_000;

let lastId = 0;

/**
 * A viem transport for one JSON-RPC URL, sent over a keep-alive undici Pool. Hand-written because viem's `http`
 * builds a fetch Request, an AbortSignal, a batch scheduler and a TimeoutError (its stack captured) for every call:
 * most of a paid request's local work outside the signature (bench/payments). It throws what `http` throws
 * (RpcRequestError, HttpRequestError, TimeoutError), so viem maps, retries and reports errors the same way.
 */
export function pooledHttp(rpcUrl: string): Transport {
  const url = new URL(rpcUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username) {
    // As viem's `http` does: credentials in the URL become Basic authentication.
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const shownUrl = url.toString();
  const path = `${url.pathname}${url.search}`;
  const pool = new Pool(url.origin, { headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  return custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      const body = { method, params };
      let status: number;
      let text: string;
      try {
        const res = await pool.request({ method: 'POST', path, headers, body: stringify({ jsonrpc: '2.0', id: ++lastId, ...body }) });
        status = res.statusCode;
        text = await res.body.text();
      } catch (err) {
        if (err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError) {
          throw new TimeoutError({ body, url: shownUrl });
        }
        throw new HttpRequestError({ body, cause: err as Error, url: shownUrl });
      }
      const data = parseAnswer(text, status, body, shownUrl);
      if (status < 200 || status > 299) {
        if (isRpcError(data.error)) throw new RpcRequestError({ body, error: data.error, status, url: shownUrl });
        throw new HttpRequestError({ body, details: stringify(data.error) || `HTTP ${status}`, status, url: shownUrl });
      }
      if (data.error) throw new RpcRequestError({ body, error: data.error as RpcError, url: shownUrl });
      return data.result;
    },
  });
}

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

interface RpcAnswer {
  result?: unknown;
  error?: unknown;
}

function isRpcError(error: unknown): error is RpcError {
  return typeof error === 'object' && error !== null && 'code' in error;
}

/** The JSON answer; a body that is not JSON is an error (with the body as its message when the status says so). */
function parseAnswer(text: string, status: number, body: { [key: string]: unknown }, url: string): RpcAnswer {
  try {
    return JSON.parse(text || '{}') as RpcAnswer;
  } catch (err) {
    if (status >= 200 && status <= 299) throw new HttpRequestError({ body, cause: err as Error, url });
    return { error: text };
  }
}
