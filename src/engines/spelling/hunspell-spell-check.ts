import { runProcess } from '../process/run-process.js';
import type { SpellBudget, SpellCheck } from './spell-check.port.js';

/**
 * The spell check on the hunspell CLI (HUNSPELL_PATH) with the dictionaries SPELL_DICTIONARIES names: one process a
 * dictionary, run side by side (a dictionary's load is most of a call's CPU: about 0.05 s each, 0.4 s for pt_BR). With
 * one of them missing it tells nothing: the captions' language would be judged without it.
 */
export class HunspellSpellCheck implements SpellCheck {
  readonly name = 'hunspell';
  private installed?: Promise<boolean>;

  constructor(
    private readonly hunspell: string,
    readonly dictionaries: readonly string[],
  ) {}

  async unknown(words: string[], dictionaries: readonly string[], budget: SpellBudget): Promise<Map<string, Set<string>> | null> {
    if (!this.dictionaries.length || !(await this.allInstalled(budget))) return null;
    const input = Buffer.from(`${words.join('\n')}\n`);
    const unknown = await Promise.all(
      dictionaries.map(async (dictionary) => {
        if (!words.length) return new Set<string>();
        // `-l` lists the words of the input it does not know, one a line; `-i utf-8` whatever the locale.
        const { stdout } = await runProcess(this.hunspell, ['-i', 'utf-8', '-d', dictionary, '-l'], {
          signal: budget.signal,
          timeoutMs: budget.timeoutMs,
          name: 'hunspell',
          background: true,
          input,
        });
        return new Set(stdout.split('\n').filter(Boolean));
      }),
    );
    return new Map(dictionaries.map((d, i) => [d, unknown[i]]));
  }

  /**
   * Whether `hunspell -D` (on stderr) lists every dictionary asked for; asked once per engine (again after a cancelled
   * ask). With `-d` and the first one only: else it loads the locale's dictionary, and fails where that one is not
   * installed; all of them would cost the load of a check.
   */
  private allInstalled(budget: SpellBudget): Promise<boolean> {
    const args = ['-D', '-d', this.dictionaries[0]];
    this.installed ??= runProcess(this.hunspell, args, { signal: budget.signal, timeoutMs: budget.timeoutMs, name: 'hunspell' })
      .then(({ stdout, stderr }) => {
        const listed = new Set(`${stdout}\n${stderr}`.split('\n').map((l) => l.trim().split('/').pop()));
        return this.dictionaries.every((d) => listed.has(d));
      })
      .catch((err) => {
        this.installed = undefined;
        if (budget.signal.aborted) throw err;
        return false;
      });
    return this.installed;
  }
}
