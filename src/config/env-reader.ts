import path from 'node:path';

/**
 * Reads environment variables for one configuration section: defaults from the section's table, and
 * every problem collected (not thrown) so start-up can name all of them at once.
 */
export class EnvReader<D extends Record<string, string>> {
  constructor(
    readonly env: NodeJS.ProcessEnv,
    readonly projectRoot: string,
    private readonly defaults: D,
    readonly problems: string[],
  ) {}

  /** The variable, or its documented default when unset or empty. */
  get(name: keyof D & string): string {
    const v = this.env[name];
    return v === undefined || v === '' ? this.defaults[name] : v;
  }

  /** The variable, or null when unset or empty (variables without a default). */
  optional(name: string): string | null {
    const v = this.env[name];
    return v === undefined || v === '' ? null : v;
  }

  int(name: keyof D & string, min: number, max: number): number {
    const raw = this.get(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      this.problems.push(`${name}=${raw}: must be a whole number from ${min} to ${max}`);
      return min;
    }
    return n;
  }

  oneOf<T extends string>(name: keyof D & string, allowed: readonly T[]): T {
    const v = this.get(name);
    if (!allowed.includes(v as T)) this.problems.push(`${name}=${v}: must be one of ${allowed.join(', ')}`);
    return v as T;
  }

  bool(name: keyof D & string): boolean {
    const v = this.get(name);
    if (v !== 'true' && v !== 'false') this.problems.push(`${name}=${v}: must be true or false`);
    return v === 'true';
  }

  /** An http(s) URL without trailing slashes, or null. */
  url(name: string, value: string | null): string | null {
    if (value !== null && !/^https?:\/\/[^/]+/.test(value)) this.problems.push(`${name}=${value}: must be an http(s) URL`);
    return value?.replace(/\/+$/, '') ?? null;
  }

  /** A folder, relative to the project root unless absolute. */
  dir(name: keyof D & string): string {
    return path.resolve(this.projectRoot, this.get(name));
  }
}
