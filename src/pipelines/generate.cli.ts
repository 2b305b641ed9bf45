import fs from 'node:fs';
import path from 'node:path';
import { generatedFiles } from './generated-files.js';

/** `npm run generate`: writes schemas/pipeline.schema.json and the step reference (docs/steps.md) from src/steps. */
for (const g of generatedFiles(process.cwd())) {
  if (g.actual === g.expected) continue;
  fs.writeFileSync(g.file, g.expected);
  console.log(`wrote ${path.relative(process.cwd(), g.file)}`);
}
