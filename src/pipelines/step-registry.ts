import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinSteps } from '../steps/catalogue.js';
import type { StepExecutor } from '../steps/step.js';

/** The step executors a pipeline can `use`, by type. */
export class StepRegistry {
  private readonly byType = new Map<string, StepExecutor>();

  constructor(executors: StepExecutor[]) {
    for (const e of executors) {
      if (this.byType.has(e.type)) throw new Error(`step type '${e.type}' is registered twice`);
      this.byType.set(e.type, e);
    }
  }

  get(type: string): StepExecutor | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.keys()].sort();
  }

  all(): StepExecutor[] {
    return this.types().map((t) => this.byType.get(t)!);
  }
}

/** The shipped steps: the catalogue of src/steps/. */
export function createStepRegistry(): StepRegistry {
  return new StepRegistry(builtinSteps);
}

/**
 * The shipped steps and those of `stepModules` (STEP_MODULES): ES modules each exporting `steps`, an array of
 * step executors. Tests start services with their own steps this way; a production process names none.
 */
export async function loadStepRegistry(stepModules: readonly string[]): Promise<StepRegistry> {
  const extra: StepExecutor[] = [];
  for (const file of stepModules) {
    const mod: { steps?: unknown } = await import(pathToFileURL(path.resolve(file)).href);
    if (!Array.isArray(mod.steps)) throw new Error(`STEP_MODULES: ${file} exports no \`steps\` array`);
    extra.push(...(mod.steps as StepExecutor[]));
  }
  return new StepRegistry([...builtinSteps, ...extra]);
}
