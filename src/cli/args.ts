import { parseArgs as parseCommandLine } from 'node:util';

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

const FLAGS = ['json', 'devnet', 'help', 'prompt-only'];
const OPTIONS = [
  ...['api', 'pay', 'max-usd', 'affiliate', 'timeout', 'image', 'admin-token'],
  ...['video', 'body', 'step', 'save', 'pipelines', 'prompts', 'schemas', 'out'],
];
const LISTS = ['variant'];

type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean };

const KNOWN: Record<string, OptionSpec> = Object.fromEntries([
  ...FLAGS.map((name) => [name, { type: 'boolean' }]),
  ...OPTIONS.map((name) => [name, { type: 'string' }]),
  ...LISTS.map((name) => [name, { type: 'string', multiple: true }]),
]);

/**
 * The command line, read by node:util's parseArgs. A `--name` it does not know is a request field: it is
 * declared as one more string option before parsing, so `--color-palette "warm earth tones"` becomes a field.
 */
export function parseArgs(argv: string[]): Args {
  const fieldNames = argv
    .filter((a) => a.startsWith('--') && a.length > 2)
    .map((a) => a.slice(2).split('=', 1)[0])
    .filter((name) => !(name in KNOWN));
  const options = { ...KNOWN, ...Object.fromEntries(fieldNames.map((name) => [name, { type: 'string' } as OptionSpec])) };
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const args: Args = { positional: parsed.positionals, options: {}, lists: {}, flags: new Set(), fields: {} };
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === true) args.flags.add(name);
    else if (Array.isArray(value)) args.lists[name] = value.map(String);
    else if (name in KNOWN) args.options[name] = String(value);
    else args.fields[name.replace(/-/g, '_')] = String(value);
  }
  return args;
}
