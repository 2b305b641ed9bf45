/** Where a check may run: a wall-clock bound and the job's cancellation. */
export interface SpellBudget {
  signal: AbortSignal;
  timeoutMs: number;
}

/** Which words each of a set of dictionaries knows (the port; the hunspell CLI is the adapter). */
export interface SpellCheck {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** The dictionaries it checks with, in the order configured: the first is asked first. */
  readonly dictionaries: readonly string[];
  /**
   * For each of `dictionaries` (some of `this.dictionaries`), the `words` (as given) it does not know; null where the
   * check cannot tell (the program or one of the configured dictionaries is not installed). Rejects when the call
   * overran its budget or was aborted.
   */
  unknown(words: string[], dictionaries: readonly string[], budget: SpellBudget): Promise<Map<string, Set<string>> | null>;
}
