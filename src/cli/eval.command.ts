import fs from 'node:fs';
import { loadCases } from '../workbench/eval-cases.js';
import { type CaseOutcome, type EvalVariant, parseVariant, runEval } from '../workbench/eval-run.js';
import { type Args, UsageError } from './args.js';

export const EVAL_USAGE = `  vidint eval <pipeline> <cases-dir> [--variant name=prompts-dir | name=env:KEY=VALUE,...] ... [--out FILE] [--json]
      run every case of a folder (an input and its expectations in YAML) and print pass/fail per expectation
      and per case with timings; two or more --variant run side by side; the results go to --out as JSON.`;

/** `vidint eval`: exit 0 when every case passes under every variant, 1 when one fails, 2 usage. */
export async function evalCommand(rest: string[], args: Args): Promise<number> {
  const [pipeline, dir] = rest;
  if (!pipeline || !dir) throw new UsageError(`a pipeline and a cases folder are needed:\n${EVAL_USAGE}`);
  let variants: EvalVariant[];
  let cases: ReturnType<typeof loadCases>;
  try {
    variants = (args.lists.variant ?? []).map(parseVariant);
    cases = loadCases(dir);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (variants.length === 0) variants = [{ name: 'current' }];
  if (new Set(variants.map((v) => v.name)).size !== variants.length) throw new UsageError('each --variant needs its own name');
  const outcomes = await runEval({
    pipeline,
    cases,
    variants,
    env: process.env,
    dirs: { pipelines: args.options.pipelines, prompts: args.options.prompts, schemas: args.options.schemas },
    onOutcome: (o) =>
      process.stderr.write(
        `${o.pass ? 'pass' : 'FAIL'} ${o.case} [${o.variant}] ${(o.ms / 1000).toFixed(1)} s${o.error ? `: ${o.error}` : ''}\n`,
      ),
  });
  if (args.options.out) fs.writeFileSync(args.options.out, `${JSON.stringify({ pipeline, variants, outcomes }, null, 2)}\n`);
  if (args.flags.has('json')) console.log(JSON.stringify({ pipeline, variants, outcomes }, null, 2));
  else
    console.log(
      evalTable(
        cases.map((c) => c.name),
        variants.map((v) => v.name),
        outcomes,
      ).join('\n'),
    );
  return outcomes.every((o) => o.pass) ? 0 : 1;
}

/** Per case: one row per expectation with a column per variant, then its time; a summary per variant last. */
export function evalTable(caseNames: string[], variantNames: string[], outcomes: CaseOutcome[]): string[] {
  const of = (c: string, v: string) => outcomes.find((o) => o.case === c && o.variant === v)!;
  const width = 44;
  const cell = (text: string) => text.padEnd(14);
  const lines: string[] = [];
  for (const c of caseNames) {
    const row = (label: string, cells: string[]) =>
      lines.push(`  ${label.slice(0, width).padEnd(width)} ${cells.map(cell).join(' ')}`.trimEnd());
    lines.push(`case ${c}`);
    row('', variantNames);
    const labels = [...new Set(variantNames.flatMap((v) => of(c, v).expectations.map((e) => e.expectation)))];
    for (const label of labels) {
      row(
        label,
        variantNames.map((v) => {
          const e = of(c, v).expectations.find((x) => x.expectation === label);
          return e ? (e.pass ? 'pass' : `FAIL (${e.detail})`) : '-';
        }),
      );
    }
    const errors = variantNames.filter((v) => of(c, v).error);
    for (const v of errors) lines.push(`  ${v}: the run failed: ${of(c, v).error}`);
    row(
      'case',
      variantNames.map((v) => (of(c, v).pass ? 'pass' : 'FAIL')),
    );
    row(
      'time',
      variantNames.map((v) => `${(of(c, v).ms / 1000).toFixed(1)} s`),
    );
    lines.push('');
  }
  for (const v of variantNames) {
    const mine = outcomes.filter((o) => o.variant === v);
    const exp = mine.flatMap((o) => o.expectations);
    lines.push(
      `${v}: ${mine.filter((o) => o.pass).length}/${mine.length} cases passed, ${exp.filter((e) => e.pass).length}/${exp.length} expectations`,
    );
  }
  return lines;
}
