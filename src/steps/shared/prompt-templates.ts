import fs from 'node:fs/promises';
import path from 'node:path';
import Handlebars from 'handlebars';
import { KnownFailure } from '../../engines/known-failure.js';
import { cacheOf } from './file-caches.js';

const templates = new Map<string, Promise<HandlebarsTemplateDelegate>>();
const handlebars = Handlebars.create();
cacheOf('template', replaceTemplate);
handlebars.registerHelper('json', (value: unknown) => new Handlebars.SafeString(JSON.stringify(value, null, 2)));
// Seconds as "12.3" (times of sentences and captions in prompts).
handlebars.registerHelper('seconds', (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : ''));

/**
 * Hot reload: checks a template file's text (throws the Handlebars syntax error) and makes it the version the
 * next job uses; `source` null forgets the file (deleted).
 */
export function replaceTemplate(file: string, source: string | null): void {
  if (source === null) {
    templates.delete(file);
    return;
  }
  handlebars.parse(source); // compile() is lazy: parse now, so a broken edit is refused here, not in a job
  templates.set(file, Promise.resolve(handlebars.compile(source, { noEscape: true, strict: false })));
}

/** `prompts/<name>.hbs`, compiled once per process (helpers: `{{json value}}` prints JSON, `{{seconds n}}` a time). */
export async function loadTemplate(dir: string, name: string): Promise<HandlebarsTemplateDelegate> {
  const key = path.join(dir, `${name}.hbs`);
  if (!templates.has(key))
    templates.set(
      key,
      fs.readFile(key, 'utf8').then((src) => handlebars.compile(src, { noEscape: true, strict: false })),
    );
  return templates.get(key)!.catch((err) => {
    templates.delete(key);
    throw new KnownFailure(`the prompt template ${name}.hbs cannot be loaded: ${err.message}`);
  });
}
