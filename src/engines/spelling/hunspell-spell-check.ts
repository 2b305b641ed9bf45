import { runProcess } from '../process/run-process.js';
import type { SpellBudget, SpellCheck } from './spell-check.port.js';

/**
 * The spell check on the hunspell CLI (HUNSPELL_PATH) with the dictionaries SPELL_DICTIONARIES names, all loaded by one
 * process a call (about 0.4 s of CPU for the default seven). With one of them missing it tells nothing: a word of that
 * language would count as unknown and be taken for a misreading of another's.
 */
export class HunspellSpellCheck implements SpellCheck {
  readonly name = 'hunspell';
  private installed?: Promise<boolean>;

  constructor(
    private readonly hunspell: string,
    private readonly dictionaries: string[],
  ) {}

  async unknown(words: string[], budget: SpellBudget): Promise<Set<string> | null> {
    if (!this.dictionaries.length || !(await this.allInstalled(budget))) return null;
    if (!words.length) return new Set();
    // `-l` lists the words of the input it does not know, one a line; `-i utf-8` whatever the locale.
    const { stdout } = await runProcess(this.hunspell, ['-i', 'utf-8', '-d', this.dictionaries.join(','), '-l'], {
      signal: budget.signal,
      timeoutMs: budget.timeoutMs,
      name: 'hunspell',
      background: true,
      input: Buffer.from(`${words.join('\n')}\n`),
    });
    return new Set(stdout.split('\n').filter(Boolean));
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
