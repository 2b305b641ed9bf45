/** The engines steps run on (StepServices): media programs, speech, chat and image models, map and fact-check services. */
export const STEP_SERVICES = Symbol('STEP_SERVICES');
