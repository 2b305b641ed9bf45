import fs from 'node:fs';
import path from 'node:path';
import type { EvalCase } from './eval-cases.js';
import { checkExpectations, type ExpectationResult } from './expectations.js';
import { RequestRefused, runLocally } from './local-run.js';
import { serveFiles } from './loopback-file-server.js';

/** One way of running the pipeline: a prompts folder, and environment overrides (another provider, model). */
export interface EvalVariant {
  name: string;
  promptsDir?: string;
  env?: Record<string, string>;
}

export interface CaseOutcome {
  case: string;
  variant: string;
  ok: boolean;
  error?: string;
  ms: number;
  expectations: ExpectationResult[];
  /** Every expectation passed and the run gave a result. */
  pass: boolean;
  result?: unknown;
}

/** A `--variant` argument: `name=DIR` (a prompts folder) or `name=env:KEY=VALUE,KEY=VALUE`. */
export function parseVariant(spec: string): EvalVariant {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new Error(`--variant ${spec}: write name=prompts-dir or name=env:KEY=VALUE,...`);
  const name = spec.slice(0, eq);
  const value = spec.slice(eq + 1);
  if (!value.startsWith('env:')) {
    if (!fs.existsSync(value)) throw new Error(`--variant ${name}: ${value} is not a folder`);
    return { name, promptsDir: path.resolve(value) };
  }
  const env: Record<string, string> = {};
  for (const pair of value.slice(4).split(',').filter(Boolean)) {
    const [k, ...v] = pair.split('=');
    if (!/^[A-Z][A-Z0-9_]*$/.test(k) || v.length === 0) throw new Error(`--variant ${name}: '${pair}' is not KEY=VALUE`);
    env[k] = v.join('=');
  }
  return { name, env };
}

/**
 * Runs every case under every variant, one at a time (a run uses the machine's cores), with local media
 * served on 127.0.0.1, and checks each result against the case's expectations.
 */
export async function runEval(opts: {
  pipeline: string;
  cases: EvalCase[];
  variants: EvalVariant[];
  env: NodeJS.ProcessEnv;
  dirs?: { pipelines?: string; prompts?: string; schemas?: string };
  onOutcome?: (o: CaseOutcome) => void;
}): Promise<CaseOutcome[]> {
  const media = opts.cases.flatMap((c) => (c.input.video ? [c.input.video] : []));
  const files = media.length ? await serveFiles(media) : null;
  const outcomes: CaseOutcome[] = [];
  try {
    for (const c of opts.cases) {
      for (const v of opts.variants) {
        const outcome = await runCase(c, v, opts, files?.url);
        outcomes.push(outcome);
        opts.onOutcome?.(outcome);
      }
    }
  } finally {
    await files?.close();
  }
  return outcomes;
}

async function runCase(
  c: EvalCase,
  v: EvalVariant,
  opts: { pipeline: string; env: NodeJS.ProcessEnv; dirs?: { pipelines?: string; prompts?: string; schemas?: string } },
  servedUrl?: (file: string) => string,
): Promise<CaseOutcome> {
  const body: Record<string, unknown> = { ...c.input.body };
  if (c.input.url) body.url = c.input.url;
  if (c.input.video && servedUrl) body.url = servedUrl(c.input.video);
  if (c.input.image) body.image_b64 = fs.readFileSync(c.input.image).toString('base64');
  const env = { ...opts.env, ...v.env, ...(c.input.video ? { FETCH_ALLOW_LOOPBACK: 'true' } : {}) };
  const base = { case: c.name, variant: v.name };
  try {
    const report = await runLocally({
      pipeline: opts.pipeline,
      body,
      env,
      dirs: { ...opts.dirs, ...(v.promptsDir ? { prompts: v.promptsDir } : {}) },
    });
    const expectations = report.ok ? checkExpectations(report.result, c.expect) : [];
    const pass = report.ok && expectations.every((e) => e.pass);
    return {
      ...base,
      ok: report.ok,
      ...(report.error ? { error: report.error } : {}),
      ms: report.ms,
      expectations,
      pass,
      result: report.result,
    };
  } catch (err) {
    if (!(err instanceof RequestRefused)) throw err;
    return { ...base, ok: false, error: err.message, ms: 0, expectations: [], pass: false };
  }
}
