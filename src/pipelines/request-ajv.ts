import type { Ajv } from 'ajv';
import { createAjv } from '../json-schema/ajv.js';
import { addCallbackUrlKeyword } from './callback-url-keyword.js';
import { addSourceUrlKeyword, type SourceUrlOptions } from './source-url-keyword.js';

/** The validator of request bodies: the common one, plus the fields marked `x-source-url` and `x-callback-url` checked. */
export function createRequestAjv(sourceUrls: SourceUrlOptions): Ajv {
  const ajv = createAjv();
  addSourceUrlKeyword(ajv, sourceUrls);
  addCallbackUrlKeyword(ajv, sourceUrls);
  return ajv;
}
