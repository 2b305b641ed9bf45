/**
 * Each offline analyzer's name and the result schema it produces: what the prompt step's spec checks `offline:`
 * against at load time without importing the analyzers. registry.ts refuses to load when the two disagree.
 */
export const offlineAnalyzerResults: ReadonlyMap<string, string> = new Map([
  ['analyze', 'results/analyze.json'],
  ['product_id', 'results/product-id.json'],
  ['ad_debunk', 'results/ad-debunk.json'],
  ['verify', 'results/verify.json'],
]);
