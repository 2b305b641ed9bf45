import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinSpecs } from '../steps/specs.js';
import type { StepSpec } from '../steps/step.js';

/** The steps a pipeline can `use`, by type: their specs (executors are specs too, as the test steps of STEP_MODULES are). */
export class StepRegistry {
  private readonly byType = new Map<string, StepSpec>();

  constructor(specs: StepSpec[]) {
    for (const e of specs) {
      if (this.byType.has(e.type)) throw new Error(`step type '${e.type}' is registered twice`);
      this.byType.set(e.type, e);
    }
  }

  get(type: string): StepSpec | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.keys()].sort();
  }

  all(): StepSpec[] {
    return this.types().map((t) => this.byType.get(t)!);
  }
}

/** The shipped steps: the specs of src/steps/. */
export function createStepRegistry(): StepRegistry {
  return new StepRegistry(builtinSpecs);
}

/**
 * The shipped steps and those of `stepModules` (STEP_MODULES): ES modules each exporting `steps`, an array of
 * step executors. Tests start services with their own steps this way; a production process names none.
 */
export async function loadStepRegistry(stepModules: readonly string[]): Promise<StepRegistry> {
  const extra: StepSpec[] = [];
  for (const file of stepModules) {
    const mod: { steps?: unknown } = await import(pathToFileURL(path.resolve(file)).href);
    if (!Array.isArray(mod.steps)) throw new Error(`STEP_MODULES: ${file} exports no \`steps\` array`);
    extra.push(...(mod.steps as StepSpec[]));
  }
  return new StepRegistry([...builtinSpecs, ...extra]);
}
