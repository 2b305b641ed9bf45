import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { addImageKeyword } from './image-keyword.js';

// ajv-formats' default export is typed for CommonJS; under NodeNext it needs this cast.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * The one JSON Schema validator configuration: all errors, standard formats, OpenAPI-style extra keywords
 * allowed, and `x-image` (a base64 image field). Request validation adds the URL keywords on top
 * (pipelines/request-ajv.ts).
 */
export function createAjv({ optimize = true }: { optimize?: boolean } = {}): Ajv {
  // useDefaults: a schema's `default` fills a missing field, so pipelines can rely on request defaults.
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, code: { optimize } });
  addFormats(ajv);
  addImageKeyword(ajv);
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
