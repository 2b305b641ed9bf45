import type { ClipSpec } from './media.js';

/** Scripted clips: what is shown and said is known, so what must be found is known (tests and bench/quality). */
export const BRAND_CLIP: ClipSpec = {
  scenes: [
    { seconds: 2.5, source: 'color=c=0x2050a0', caption: 'NEW NIKE AIR MAX' },
    { seconds: 2.5, source: 'testsrc2', caption: 'SAMSUNG GALAXY S24' },
    { seconds: 2.5, source: 'color=c=0xd09090', caption: 'CERAVE MOISTURIZING CREAM' },
  ],
  speech: 'I just got the new Samsung phone. My skin loves this cream.',
};
export const AD_CLIP: ClipSpec = {
  scenes: [
    { seconds: 2.5, source: 'color=c=0xe0c0c0', caption: 'CLINICALLY PROVEN' },
    { seconds: 2.5, source: 'rgbtestsrc', caption: 'RESULTS IN 7 DAYS' },
    { seconds: 2.5, source: 'color=c=0x301040', caption: 'CURES ACNE FOREVER' },
    { seconds: 2.5, source: 'testsrc', caption: 'ONLY 3 LEFT' },
  ],
  speech: 'It removes every wrinkle. Results are guaranteed.',
};
export const FACT_CLIP: ClipSpec = {
  scenes: [
    { seconds: 3, source: 'color=c=0x2050a0', caption: '90 PERCENT OF PEOPLE AGREE' },
    { seconds: 4, source: 'testsrc2' },
  ],
  speech:
    'The Eiffel Tower was built in eighteen eighty nine. Coffee causes cancer in most people. I love this city. Subscribe for more videos.',
};

/** What must be found in them. */
export const TRUTH = {
  brands: [
    { brand: 'Nike', category: 'Sportswear' },
    { brand: 'Samsung', category: 'Electronics' },
    { brand: 'CeraVe', category: 'Skincare' },
  ],
  adClaims: [
    { text: /clinically proven/i, rule: 'unnamed-clinical-proof' },
    { text: /7 days/i, rule: 'implausible-timeframe' },
    { text: /cures acne/i, rule: 'disease-cure' },
    { text: /only 3 left/i, rule: 'fake-scarcity' },
    { text: /every wrinkle/i, rule: 'absolute-efficacy' },
    { text: /guaranteed/i, rule: 'guaranteed-results' },
  ],
  facts: [/90 percent of people agree/i, /eiffel tower was built/i, /coffee causes cancer/i],
  notFacts: [/i love this city/i, /subscribe/i],
};
