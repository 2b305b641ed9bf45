/** Where a check may run: a wall-clock bound and the job's cancellation. */
export interface SpellBudget {
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * Which words a set of dictionaries knows (the port; the hunspell CLI is the adapter). A word counts as known when any
 * of the dictionaries knows it.
 */
export interface SpellCheck {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /**
   * The `words` (as given) that none of the dictionaries knows, or null where the check cannot tell (the program or a
   * dictionary is not installed). Rejects when the call overran its budget or was aborted.
   */
  unknown(words: string[], budget: SpellBudget): Promise<Set<string> | null>;
}
