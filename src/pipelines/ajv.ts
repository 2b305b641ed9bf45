import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { addCallbackUrlKeyword } from './callback-url-keyword.js';
import { addImageKeyword } from './image-keyword.js';
import { addSourceUrlKeyword, type SourceUrlOptions } from './source-url-keyword.js';

// ajv-formats' default export is typed for CommonJS; under NodeNext it needs this cast.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The one JSON Schema validator configuration: all errors, standard formats, OpenAPI-style extra keywords
 * allowed. With `sourceUrls` (request validation), fields marked `x-source-url` and `x-callback-url` are checked too.
 */
export function createAjv(sourceUrls?: SourceUrlOptions): Ajv {
  // useDefaults: a schema's `default` fills a missing field, so pipelines can rely on request defaults.
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true });
  addFormats(ajv);
  addImageKeyword(ajv);
  if (sourceUrls) addSourceUrlKeyword(ajv, sourceUrls);
  if (sourceUrls) addCallbackUrlKeyword(ajv, sourceUrls);
  return ajv;
}

/** `url: must match format "uri"`-style lines, one per problem, with `$` for the whole value. */
export function describeErrors(errors: ErrorObject[] | null | undefined, root = ''): string[] {
  const lines = new Set<string>();
  for (const e of errors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'anyOf') continue;
    const at = jsonPointerToPath(e.instancePath, root);
    if (e.keyword === 'required') lines.add(`${join(at, e.params.missingProperty)}: is required`);
    else if (e.keyword === 'additionalProperties') lines.add(`${join(at, e.params.additionalProperty)}: is not an allowed field`);
    else if (e.keyword === 'enum')
      lines.add(`${at || '$'}: must be one of ${e.params.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}`);
    else lines.add(`${at || '$'}: ${e.message}`);
  }
  return [...lines];
}

function join(at: string, field: string): string {
  return at ? `${at}.${field}` : field;
}

export function jsonPointerToPath(pointer: string, root = ''): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = root;
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out;
}
