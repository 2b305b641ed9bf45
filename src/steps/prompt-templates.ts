import fs from 'node:fs/promises';
import path from 'node:path';
import Handlebars from 'handlebars';
import { StepError } from '../engines/step-error.js';

const templates = new Map<string, Promise<HandlebarsTemplateDelegate>>();
const handlebars = Handlebars.create();
handlebars.registerHelper('json', (value: unknown) => new Handlebars.SafeString(JSON.stringify(value, null, 2)));
// Seconds as "12.3" (times of sentences and captions in prompts).
handlebars.registerHelper('seconds', (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : ''));

/** `prompts/<name>.hbs`, compiled once per process (helpers: `{{json value}}` prints JSON, `{{seconds n}}` a time). */
export async function loadTemplate(dir: string, name: string): Promise<HandlebarsTemplateDelegate> {
  const key = path.join(dir, `${name}.hbs`);
  if (!templates.has(key)) templates.set(key, fs.readFile(key, 'utf8').then((src) => handlebars.compile(src, { noEscape: true, strict: false })));
  return templates.get(key)!.catch((err) => {
    templates.delete(key);
    throw new StepError(`the prompt template ${name}.hbs cannot be loaded: ${err.message}`);
  });
}
