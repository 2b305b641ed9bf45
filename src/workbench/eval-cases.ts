import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { createAjv, describeErrors } from '../json-schema/ajv.js';
import type { Expectations } from './expectations.js';

/** One eval case: an input and what its result must show. */
export interface EvalCase {
  name: string;
  file: string;
  input: { url?: string; video?: string; image?: string; body?: Record<string, unknown> };
  expect: Expectations;
}

const CASE_SCHEMA = {
  type: 'object',
  required: ['input', 'expect'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    input: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { url: { type: 'string' }, video: { type: 'string' }, image: { type: 'string' }, body: { type: 'object' } },
    },
    expect: {
      type: 'object',
      additionalProperties: false,
      properties: {
        present: { type: 'array', items: { type: 'string' } },
        equals: { type: 'object' },
        matches: { type: 'object', additionalProperties: { type: 'string' } },
        min_count: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
        words: { type: 'array', items: { type: 'string' } },
        flagged: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

const validate = createAjv().compile(CASE_SCHEMA);

/** Reads every *.yaml case of a folder; a broken case is an error naming the file and the field. */
export function loadCases(dir: string): EvalCase[] {
  if (!fs.existsSync(dir)) throw new Error(`${dir}: no such folder`);
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  if (files.length === 0) throw new Error(`${dir}: holds no case (*.yaml)`);
  return files.map((f) => {
    const file = path.join(dir, f);
    const data = YAML.parse(fs.readFileSync(file, 'utf8'));
    if (!validate(data)) throw new Error(`${file}: ${describeErrors(validate.errors).join('; ')}`);
    const c = data as Omit<EvalCase, 'file' | 'name'> & { name?: string };
    // Local files are named relative to the case file.
    const local = (p?: string) => (p ? path.resolve(dir, p) : undefined);
    for (const p of [c.input.video, c.input.image]) {
      if (p && !fs.existsSync(path.resolve(dir, p)))
        throw new Error(`${file}: ${p} does not exist (is there a script in ${dir} that makes it?)`);
    }
    return {
      name: c.name ?? f.replace(/\.ya?ml$/, ''),
      file,
      input: { ...c.input, video: local(c.input.video), image: local(c.input.image) },
      expect: c.expect,
    };
  });
}
