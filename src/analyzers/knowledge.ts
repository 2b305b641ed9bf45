import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

const cache = new Map<string, Promise<unknown>>();

/** A knowledge/ YAML file, parsed once per process (operators restart to pick up edits, as with pipelines). */
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
