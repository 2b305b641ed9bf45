/** The pipelines loaded at start-up (PipelineRegistry). */
export const PIPELINES = Symbol('PIPELINES');

/** The steps pipelines may use, by their specs: the shipped ones and those of STEP_MODULES (StepRegistry). */
export const STEP_REGISTRY = Symbol('STEP_REGISTRY');
