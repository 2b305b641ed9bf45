/** The pipelines loaded at start-up (PipelineRegistry). */
export const PIPELINES = Symbol('PIPELINES');
