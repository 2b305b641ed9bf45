import type { ClipSpec } from './media.js';
import type { MusicBed } from './music-bed.js';

/**
 * Spoken scripts the way reels say them: several sentences with short pauses (0.35 s), over a music bed or
 * not. Each sentence has the key words that show it in a transcript or a claim (pocketsphinx mishears some
 * words of flite's voice, so a sentence is found by any of its key words), and what it is: a checkable
 * fact, an advertising claim, an opinion or a call to action.
 */
export interface ScriptedSentence {
  text: string;
  key: RegExp;
  kind: 'fact' | 'ad-claim' | 'opinion' | 'call-to-action';
}

export const FACT_SCRIPT: ScriptedSentence[] = [
  { text: 'The Great Wall of China is over twenty one thousand kilometers long.', key: /great wall|china|kilomet/i, kind: 'fact' },
  { text: 'The human heart beats about one hundred thousand times a day.', key: /heart|hundred thousand|times a day/i, kind: 'fact' },
  { text: 'I think this is fascinating.', key: /fascinat|i think/i, kind: 'opinion' },
  { text: 'Mount Everest is eight thousand eight hundred meters high.', key: /everest|eight hundred|meters high/i, kind: 'fact' },
  { text: 'Follow for more facts.', key: /follow|more facts/i, kind: 'call-to-action' },
];

export const AD_SCRIPT: ScriptedSentence[] = [
  { text: 'This cream removes every wrinkle in seven days.', key: /wrinkle|seven days/i, kind: 'ad-claim' },
  { text: 'It is clinically proven by doctors.', key: /clinical|proven/i, kind: 'ad-claim' },
  { text: 'I love how soft my skin feels.', key: /soft|skin feels/i, kind: 'opinion' },
  { text: 'Order yours today with code glow.', key: /order|code/i, kind: 'call-to-action' },
];

/** A clip that says `script` over plain scenes, with a music bed (`beat` unless told) `musicBelowDb` under the speech when given. */
export function scriptClip(script: ScriptedSentence[], musicBelowDb?: number, musicBed?: MusicBed): ClipSpec {
  return {
    scenes: [
      { seconds: 3, source: 'color=c=0x2050a0' },
      { seconds: 3, source: 'color=c=0x603020' },
    ],
    speech: script.map((s) => s.text).join(' '),
    pause: 0.35,
    ...(musicBelowDb !== undefined ? { musicBelowDb } : {}),
    ...(musicBed ? { musicBed } : {}),
  };
}

/** A music bed 12 dB under the voice: "quiet chords", as many reels mix it. */
export const MUSIC_BELOW_DB = 12;

/** A louder bed, 9 dB under the voice: clearly audible, as reels with a song under the voice have it. */
export const LOUD_MUSIC_BELOW_DB = 9;

/** Two facts, about 6 s: the short clip the e2e test says over a loud music bed. */
export const SHORT_FACTS: ScriptedSentence[] = [FACT_SCRIPT[0], FACT_SCRIPT[3]];
