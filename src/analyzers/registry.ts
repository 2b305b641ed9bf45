import type { OfflineAnalyzer } from './analyzer.js';
import { analyzeAnalyzer } from './analyze.analyzer.js';

/** Every offline analyzer a `prompt` step can name in `offline:`. A new one is a file here plus one line. */
export const offlineAnalyzers = new Map<string, OfflineAnalyzer>([analyzeAnalyzer].map((a) => [a.name, a]));
