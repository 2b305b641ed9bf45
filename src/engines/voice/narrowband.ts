import { fft } from './fft.js';

/**
 * Telephone-band speech: a voice recorded or synthesised at 8 kHz (flite's kal, a phone call, an old clip) has
 * nothing above 4 kHz once resampled to 16 kHz, and the 16 kHz acoustic model, trained on speech with fricatives
 * and bursts up there, hears it as something else. Measured with pocketsphinx on flite's rms and awb said at
 * 8 kHz (the tune half's voices; kal is held out): most words wrong, where the same speech at 16 kHz is read well.
 */

/**
 * Share of the energy above 4 kHz under which 16 kHz audio is telephone-band. Chosen on the tune half's voices
 * through the clips' AAC: flite's rms and awb at 16 kHz have 1.4% and 0.042% (awb's voice is dull up there), said
 * at 8 kHz 0.008% and 0.001%; the bar sits between, a factor of two from each.
 */
export const NARROWBAND_SHARE = 0.0002;

const FRAME = 512;

/** Whether 16 kHz `samples` hold (almost) nothing above 4 kHz while holding sound below it. */
export function isNarrowband(samples: Int16Array): boolean {
  let high = 0;
  let all = 0;
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  for (let at = 0; at + FRAME <= samples.length; at += FRAME) {
    for (let i = 0; i < FRAME; i++) {
      // A Hann window, so a loud low band does not leak into the high one.
      re[i] = samples[at + i] * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 1; k < FRAME / 2; k++) {
      const power = re[k] * re[k] + im[k] * im[k];
      all += power;
      if (k >= FRAME / 4) high += power;
    }
  }
  return all > 0 && high / all < NARROWBAND_SHARE;
}

/**
 * Telephone-band speech given a high band again, in place: each odd sample repeats the even one before it (the
 * 8 kHz signal held for two 16 kHz samples), which mirrors the 0-4 kHz band into 4-8 kHz, softened. The mirror is
 * not the voice's real high band, but it puts energy where the model expects a voice's: on the band-limited rms
 * and awb clips most sentences went from nonsense to nearly every word right.
 */
export function foldNarrowband(samples: Int16Array): void {
  for (let i = 1; i < samples.length; i += 2) samples[i] = samples[i - 1];
}
