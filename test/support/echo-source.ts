import type { PipelineSource } from '../../src/pipelines/pipeline.types.js';

/** The pipeline source a payments test's orders carry: opaque to payments, which only record it with the order. */
export const ECHO_SOURCE: PipelineSource = {
  file: 'echo.yaml',
  version: 'echo-test',
  doc: { path: '/echo', summary: 'echo', price_usd: '0.01', estimated_seconds: 1, request: { type: 'object' } },
};
