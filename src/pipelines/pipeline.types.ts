import type { ValidateFunction } from 'ajv';
import type { SourceKind } from '../sources/source-kind.js';
import type { JsonSchema, StepSpec } from '../steps/step.js';
import type { RouteExample } from './route-example.js';

/** A pipeline file as written (after YAML parsing), before validation. */
export interface PipelineFile {
  path: string;
  summary: string;
  description?: string;
  status?: 'live' | 'planned';
  price_usd: string;
  estimated_seconds: number;
  request: JsonSchema;
  result?: JsonSchema;
  steps?: Array<{
    id: string;
    uses: string;
    with?: Record<string, unknown>;
    when?: string;
    timeout_seconds?: number;
    retries?: number;
    optional?: boolean;
  }>;
  output?: unknown;
  example?: { request?: Record<string, unknown>; result?: unknown };
}

/**
 * A pipeline as read from its file, its request and result schemas read in: everything needed to build it
 * again in any process. `version` names this exact content; a paid job carries the source it was accepted
 * under, so an edit, a rename or a removal after the payment cannot change what the payer bought.
 */
export interface PipelineSource {
  file: string;
  version: string;
  doc: PipelineFile;
}

/** A request field whose URL a step fetches, checked as `kind` before any payment for the request settles (fetched-sources.ts). */
export interface FetchedSource {
  field: string;
  kind: SourceKind;
}

export interface PipelineStep {
  id: string;
  uses: string;
  with: Record<string, unknown>;
  when: string | null;
  timeoutSeconds: number;
  retries: number;
  /** An optional step that fails or times out outputs null and the job goes on, with a warning. */
  optional: boolean;
  /** Ids of the steps whose outputs this step references. */
  dependsOn: string[];
  spec: StepSpec;
  validateWith: ValidateFunction;
  validateOutput: ValidateFunction;
}

/** A loaded, validated pipeline: everything the HTTP layer and the runner need. */
export interface Pipeline {
  /** The file it came from, relative to the working directory. */
  file: string;
  /** Names this content of the file (see PipelineSource). */
  version: string;
  source: PipelineSource;
  /** Stable name derived from the file (analyze, product-id, ...). */
  name: string;
  path: string;
  summary: string;
  description: string;
  /** `planned` pipelines are listed but refused with 501 before payment: their steps are not built. */
  status: 'live' | 'planned';
  priceUsd: string;
  estimatedSeconds: number;
  requestSchema: JsonSchema;
  /** The request fields its steps fetch: each is inspected before a payment for the request settles. */
  sources: FetchedSource[];
  resultSchema: JsonSchema | null;
  validateRequest: ValidateFunction;
  validateResult: ValidateFunction | null;
  /** In an order where every step comes after the steps it depends on. */
  steps: PipelineStep[];
  output: unknown;
  /** A request the route accepts and a result it returns, for directories (the file's `example`, else drawn from the schemas). */
  example: RouteExample;
}

export const DEFAULT_STEP_TIMEOUT_SECONDS = 600;
