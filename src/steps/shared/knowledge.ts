import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { cacheOf } from './file-caches.js';

const cache = new Map<string, Promise<unknown>>();
cacheOf('knowledge', replaceKnowledge);

/**
 * Hot reload: parses a knowledge file's text (throws the YAML error) and makes it the version the next job
 * uses; `text` null forgets the file (deleted).
 */
export function replaceKnowledge(file: string, text: string | null): void {
  if (text === null) {
    cache.delete(file);
    return;
  }
  cache.set(file, Promise.resolve(parse(text, { prettyErrors: true })));
}

/** A knowledge/ YAML file, parsed once per process (edits are picked up by a restart, or live with WATCH=true). */
export function loadKnowledge<T>(knowledgeDir: string, file: string): Promise<T> {
  const key = path.join(knowledgeDir, file);
  if (!cache.has(key)) {
    cache.set(
      key,
      fs.readFile(key, 'utf8').then((text) => parse(text)),
    );
    cache.get(key)!.catch(() => cache.delete(key));
  }
  return cache.get(key) as Promise<T>;
}
