import type { OfflineAnalyzer } from './analyzer.js';
import { adDebunkAnalyzer } from './ad-debunk.analyzer.js';
import { analyzeAnalyzer } from './analyze.analyzer.js';
import { productIdAnalyzer } from './product-id.analyzer.js';
import { verifyAnalyzer } from './verify.analyzer.js';

/** Every offline analyzer a `prompt` step can name in `offline:`. A new one is a file here plus one line. */
export const offlineAnalyzers = new Map<string, OfflineAnalyzer>([analyzeAnalyzer, productIdAnalyzer, adDebunkAnalyzer, verifyAnalyzer].map((a) => [a.name, a]));
