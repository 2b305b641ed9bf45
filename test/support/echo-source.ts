import type { PricedResource } from '../../src/payments/priced-resource.js';
import type { PipelineSource } from '../../src/pipelines/pipeline.types.js';

/** The pipeline source a payments test's orders carry: opaque to payments, which only record it with the order. */
export const ECHO_SOURCE: PipelineSource = {
  file: 'echo.yaml',
  version: 'echo-test',
  doc: { path: '/echo', summary: 'echo', price_usd: '0.01', estimated_seconds: 1, request: { type: 'object' } },
};

/** The priced resource of the echo route, as a payments test's intents and challenges name it. */
export const ECHO_RESOURCE: PricedResource = {
  path: '/echo',
  description: 'echo',
  priceUsd: '0.01',
  resourceUrl: 'http://x/echo',
  inputSchema: { type: 'object' },
  outputSchema: null,
  example: { request: {}, result: {} },
};
