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
  /**
   * The evidence is the service's, whoever writes the prose. `hold` is the input with what does not hold taken
   * out (speech below the bar): a model reads that, as `run` does. `vouch` sets the result fields that come from
   * the evidence itself (the speech's state and why, its confidence, the language and where it came from, each
   * claim's source and times) over a model's answer.
   */
  hold?(input: I): I;
  vouch?(held: I, answer: Record<string, unknown>): Record<string, unknown>;
}

export function defineAnalyzer<I, O>(analyzer: OfflineAnalyzer<I, O>): OfflineAnalyzer<I, O> {
  return analyzer;
}
