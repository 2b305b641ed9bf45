import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';
import YAML from 'yaml';
import { createAjv, describeErrors, jsonPointerToPath } from '../json-schema/ajv.js';
import type { JsonSchema, StepSpec } from '../steps/step.js';
import { topologicalOrder } from './dag.js';
import { allowExpressions, collectReferences, ExpressionError, type Reference } from './expression.js';
import { fetchedSources } from './fetched-sources.js';
import {
  DEFAULT_STEP_TIMEOUT_SECONDS,
  type Pipeline,
  type PipelineFile,
  type PipelineSource,
  type PipelineStep,
} from './pipeline.types.js';
import { buildPipelineSchema } from './pipeline-schema.js';
import { createRequestAjv } from './request-ajv.js';
import { routeExample } from './route-example.js';
import type { SourceUrlOptions } from './source-url-keyword.js';
import type { StepRegistry } from './step-registry.js';

/** Every problem found in the pipeline files, each line naming the file, the step and the field. */
export class PipelineLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid pipelines:\n  - ${problems.join('\n  - ')}`);
  }
}

export interface LoaderOptions {
  pipelinesDir: string;
  schemasDir: string;
  registry: StepRegistry;
  /** For the `x-source-url` request keyword; default: loopback refused, no extra map hosts. */
  sourceUrls?: SourceUrlOptions;
}

/** Reads every *.yaml / *.yml in the folder; throws PipelineLoadError listing every problem in every file. */
export function loadPipelines(opts: LoaderOptions): Pipeline[] {
  if (!fs.existsSync(opts.pipelinesDir)) throw new PipelineLoadError([`${opts.pipelinesDir}: no such folder`]);
  const files = fs
    .readdirSync(opts.pipelinesDir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => path.join(opts.pipelinesDir, f));
  if (files.length === 0) throw new PipelineLoadError([`${opts.pipelinesDir}: holds no pipeline (*.yaml) file`]);

  const ajv = createRequestAjv(opts.sourceUrls ?? { allowLoopback: false, extraMapHosts: [] });
  const validateFile = fileValidator(opts.registry);
  const problems: string[] = [];
  const pipelines: Pipeline[] = [];
  const byPath = new Map<string, string>();

  for (const file of files) {
    const shown = displayPath(file);
    const report = (msg: string) => problems.push(`${shown}: ${msg}`);
    const before = problems.length;
    const source = readPipelineSource(file, shown, opts.schemasDir, report);
    if (!source) continue;
    const pipeline = buildPipeline(source, { ajv, validateFile, report, opts });
    if (problems.length > before || !pipeline) continue;
    const other = byPath.get(pipeline.path);
    if (other) {
      report(`path ${pipeline.path} is already served by ${other}`);
      continue;
    }
    byPath.set(pipeline.path, shown);
    pipelines.push(pipeline);
  }
  if (problems.length) throw new PipelineLoadError(problems);
  return pipelines;
}

/**
 * A pipeline rebuilt from the source a job was accepted under (another process's copy, or a version this
 * process no longer serves), checked as at start-up; throws PipelineLoadError when it no longer builds here.
 */
export function compilePipelineSource(source: PipelineSource, opts: LoaderOptions): Pipeline {
  const ajv = createRequestAjv(opts.sourceUrls ?? { allowLoopback: false, extraMapHosts: [] });
  const problems: string[] = [];
  const report = (msg: string) => problems.push(`${source.file}: ${msg}`);
  const pipeline = buildPipeline(source, { ajv, validateFile: fileValidator(opts.registry), report, opts });
  if (problems.length || !pipeline) throw new PipelineLoadError(problems.length ? problems : [`${source.file}: does not build`]);
  return pipeline;
}

/** The file parsed, its request and result `$ref`s read in, and its version; null (reported) when unreadable. */
function readPipelineSource(file: string, shown: string, schemasDir: string, report: (m: string) => void): PipelineSource | null {
  let doc: unknown;
  try {
    doc = YAML.parse(fs.readFileSync(file, 'utf8'), { prettyErrors: true });
  } catch (err) {
    report(`not valid YAML: ${(err as Error).message.split('\n')[0]}`);
    return null;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    report('must be a YAML mapping with path, summary, price_usd, estimated_seconds, request, steps and output');
    return null;
  }
  const written = doc as PipelineFile;
  const inlined: PipelineFile = { ...written };
  if (written.request !== undefined) inlined.request = loadSchema(written.request, 'request', schemasDir, report) ?? written.request;
  if (written.result !== undefined) inlined.result = loadSchema(written.result, 'result', schemasDir, report) ?? written.result;
  const version = createHash('sha256')
    .update(JSON.stringify([path.basename(shown), inlined]))
    .digest('hex')
    .slice(0, 16);
  return { file: shown, version, doc: inlined };
}

const fileValidators = new WeakMap<StepRegistry, ValidateFunction>();

/**
 * The pipeline file format's validator, compiled once per registry on an Ajv of its own without ajv's code
 * optimizer. The optimizer keys a plain object by every name the generated code uses, and this schema (every
 * step's `with:`) makes hundreds: past V8's 1,536 transitions from `{}`, objects built key by key (headers, parsed
 * JSON) stopped sharing maps and every request paid for it until the first major GC (docs/testing.md, bench/http).
 * It runs on pipeline files only, so its code's speed does not count.
 */
function fileValidator(registry: StepRegistry): ValidateFunction {
  let validate = fileValidators.get(registry);
  if (!validate) fileValidators.set(registry, (validate = createAjv({ optimize: false }).compile(buildPipelineSchema(registry))));
  return validate;
}

const relaxedSchemas = new WeakMap<StepSpec, object>();

/** A spec's `with:` schema that lets any value be an expression: one object per spec, so ajv compiles it once. */
function relaxedWith(spec: StepSpec): object {
  let schema = relaxedSchemas.get(spec);
  if (!schema) relaxedSchemas.set(spec, (schema = allowExpressions(spec.with) as object));
  return schema;
}

interface BuildContext {
  ajv: Ajv;
  validateFile: ValidateFunction;
  report: (msg: string) => void;
  opts: LoaderOptions;
}

/** Checks the file against the pipeline schema, reporting each problem; false when its shape is broken. */
function checkShape(doc: PipelineFile, ctx: BuildContext, stepLabel: (i: number) => string): boolean {
  if (ctx.validateFile(doc)) return true;
  let shapeProblems = 0;
  for (const e of ctx.validateFile.errors ?? []) {
    if (e.keyword === 'if') continue;
    const m = /^\/steps\/(\d+)(\/.*)?$/.exec(e.instancePath);
    if (m && e.keyword === 'enum' && m[2] === '/uses') continue;
    shapeProblems++;
    const [line] = describeErrors([e]);
    if (!line) continue;
    if (m) {
      const field = jsonPointerToPath(m[2] ?? '');
      const rest = line.slice(line.indexOf(':') + 1).trim();
      const sub = line.slice(0, line.indexOf(':')).replace(/^steps\[\d+\]\.?/, '') || field;
      ctx.report(`${stepLabel(Number(m[1]))}: ${sub || '$'}: ${rest}`);
    } else {
      ctx.report(line);
    }
  }
  return shapeProblems === 0;
}

/** The steps with their specs and compiled schemas (references are resolved afterwards); problems reported. */
function buildSteps(steps: NonNullable<PipelineFile['steps']>, ctx: BuildContext, stepLabel: (i: number) => string): PipelineStep[] {
  const { ajv, report, opts } = ctx;
  const ids = new Set<string>();
  const built: PipelineStep[] = [];
  steps.forEach((raw, i) => {
    const label = stepLabel(i);
    if (ids.has(raw.id)) report(`${label}: id: '${raw.id}' is used by an earlier step`);
    ids.add(raw.id);
    const spec = opts.registry.get(raw.uses);
    if (!spec) return;
    const withValue = raw.with ?? {};
    const relaxed = ajv.compile(relaxedWith(spec));
    if (!relaxed(withValue)) for (const line of describeErrors(relaxed.errors, 'with')) report(`${label}: ${line}`);
    else for (const line of spec.check?.(withValue) ?? []) report(`${label}: ${line}`);
    built.push({
      id: raw.id,
      uses: raw.uses,
      with: withValue,
      when: raw.when ?? null,
      timeoutSeconds: raw.timeout_seconds ?? DEFAULT_STEP_TIMEOUT_SECONDS,
      retries: raw.retries ?? 0,
      optional: raw.optional === true,
      dependsOn: [],
      spec,
      // Compiled on the first run (ajv caches them per spec): a process that only takes requests never needs them.
      get validateWith() {
        return ajv.compile(spec.with);
      },
      get validateOutput() {
        return ajv.compile(spec.output);
      },
    });
  });
  return built;
}

/** A step's name in problems: its id and type as far as the (not yet checked) YAML gives them. */
function stepLabeller(steps: unknown[]): (i: number) => string {
  return (i) => {
    // Not yet checked against the pipeline schema: the YAML may hold anything here.
    const s: unknown = steps[i];
    if (!s || typeof s !== 'object') return `steps[${i}]`;
    const { id, uses } = s as { id?: unknown; uses?: unknown };
    return `step '${id ?? i}'${typeof uses === 'string' ? ` (${uses})` : ''}`;
  };
}

/** Unknown step types get their own message listing the known ones; the schema check skips them. */
function reportUnknownStepTypes(steps: NonNullable<PipelineFile['steps']>, ctx: BuildContext, stepLabel: (i: number) => string): void {
  const { registry } = ctx.opts;
  steps.forEach((s, i) => {
    if (s && typeof s === 'object' && typeof s.uses === 'string' && !registry.get(s.uses)) {
      ctx.report(`${stepLabel(i)}: uses: unknown step type '${s.uses}' (known: ${registry.types().join(', ')})`);
    }
  });
}

/** The request and result schemas as written (null where a `$ref` could not be read), and what a live route needs. */
function routeSchemas(
  doc: PipelineFile,
  status: string,
  stepCount: number,
  report: (msg: string) => void,
): { requestSchema: JsonSchema | null; resultSchema: JsonSchema | null } {
  // Read in by readPipelineSource: a `$ref` still here could not be read (and was reported).
  const requestSchema = typeof doc.request?.$ref === 'string' ? null : doc.request;
  const resultSchema = doc.result === undefined || typeof doc.result.$ref === 'string' ? null : doc.result;
  if (requestSchema && requestSchema.type !== 'object') report(`request: the request schema must describe a JSON object (type: object)`);
  if (status === 'live') {
    if (!resultSchema && doc.result === undefined) report('result: a live pipeline needs a result schema');
    if (stepCount === 0) report('steps: a live pipeline needs at least one step');
    if (doc.output === undefined) report('output: a live pipeline needs an output');
  }
  return { requestSchema, resultSchema };
}

function buildPipeline(source: PipelineSource, ctx: BuildContext): Pipeline | null {
  const { ajv, report } = ctx;
  const { doc, file: shown } = source;
  const steps = Array.isArray(doc.steps) ? doc.steps : [];
  const stepLabel = stepLabeller(steps);
  reportUnknownStepTypes(steps, ctx, stepLabel);
  // Unknown step types alone leave the file's shape intact: go on, to report every other problem too.
  if (!checkShape(doc, ctx, stepLabel)) return null;

  const status = doc.status ?? 'live';
  if (!/[1-9]/.test(doc.price_usd)) report(`price_usd: ${doc.price_usd} must be more than zero`);
  const { requestSchema, resultSchema } = routeSchemas(doc, status, steps.length, report);
  const validateRequest = requestSchema ? compile(ajv, requestSchema, 'request', report) : null;
  const validateResult = resultSchema ? compile(ajv, resultSchema, 'result', report) : null;

  // Steps: unique ids, valid `with:`, references to known steps and fields, no cycles.
  const built = buildSteps(steps, ctx, stepLabel);
  linkReferences(built, steps, doc.output, requestSchema, report);
  const sources = requestSchema ? fetchedSources(built, requestSchema, report) : [];

  const graph = new Map(built.map((s) => [s.id, s.dependsOn]));
  const sorted = topologicalOrder(graph);
  if ('cycle' in sorted) {
    report(`steps: dependency cycle ${sorted.cycle.join(' -> ')}`);
    return null;
  }
  if (!validateRequest) return null;
  const example = routeExample(
    doc.example,
    { request: requestSchema!, result: resultSchema },
    { request: validateRequest, result: validateResult },
    report,
  );

  return {
    file: shown,
    version: source.version,
    source,
    name: path.basename(shown).replace(/\.ya?ml$/, ''),
    path: doc.path,
    summary: doc.summary,
    description: doc.description ?? doc.summary,
    status,
    priceUsd: doc.price_usd,
    estimatedSeconds: doc.estimated_seconds,
    requestSchema: requestSchema!,
    sources,
    resultSchema,
    validateRequest,
    validateResult,
    steps: sorted.order.map((id) => built.find((s) => s.id === id)!),
    output: doc.output,
    example,
  };
}

/**
 * Checks every reference of the steps (`with:`, `when:`) and of the output, reporting each wrong one, and sets each
 * step's `dependsOn` to the steps it references.
 */
function linkReferences(
  built: PipelineStep[],
  written: NonNullable<PipelineFile['steps']>,
  output: unknown,
  requestSchema: JsonSchema | null,
  report: (msg: string) => void,
): void {
  const stepsById = new Map(built.map((s) => [s.id, s]));
  const declared = new Set(written.map((s) => s.id));
  const checkRefs = (value: unknown, where: string, self: PipelineStep | null): string[] => {
    const label = self ? `step '${self.id}' (${self.uses}): ` : '';
    let refs: Reference[];
    try {
      refs = collectReferences(value, where);
    } catch (err) {
      if (err instanceof ExpressionError) report(`${label}${err.at || where}: ${err.message}`);
      return [];
    }
    const deps: string[] = [];
    for (const ref of refs) {
      if (ref.path[0] === 'steps' && declared.has(ref.path[1] as string) && !stepsById.has(ref.path[1] as string)) continue; // reported as an unknown type
      const problem = checkReference(ref, self, stepsById, requestSchema);
      if (problem) report(`${label}${ref.at || where}: ${problem}`);
      else if (ref.path[0] === 'steps') deps.push(ref.path[1] as string);
    }
    return [...new Set(deps)];
  };
  for (const step of built) {
    step.dependsOn = [...new Set([...checkRefs(step.with, 'with', step), ...(step.when ? checkRefs(step.when, 'when', step) : [])])];
  }
  checkRefs(output, 'output', null);
}

/** Relative to the working directory when inside it, else absolute. */
function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

function checkReference(
  ref: Reference,
  self: PipelineStep | null,
  steps: Map<string, PipelineStep>,
  requestSchema: JsonSchema | null,
): string | null {
  const [root, first, second] = ref.path;
  if (root === 'request') {
    const props = requestSchema?.properties as Record<string, unknown> | undefined;
    if (typeof first === 'string' && props && !(first in props)) {
      return `'{{${ref.text}}}': the request has no field '${first}' (fields: ${Object.keys(props).join(', ') || 'none'})`;
    }
    return null;
  }
  if (root === 'job') {
    return first === 'id' || first === 'endpoint_path' ? null : `'{{${ref.text}}}': job offers only job.id and job.endpoint_path`;
  }
  const target = steps.get(first as string);
  if (!target) return `'{{${ref.text}}}': there is no step '${first}'`;
  if (self && target.id === self.id) return `'{{${ref.text}}}': a step cannot reference its own output`;
  const props = target.spec.output.properties as Record<string, unknown> | undefined;
  const closed = target.spec.output.additionalProperties === false;
  if (typeof second === 'string' && props && closed && !(second in props)) {
    return `'{{${ref.text}}}': step '${target.id}' (${target.uses}) has no output '${second}' (outputs: ${Object.keys(props).join(', ')})`;
  }
  return null;
}

function loadSchema(value: JsonSchema, field: string, schemasDir: string, report: (m: string) => void): JsonSchema | null {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  const file = path.resolve(schemasDir, ref);
  if (!file.startsWith(path.resolve(schemasDir) + path.sep)) {
    report(`${field}.$ref: '${ref}' points outside ${schemasDir}`);
    return null;
  }
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    report(`${field}.$ref: cannot read ${displayPath(file)}: ${reason}`);
    return null;
  }
}

function compile(ajv: Ajv, schema: JsonSchema, field: string, report: (m: string) => void) {
  try {
    // Shared schema files carry an $id; compile each once and reuse it.
    const id = typeof schema.$id === 'string' ? schema.$id : null;
    return (id && ajv.getSchema(id)) || ajv.compile(schema);
  } catch (err) {
    report(`${field}: not a valid JSON Schema: ${(err as Error).message}`);
    return null;
  }
}
