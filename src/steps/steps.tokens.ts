/** The engines steps run on (StepTools): media programs, speech, chat and image models, map and fact-check services. */
export const STEP_TOOLS = Symbol('STEP_TOOLS');
/** The process's worker-thread pool for the engines' CPU-heavy work (engines/cpu-pool). */
export const CPU_POOL = Symbol('CPU_POOL');
