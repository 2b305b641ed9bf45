import fs from 'node:fs';
import path from 'node:path';
import { buildPipelineSchema } from './pipeline-schema.js';
import { renderStepReference, spliceStepReference } from './step-reference.js';
import { createStepRegistry } from './step-registry.js';

/** The files generated from the step registry, with the content they should have. */
export function generatedFiles(root: string): Array<{ file: string; expected: string; actual: string | null }> {
  const registry = createStepRegistry();
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : null);
  const schemaFile = path.join(root, 'schemas/pipeline.schema.json');
  const referenceFile = path.join(root, 'docs', 'steps.md');
  const reference = read(referenceFile) ?? '';
  return [
    { file: schemaFile, expected: `${JSON.stringify(buildPipelineSchema(registry), null, 2)}\n`, actual: read(schemaFile) },
    { file: referenceFile, expected: spliceStepReference(reference, renderStepReference(registry)), actual: reference },
  ];
}
