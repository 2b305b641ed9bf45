import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { CpuPool } from '../../src/engines/cpu-pool/cpu-pool.js';
import { PooledTextLayers } from '../../src/engines/ocr/pooled-text-layers.js';
import { createAjv, describeErrors } from '../../src/json-schema/ajv.js';
import type { SourceHints } from '../../src/sources/source-hints.js';
import type { StepContext, StepExecutor } from '../../src/steps/step.js';
import type { StepTools } from '../../src/steps/step-tools.js';

const ROOT = process.cwd();

/** Any engine a test does not hand a step: using it fails the test, naming it. */
function absent(name: string): any {
  return new Proxy(
    {},
    {
      get: (_t, prop) =>
        prop === 'then'
          ? undefined
          : () => {
              throw new Error(`this test gave the step no ${name} engine (it called ${String(prop)})`);
            },
    },
  );
}

/** One CPU pool for a test file's steps (its threads start with the first task; idle, they do not keep the process alive). */
const pool = new CpuPool(1);

/**
 * Step tools with the repository's prompts, schemas and knowledge, small limits and no engines unless given, but
 * the real text layers (pixel work in a CPU pool thread).
 */
export function fakeTools(over: Partial<StepTools> = {}): StepTools {
  return {
    paths: { promptsDir: path.join(ROOT, 'prompts'), schemasDir: path.join(ROOT, 'schemas'), knowledgeDir: path.join(ROOT, 'knowledge') },
    samplesDir: path.join(ROOT, 'samples'),
    limits: { maxBytes: 10 * 1024 * 1024, maxSeconds: 600, fetchTimeoutSeconds: 10 },
    video: absent('video'),
    ocr: absent('ocr'),
    spelling: null,
    textLayers: new PooledTextLayers(pool),
    web: absent('web'),
    pageVideos: absent('pageVideos'),
    speech: absent('speech'),
    voice: null,
    faces: absent('faces'),
    portraits: absent('portraits'),
    scanner: absent('scanner'),
    llm: null,
    imageEditor: null,
    maps: { extraHosts: [], places: null, ratesUrl: null },
    factCheck: null,
    ...over,
  };
}

export interface StepRun extends StepContext {
  engines: Record<string, string>;
  warnings: string[];
  /** The work directory, removed when the test file ends. */
  workDir: string;
}

const dirs: string[] = [];
process.on('exit', () => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A step context over the given tools, with its own work directory; engines and warnings are recorded; `sources`: what the check before payment learnt. */
export function stepContext(tools: StepTools, signal = new AbortController().signal, sources: SourceHints = {}): StepRun {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'step-'));
  dirs.push(workDir);
  const run: StepRun = {
    jobId: 'job-1',
    stepId: 'step-1',
    workDir,
    logger: pino({ level: 'silent' }),
    signal,
    tools,
    source: (url) => sources[url] ?? null,
    engines: {},
    warnings: [],
    engine: (kind, name) => void (run.engines[kind] = name),
    warn: (message) => void run.warnings.push(message),
  };
  return run;
}

/** Runs a step as the runner would: its `with:` checked against its schema first, its output after. */
export async function runStep<W, O>(step: StepExecutor<W, O>, input: W, ctx: StepContext): Promise<O> {
  const ajv = createAjv();
  const validWith = ajv.compile(step.with);
  if (!validWith(input)) throw new Error(`bad test input for ${step.type}: ${describeErrors(validWith.errors).join('; ')}`);
  const output = await step.run(input, ctx);
  const validOutput = ajv.compile(step.output);
  if (!validOutput(output)) throw new Error(`${step.type} broke its output schema: ${describeErrors(validOutput.errors).join('; ')}`);
  return output;
}
