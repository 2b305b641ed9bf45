import type { OfflineAnalyzer } from './analyzer.js';
import { adDebunkAnalyzer } from './ad-debunk.analyzer.js';
import { analyzeAnalyzer } from './analyze.analyzer.js';
import { productIdAnalyzer } from './product-id.analyzer.js';
import { verifyAnalyzer } from './verify.analyzer.js';

/** The offline analyzers a `prompt` step can name in `offline:`, by name. */
export class AnalyzerRegistry {
  private readonly byName = new Map<string, OfflineAnalyzer>();

  constructor(analyzers: OfflineAnalyzer[]) {
    for (const a of analyzers) {
      if (this.byName.has(a.name)) throw new Error(`offline analyzer '${a.name}' is registered twice`);
      this.byName.set(a.name, a);
    }
  }

  get(name: string): OfflineAnalyzer | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}

/** Every offline analyzer. A new one is one file in src/analyzers/ (`defineAnalyzer`) plus one line here. */
export const builtinAnalyzers: OfflineAnalyzer[] = [analyzeAnalyzer, productIdAnalyzer, adDebunkAnalyzer, verifyAnalyzer];

export const offlineAnalyzers = new AnalyzerRegistry(builtinAnalyzers);
