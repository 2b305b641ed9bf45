/**
 * Pipeline expressions: `{{request.url}}`, `{{steps.media.audio_path}}`, `{{steps.scenes.items[0]}}`.
 * A string that is exactly one expression resolves to the raw value (object, array, number);
 * any other string containing expressions is a template and resolves to a string.
 */

const EXPR = /\{\{\s*([^{}]*?)\s*\}\}/g;
const EXACT = /^\{\{\s*([^{}]*?)\s*\}\}$/;
const PATH = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\])*$/;

export const EXPRESSION_ROOTS = ['request', 'steps', 'job'] as const;

export interface Reference {
  /** The expression text between the braces. */
  text: string;
  /** Path segments: strings for fields, numbers for indexes. */
  path: Array<string | number>;
  /** Where in the containing value it stood, e.g. `input.transcript`. */
  at: string;
}

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly at: string,
  ) {
    super(message);
  }
}

export function parsePath(text: string, at = ''): Array<string | number> {
  if (!PATH.test(text)) throw new ExpressionError(`'{{${text}}}' is not a reference like {{request.field}} or {{steps.id.field}}`, at);
  const path: Array<string | number> = [];
  for (const m of text.matchAll(/([A-Za-z_][\w-]*)|\[(\d+)\]/g)) path.push(m[1] ?? Number(m[2]));
  const root = path[0] as string;
  if (!(EXPRESSION_ROOTS as readonly string[]).includes(root)) {
    throw new ExpressionError(`'{{${text}}}' starts with '${root}'; a reference starts with ${EXPRESSION_ROOTS.join(', ')}`, at);
  }
  if (root === 'steps' && typeof path[1] !== 'string') throw new ExpressionError(`'{{${text}}}' names no step`, at);
  return path;
}

/** The path a value refers to when it is exactly one reference (`{{request.url}}`), else null. */
export function exactReference(value: unknown): Array<string | number> | null {
  const m = typeof value === 'string' ? EXACT.exec(value) : null;
  return m ? parsePath(m[1]) : null;
}

/** Every reference inside a value (deeply), with where it stands. */
export function collectReferences(value: unknown, at = ''): Reference[] {
  const refs: Reference[] = [];
  walk(value, at, (s, where) => {
    for (const m of s.matchAll(EXPR)) refs.push({ text: m[1], path: parsePath(m[1], where), at: where });
    const rest = s.replace(EXPR, '');
    if (rest.includes('{{') || rest.includes('}}')) throw new ExpressionError(`unbalanced braces in '${s}'`, where);
  });
  return refs;
}

function walk(value: unknown, at: string, visit: (s: string, at: string) => void): void {
  if (typeof value === 'string') visit(value, at);
  else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`, visit));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, at ? `${at}.${k}` : k, visit);
  }
}

export function lookup(scope: Record<string, unknown>, path: Array<string | number>): unknown {
  let cur: unknown = scope;
  for (const seg of path) {
    if (cur === null || cur === undefined) return undefined;
    if (typeof seg === 'number') cur = Array.isArray(cur) ? cur[seg] : undefined;
    else cur = typeof cur === 'object' && Object.hasOwn(cur as object, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
  }
  return cur;
}

/** Resolves every expression inside `value` against `scope`. Keys whose exact expression is undefined are left out. */
export function resolve(value: unknown, scope: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const exact = EXACT.exec(value);
    if (exact) return lookup(scope, parsePath(exact[1]));
    if (!value.includes('{{')) return value;
    return value.replace(EXPR, (_, text: string) => stringify(lookup(scope, parsePath(text))));
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, scope));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = resolve(v, scope);
      if (r !== undefined) out[k] = r;
    }
    return out;
  }
  return value;
}

function stringify(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** A `when:` value is true unless it resolves to false, null, undefined, 0, '' or an empty array. */
export function isTruthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return Boolean(v) && v !== 'false';
}

/**
 * The same schema, but anywhere a value is expected a `{{...}}` string is accepted too: `with:` values
 * are checked at load time before their expressions can be resolved, and again, strictly, at run time.
 */
export function allowExpressions(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s: Record<string, unknown> = { ...schema };
  if (s.properties && typeof s.properties === 'object')
    s.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, allowExpressions(v)]));
  if (s.items) s.items = allowExpressions(s.items);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    s.additionalProperties = allowExpressions(s.additionalProperties);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = s[key];
    if (Array.isArray(list)) s[key] = list.map(allowExpressions);
  }
  return { anyOf: [s, { type: 'string', pattern: '\\{\\{.*\\}\\}' }] };
}
