import path from 'node:path';
import { EnvReader } from '../config/env-reader.js';

/** Where the pipelines and what their steps read (schemas, prompts, curated knowledge) live. */
export interface PipelinesConfig {
  pipelinesDir: string;
  schemasDir: string;
  promptsDir: string;
  knowledgeDir: string;
  /** Re-validate and swap in edited pipelines, schemas, prompts and knowledge files without a restart (development). */
  watch: boolean;
  /** ES modules whose exported `steps` join the shipped ones (tests' own steps); none in production. */
  stepModules: string[];
}

/** Where Nest provides this section (ConfigModule, composed in src/app). */
export const PIPELINES_CONFIG = Symbol('PIPELINES_CONFIG');

export const PIPELINES_DEFAULTS = {
  PIPELINES_DIR: 'pipelines',
  SCHEMAS_DIR: 'schemas',
  PROMPTS_DIR: 'prompts',
  KNOWLEDGE_DIR: 'knowledge',
  WATCH: 'false',
} as const;

export function pipelinesConfig(r: EnvReader<typeof PIPELINES_DEFAULTS>): PipelinesConfig {
  return {
    pipelinesDir: r.dir('PIPELINES_DIR'),
    schemasDir: r.dir('SCHEMAS_DIR'),
    promptsDir: r.dir('PROMPTS_DIR'),
    knowledgeDir: r.dir('KNOWLEDGE_DIR'),
    watch: r.bool('WATCH'),
    stepModules: (r.optional('STEP_MODULES') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean)
      .map((f) => path.resolve(r.projectRoot, f)),
  };
}
