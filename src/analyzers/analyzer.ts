/** What an offline analyzer may read: the curated knowledge files. */
export interface AnalyzerContext {
  knowledgeDir: string;
}

/**
 * A deterministic, explainable analysis that runs when no model is configured: a `prompt` step with
 * `offline: <name>` calls it with the same `input` its template would get. Its spec names the result
 * schema it produces, so a pipeline that pairs it with another schema is refused at load time.
 */
export interface OfflineAnalyzer<I = unknown, O = unknown> {
  /** What a prompt step's `offline:` names. */
  name: string;
  description: string;
  /** The result schema file (under SCHEMAS_DIR) its output follows, e.g. `results/analyze.json`. */
  result: string;
  run(input: I, ctx: AnalyzerContext): Promise<O>;
}

export function defineAnalyzer<I, O>(analyzer: OfflineAnalyzer<I, O>): OfflineAnalyzer<I, O> {
  return analyzer;
}
