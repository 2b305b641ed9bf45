import type { Ajv, SchemaValidateFunction } from 'ajv';
import { checkUrl } from '../net/safe-fetch.js';
import type { SourceUrlOptions } from './source-url-keyword.js';

export const CALLBACK_URL_KEYWORD = 'x-callback-url';

/**
 * The `x-callback-url` keyword on a request field: a URL the service will POST the finished job to. Like
 * `x-source-url`, what is wrong on its face (not http/https, user credentials, an IP literal or localhost
 * in a blocked range) is a free 400 before the 402; where its name resolves is checked before settlement
 * (orders/source-precheck.ts), and every delivery passes the address guard again.
 */
export function addCallbackUrlKeyword(ajv: Ajv, opts: Pick<SourceUrlOptions, 'allowLoopback'>): void {
  ajv.addKeyword({
    keyword: CALLBACK_URL_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    errors: true,
    validate: function check(this: unknown, on: boolean, data: string) {
      if (!on) return true;
      try {
        checkUrl(data, opts.allowLoopback);
        return true;
      } catch (err) {
        (check as SchemaValidateFunction).errors = [
          { keyword: CALLBACK_URL_KEYWORD, message: `is refused: ${(err as Error).message}`, params: {} },
        ];
        return false;
      }
    },
  });
}

/** The name of the request field marked `x-callback-url`, or null. */
export function callbackField(requestSchema: { properties?: unknown }): string | null {
  const props = (requestSchema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return Object.keys(props).find((name) => props[name]?.[CALLBACK_URL_KEYWORD] === true) ?? null;
}

/** The request body's callback URL (the value of the field marked `x-callback-url`), or null. */
export function callbackUrl(requestSchema: { properties?: unknown }, body: Record<string, unknown>): string | null {
  const field = callbackField(requestSchema);
  const value = field ? body[field] : undefined;
  return typeof value === 'string' && value.length > 0 ? value : null;
}
