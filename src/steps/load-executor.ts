import { isExecutor, type StepExecutor, type StepSpec } from './step.js';

/**
 * The executor of a spec: the spec itself when it is one (a registry built of executors, as tests build), else the
 * builtin step of its type. The steps' code is imported here, on the first run: only processes that run jobs get here.
 */
export async function loadExecutor(spec: StepSpec): Promise<StepExecutor> {
  if (isExecutor(spec)) return spec;
  const { builtinSteps } = await import('./catalogue.js');
  const executor = builtinSteps.find((s) => s.type === spec.type);
  if (!executor) throw new Error(`step type '${spec.type}' has a spec but no executor in catalogue.ts`);
  return executor;
}
