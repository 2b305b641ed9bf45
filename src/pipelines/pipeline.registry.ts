import type { Pipeline } from './pipeline.types.js';

/**
 * The pipelines this process serves, by route path. Loaded at start-up; with WATCH=true the watcher swaps
 * in a re-validated set (`replace`), so everything that looks a pipeline up per request follows the edit.
 */
export class PipelineRegistry {
  private map: Map<string, Pipeline>;

  constructor(pipelines: Pipeline[]) {
    this.map = new Map(pipelines.map((p) => [p.path, p]));
  }

  byPath(path: string): Pipeline | undefined {
    return this.map.get(path);
  }

  all(): Pipeline[] {
    return [...this.map.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Swaps in a whole new, already validated set (hot reload). */
  replace(pipelines: Pipeline[]): void {
    this.map = new Map(pipelines.map((p) => [p.path, p]));
  }
}
