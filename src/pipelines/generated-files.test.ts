import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generatedFiles } from './generated-files.js';

describe('files generated from the step registry', () => {
  it('are up to date (run `npm run generate` after changing a step executor)', () => {
    for (const g of generatedFiles(process.cwd())) assert.equal(g.actual, g.expected, `${g.file} is stale: run npm run generate`);
  });
});
