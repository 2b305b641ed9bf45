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

export function createStepRegistry(): StepRegistry {
  return new StepRegistry(builtinSteps);
}
