/** Replaces one cached file with its new text (null: deleted); throws, the cache unchanged, when the text is broken. */
export type ReplaceFile = (file: string, text: string | null) => void;

interface FileCaches {
  template: ReplaceFile[];
  knowledge: ReplaceFile[];
  schemas: Array<() => void>;
}

const caches: FileCaches = { template: [], knowledge: [], schemas: [] };

/**
 * Hot reload (WATCH=true): the step code that caches operator-edited files (prompt templates, knowledge, schemas)
 * registers here as it loads, and the pipelines' watcher tells it of edits through here. A process that never
 * loads step code (ROLE=api) caches nothing, and an edit there changes nothing.
 */
export function cacheOf(kind: 'template' | 'knowledge', replace: ReplaceFile): void {
  caches[kind].push(replace);
}

/** See cacheOf: `forget` drops what a step compiled from files under schemas/. */
export function cacheOfSchemas(forget: () => void): void {
  caches.schemas.push(forget);
}

/** A prompt template's or knowledge file's edit, to every cache of that kind; throws what a cache refused. */
export function replaceCached(kind: 'template' | 'knowledge', file: string, text: string | null): void {
  for (const replace of caches[kind]) replace(file, text);
}

/** A file under schemas/ changed: every step's schemas compiled from files are stale. */
export function schemasChanged(): void {
  for (const forget of caches.schemas) forget();
}
