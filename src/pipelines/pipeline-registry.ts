import type { Pipeline, PipelineSource } from './pipeline.types.js';

/** Versions kept for jobs accepted under them (hot reload edits a file many times; a job runs within minutes). */
const KEPT_VERSIONS = 64;

/**
 * The pipelines this process serves, by route path. Loaded at start-up; with WATCH=true the watcher swaps
 * in a re-validated set (`replace`), so everything that looks a pipeline up per request follows the edit.
 * A job runs the version it was paid under (`forJob`), whatever was swapped in since.
 */
export class PipelineRegistry {
  private map: Map<string, Pipeline>;
  private readonly versions = new Map<string, Pipeline>();

  /** `compile` rebuilds a pipeline from a source this process has not loaded (null: such jobs fall back to the path). */
  constructor(
    pipelines: Pipeline[],
    private readonly compile: ((source: PipelineSource) => Pipeline) | null = null,
  ) {
    this.map = new Map();
    this.replace(pipelines);
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
    for (const p of pipelines) this.remember(p);
  }

  /**
   * The pipeline a job was accepted under: this process's copy of its version, else built from the source
   * the job carries (throws when that no longer builds here).
   */
  forJob(source: PipelineSource, path: string): Pipeline | undefined {
    const known = this.versions.get(source.version);
    if (known || !this.compile) return known ?? this.byPath(path);
    const built = this.compile(source);
    this.remember(built);
    return built;
  }

  private remember(p: Pipeline): void {
    this.versions.delete(p.version);
    this.versions.set(p.version, p);
    if (this.versions.size > KEPT_VERSIONS) this.versions.delete(this.versions.keys().next().value as string);
  }
}
