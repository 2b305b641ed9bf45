/** What an offline analyzer may read: the curated knowledge files. */
export interface AnalyzerContext {
  knowledgeDir: string;
}

/**
 * A deterministic, explainable analysis that runs when no model is configured: a `prompt` step with
 * `offline: <name>` calls it with the same `input` its template would get.
 */
export interface OfflineAnalyzer {
  name: string;
  description: string;
  run(input: any, ctx: AnalyzerContext): Promise<unknown>;
}
