import { adDebunkAnalyzer } from './ad-debunk.analyzer.js';
import { analyzeAnalyzer } from './analyze.analyzer.js';
import type { OfflineAnalyzer } from './analyzer.js';
import { offlineAnalyzerResults } from './analyzer-results.js';
import { productIdAnalyzer } from './product-id.analyzer.js';
import { verifyAnalyzer } from './verify.analyzer.js';

/** Every offline analyzer. A new one is one file beside this one (`defineAnalyzer`) plus one line here and in analyzer-results.ts. */
const builtinAnalyzers: OfflineAnalyzer[] = [analyzeAnalyzer, productIdAnalyzer, adDebunkAnalyzer, verifyAnalyzer];

/** The offline analyzers a `prompt` step can name in `offline:`, by name (checked at load time). */
export const offlineAnalyzers: ReadonlyMap<string, OfflineAnalyzer> = new Map(
  builtinAnalyzers.map((a, i) => {
    if (builtinAnalyzers.findIndex((b) => b.name === a.name) !== i) throw new Error(`offline analyzer '${a.name}' is registered twice`);
    if (offlineAnalyzerResults.get(a.name) !== a.result)
      throw new Error(`offline analyzer '${a.name}' is not in analyzer-results.ts as it is`);
    return [a.name, a];
  }),
);
if (offlineAnalyzerResults.size !== offlineAnalyzers.size)
  throw new Error('analyzer-results.ts names an offline analyzer registry.ts lacks');
