import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { channelLevels, channelWeights, downmixFilter, placementFilters } from './audio-mix.js';

describe('audio mix: channels weighed by their speech-band power, tracks placed on the picture', () => {
  it('a voice alone on the centre of 5.1 keeps its whole level; the silent channels count for nothing', () => {
    assert.deepEqual(channelWeights([-Infinity, -Infinity, -27, -Infinity, -Infinity, -Infinity]), [0, 0, 1, 0, 0, 0]);
  });

  it('identical channels mix to themselves, and a louder channel weighs more, the weights adding up to 1', () => {
    assert.deepEqual(channelWeights([-20, -20]), [0.5, 0.5]);
    const [loud, quiet] = channelWeights([-20, -30]);
    assert.ok(Math.abs(loud - 10 / 11) < 1e-9 && Math.abs(quiet - 1 / 11) < 1e-9, `${loud} ${quiet}`);
  });

  it('a silent track mixes evenly', () => {
    assert.deepEqual(channelWeights([-Infinity, -Infinity]), [0.5, 0.5]);
  });

  it("reads ffmpeg's per-channel RMS levels, silent channels as -Infinity, and writes the pan filter", () => {
    const stderr =
      '[Parsed_astats_2 @ 0x1] Channel: 1\n[Parsed_astats_2 @ 0x1] RMS level dB: -inf\n[Parsed_astats_2 @ 0x1] Channel: 2\n[Parsed_astats_2 @ 0x1] RMS level dB: -27.085037\n';
    assert.deepEqual(channelLevels(stderr), [-Infinity, -27.085037]);
    assert.equal(downmixFilter([0, 1]), 'pan=mono|c0=0.000000*c0+1.000000*c1');
  });

  it('a track starting late is preceded by silence; one starting early loses what comes before the picture', () => {
    assert.deepEqual(placementFilters(8), ['aresample=async=1', 'adelay=delays=8000:all=1']);
    assert.deepEqual(placementFilters(-0.5), ['aresample=async=1', 'atrim=start=0.5', 'asetpts=PTS-STARTPTS']);
    assert.deepEqual(placementFilters(0), ['aresample=async=1']);
  });
});
