/** Signals that make a statement stand out, each with the words that show it. */
const SIGNALS: Array<{ reason: string; pattern: RegExp }> = [
  {
    reason: 'a number or percentage',
    pattern:
      /\b\d+(?:[.,]\d+)?\s*(?:%|percent\b|x\b|times\b|(?:days?|weeks?|months?|years?|hours?|minutes?|seconds?|pounds?|lbs?|kg|kilos?|inches|dollars?|calories)\b)|\b(?:half|double|triple|twice)\b|\$\s?\d+/i,
  },
  {
    reason: 'a superlative',
    pattern: /\b(?:best|worst|most|least|biggest|smallest|fastest|cheapest|greatest|easiest|strongest|number one|#1|ever)\b/i,
  },
  {
    reason: 'an absolute claim',
    pattern: /\b(?:always|never|guaranteed?|everyone|nobody|every single|100 ?%|completely|instantly|forever|proven)\b/i,
  },
  {
    reason: 'a call to action',
    pattern: /^(?:buy|try|get|grab|order|click|follow|subscribe|watch|stop|don'?t|save|shop|use|join|sign up|check out)\b/i,
  },
  { reason: 'an exclamation', pattern: /!\s*$/ },
];

export interface StrongStatement {
  text: string;
  reasons: string[];
}

/** Why `sentence` is a strong statement (empty when it is not one). Two signals or more make it strong. */
export function strongStatement(sentence: string): StrongStatement | null {
  const text = sentence.trim();
  if (text.split(/\s+/).length < 3) return null;
  const reasons = SIGNALS.filter((s) => s.pattern.test(text)).map((s) => s.reason);
  const strong = reasons.length >= 2 || reasons.includes('a number or percentage') || reasons.includes('an absolute claim');
  return strong ? { text, reasons } : null;
}
