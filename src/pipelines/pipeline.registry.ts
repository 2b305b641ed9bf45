import type { Pipeline } from './pipeline.types.js';

/** The pipelines this process loaded at start-up, by route path. */
export class PipelineRegistry {
  private readonly map: Map<string, Pipeline>;

  constructor(readonly pipelines: Pipeline[]) {
    this.map = new Map(pipelines.map((p) => [p.path, p]));
  }

  byPath(path: string): Pipeline | undefined {
    return this.map.get(path);
  }

  all(): Pipeline[] {
    return [...this.pipelines].sort((a, b) => a.path.localeCompare(b.path));
  }
}
