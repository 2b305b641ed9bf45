import type { SourceKind } from '../sources/source-kind.js';
import type { JsonSchema } from '../steps/step.js';
import { collectReferences, exactReference } from './expression.js';
import type { FetchedSource, PipelineStep } from './pipeline.types.js';
import { SOURCE_URL_KEYWORD } from './source-url-keyword.js';

/**
 * The request fields the steps fetch (their executors' `fetches`). A URL fed from the request must be exactly
 * one request field marked `x-source-url`: anything else (an unmarked field, a URL pieced together from the
 * request) could not be checked before payment, and is reported, so the pipeline does not load.
 */
export function fetchedSources(steps: PipelineStep[], requestSchema: JsonSchema, report: (msg: string) => void): FetchedSource[] {
  const props = (requestSchema.properties ?? {}) as Record<string, JsonSchema | undefined>;
  const found = new Map<string, SourceKind>();
  for (const step of steps) {
    for (const [field, kind] of Object.entries(step.spec.fetches ?? {})) {
      const value = step.with[field];
      const where = `step '${step.id}' (${step.uses}): with.${field}`;
      let fromRequest: boolean;
      try {
        fromRequest = collectReferences(value).some((r) => r.path[0] === 'request');
      } catch {
        continue; // a malformed expression: reported with the step's references
      }
      if (!fromRequest) continue; // a literal, or a URL another step found: nothing the payer sent
      const ref = exactReference(value);
      const name = ref?.length === 2 && ref[0] === 'request' && typeof ref[1] === 'string' ? ref[1] : null;
      if (!name) {
        report(
          `${where}: a URL fetched from the request must be exactly one request field ('{{request.<field>}}'), so it can be checked before payment`,
        );
      } else if (!props[name]?.[SOURCE_URL_KEYWORD]) {
        report(
          `${where}: fetches request field '${name}', which has no source check: mark it "${SOURCE_URL_KEYWORD}": true in the request schema`,
        );
      } else if (found.get(name) && found.get(name) !== kind) {
        report(`${where}: request field '${name}' is fetched as ${found.get(name)} by another step and as ${kind} here`);
      } else {
        found.set(name, kind);
      }
    }
  }
  return [...found].map(([field, kind]) => ({ field, kind }));
}
