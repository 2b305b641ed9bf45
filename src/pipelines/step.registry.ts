import { builtinSpecs } from '../steps/specs.js';
import type { StepSpec } from '../steps/step.js';

/** The steps a pipeline can `use`, by type: their specs (executors are specs too, for tests that add their own). */
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

export function createStepRegistry(): StepRegistry {
  return new StepRegistry(builtinSpecs);
}
