/** A command line the user got wrong: exit code 2 with the message. */
export class UsageError extends Error {}

export interface Args {
  positional: string[];
  options: Record<string, string>;
  /** Options that may be given more than once (`--variant a=dir --variant b=dir`). */
  lists: Record<string, string[]>;
  flags: Set<string>;
  /** Every other --name value: the request body (kebab-case names become snake_case). */
  fields: Record<string, string>;
}

const FLAGS = new Set(['json', 'devnet', 'help', 'prompt-only']);
const OPTIONS = new Set([
  'api',
  'pay',
  'max-usd',
  'affiliate',
  'timeout',
  'image',
  'admin-token',
  'video',
  'body',
  'step',
  'save',
  'pipelines',
  'prompts',
  'schemas',
  'out',
]);
const LISTS = new Set(['variant']);

export function parseArgs(argv: string[]): Args {
  const args: Args = { positional: [], options: {}, lists: {}, flags: new Set(), fields: {} };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      args.positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (FLAGS.has(name)) {
      args.flags.add(name);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (OPTIONS.has(name)) args.options[name] = value;
    else if (LISTS.has(name)) (args.lists[name] ??= []).push(value);
    else args.fields[name.replace(/-/g, '_')] = value;
  }
  return args;
}
