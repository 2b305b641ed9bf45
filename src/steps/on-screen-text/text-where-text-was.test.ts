import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextLayer, TextRegion } from '../../imaging/text-layer.js';
import { PROBE_CONFIDENCE } from './ocr.spec.js';
import type { ReadTrack } from './same-caption.js';
import { keptProbes, sureProbe, textWhereTextWas } from './text-where-text-was.js';

const WORD: TextRegion = { left: 140, top: 280, width: 80, height: 30, lightBackground: false, line: 30 };

function layer(regions: TextRegion[] = []): TextLayer {
  return { width: 360, height: 640, scale: 2, sourceWidth: 720, sourceHeight: 1280, mask: new Uint8Array(0), regions };
}

function track(samples: number[], text = 'COFFEE', region = WORD): ReadTrack<TextRegion> {
  return { region, samples, boxes: samples.map(() => region), readings: [{ lines: text ? [{ text, confidence: 0.9 }] : [] }] };
}

describe('text where text was', () => {
  it('reads the samples beside a word read as text, at its place twice as wide, where the finder found nothing', () => {
    const probes = textWhereTextWas([track([2])], [layer(), layer(), layer([WORD]), layer(), layer()], () => 0);
    assert.deepEqual(
      probes.map((p) => [p.samples[0], p.region.left, p.region.width]),
      [
        [1, 100, 160],
        [3, 100, 160],
      ],
    );
  });

  it('makes none where a region read as text was found, across a cut, beside a region read as nothing or one that stays', () => {
    const elsewhere = { ...WORD, left: 150, width: 40 };
    const layers = [layer([WORD]), layer([elsewhere]), layer([elsewhere]), layer([elsewhere])];
    assert.deepEqual(
      textWhereTextWas([track([0]), track([1, 2, 3], 'IN', elsewhere)], layers, () => 0),
      [],
      'the next sample has a region there read as text',
    );
    assert.deepEqual(
      textWhereTextWas([track([2])], [layer(), layer(), layer([WORD])], (s) => (s < 2 ? 0 : 1)),
      [],
      'the sample before is in another scene',
    );
    assert.deepEqual(
      textWhereTextWas([track([1], '')], [layer(), layer([WORD]), layer()], () => 0),
      [],
      'nothing was read',
    );
    const stays = [layer(), layer([WORD]), layer([WORD]), layer([WORD]), layer()];
    assert.deepEqual(
      textWhereTextWas([track([1, 2, 3])], stays, () => 0),
      [],
      'a caption read in three samples stays',
    );
  });

  it('makes one where the region found there read as nothing (a speck of the picture)', () => {
    const speck = { ...WORD, left: 150, width: 10 };
    const probes = textWhereTextWas([track([0]), track([1], '', speck)], [layer([WORD]), layer([speck])], () => 0);
    assert.deepEqual(
      probes.map((p) => [p.samples[0], p.region.left, p.region.width]),
      [[1, 100, 160]],
    );
  });

  it('keeps a box at the frame’s edge inside the frame, and one probe where two tracks would make the same', () => {
    const atEdge = { ...WORD, left: 320, width: 40 };
    const probes = textWhereTextWas([track([1], 'GO', atEdge), track([1], 'GO', atEdge)], [layer(), layer([atEdge])], () => 0);
    assert.deepEqual(
      probes.map((p) => [p.samples[0], p.region.left + p.region.width]),
      [[0, 360]],
    );
  });

  it(`keeps what a probe read only at ${PROBE_CONFIDENCE} mean confidence or more`, () => {
    const read = (confidence: number) => ({ ...track([0]), readings: [{ lines: [{ text: 'IN', confidence }] }] });
    assert.equal(sureProbe(read(0.92)), true);
    assert.equal(sureProbe(read(0.76)), false);
    assert.equal(sureProbe(track([0], '')), false);
  });

  it('keeps a probe that reads a new word, not one that reads a caption its scene already read', () => {
    const read = (text: string, sample: number) => ({ ...track([sample]), readings: [{ lines: [{ text, confidence: 0.92 }] }] });
    const tracks = [read('COFFEE', 2), read('hola a todos', 4)];
    const probes = [read('IN', 3), read('Hola a todo', 5), read('coffee', 1)];
    assert.deepEqual(
      keptProbes(probes, tracks, () => 0).map((p) => p.readings[0].lines[0].text),
      ['IN'],
    );
    assert.deepEqual(keptProbes([read('COFFEE', 3)], tracks, (s) => (s < 3 ? 0 : 1)).length, 1, 'read in another scene');
  });

  it('keeps a probe alike only to lines its scene read less surely than a caption is reported', () => {
    // Caption families seed 16371, clip 13: the pop "A" read by a probe at 0.97 beside "ah" read at 0.51 in the fringe
    // of the fractal behind it.
    const read = (text: string, sample: number, confidence: number) => ({
      ...track([sample]),
      readings: [{ lines: [{ text, confidence }] }],
    });
    const probe = read('A', 2, 0.97);
    assert.deepEqual(
      keptProbes([probe], [read('BUONGIORNO', 1, 0.84), read('ah', 3, 0.51)], () => 0).map((p) => p.readings[0].lines[0].text),
      ['A'],
    );
    assert.deepEqual(
      keptProbes([probe], [read('BUONGIORNO', 1, 0.84), read('ah', 3, 0.75)], () => 0),
      [],
      'read as surely as a caption',
    );
  });
});
