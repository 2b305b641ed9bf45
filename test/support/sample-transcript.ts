import type { Transcript } from '../../src/engines/speech/speech-to-text.port.js';

/** A short ad's transcript: two sentences, one of them a check-worthy claim. */
export const TRANSCRIPT: Transcript = {
  text: 'This serum removes all wrinkles in 7 days. Doctors hate it.',
  language: 'en',
  segments: [
    { start: 0, end: 3, text: 'This serum removes all wrinkles in 7 days.' },
    { start: 3, end: 5, text: 'Doctors hate it.' },
  ],
  confidence: 0.8,
};
