import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { voteReading } from './ocr-vote.js';
import { joinSameCaption, type ReadTrack } from './same-caption.js';

const box = (left: number, width: number, top = 290) => ({ left, top, width, height: 10 });
/** One sample's track, read once (a caption over a moving picture starts a track in every sample). */
const track = (sample: number, text: string, b = box(40, 120)): ReadTrack => ({
  region: b,
  samples: [sample],
  boxes: [b],
  readings: [{ lines: [{ text, confidence: 0.9 }], sample }],
});
const texts = (tracks: Array<ReadTrack & { chosen?: ReturnType<typeof voteReading> }>) =>
  tracks.map((t) => (t.chosen ?? voteReading(t.readings)).lines.map((l) => l.text).join(' '));

describe('same caption', () => {
  it('votes on the readings of a caption read sample by sample under a moving camera, wherever the region finder cut it', () => {
    const tracks = [
      track(0, 'Product Designs', box(39, 51)),
      track(1, 'Product Desic', box(39, 36)),
      track(2, 'tt Designer', box(129, 29)),
      track(3, 'Product Designer', box(99, 59)),
      track(4, 'Product Designer', box(69, 89)),
      track(5, 'Product Designer', box(39, 119)),
    ];
    const joined = joinSameCaption(tracks, () => 0);
    assert.deepEqual(texts(joined), ['Product Designer']);
    assert.deepEqual(joined[0].samples, [0, 1, 2, 3, 4, 5]);
  });

  it('drops a word of the vote that no other sample read', () => {
    const joined = joinSameCaption([track(0, 'HOW WE BUILT IT'), track(1, 'HOW WE BUILT IT XQ'), track(2, 'HOW WE BUILT')], () => 0);
    assert.deepEqual(texts(joined), ['HOW WE BUILT IT']);
  });

  it('counts a word another sample read with a mark more as read', () => {
    const joined = joinSameCaption([track(0, 'my life'), track(1, 'this changed my life'), track(2, 'this changéd my life')], () => 0);
    assert.deepEqual(texts(joined), ['this changed my life']);
  });

  it('keeps apart captions that change at one place, other lines, pieces read in one sample, and a cut', () => {
    const pops = joinSameCaption([track(0, 'WAIT'), track(1, 'FOR'), track(2, 'THE'), track(3, 'END')], () => 0);
    assert.equal(pops.length, 4);
    // Two pops of five letters, three of them alike (57387#5): a misreading of one word agrees on more.
    const alike = joinSameCaption(
      [{ ...track(0, 'pasta'), samples: [0, 1], boxes: [box(40, 120), box(40, 120)] }, track(2, 'fatta')],
      () => 0,
    );
    assert.equal(alike.length, 2);
    const lines = joinSameCaption([track(0, 'MEET THE TEAM'), track(1, 'MEET THE TEAM', box(40, 120, 320))], () => 0);
    assert.equal(lines.length, 2);
    const pieces = joinSameCaption([track(0, 'FOLLOW FOR', box(40, 60)), track(0, 'FOR PART TWO', box(110, 60))], () => 0);
    assert.equal(pieces.length, 2);
    const held = (samples: number[], text: string) => ({ ...track(samples[0], text), samples, boxes: samples.map(() => box(40, 120)) });
    const counter = joinSameCaption([held([0, 1, 2], 'STEP 1 OF 3'), held([3, 4, 5], 'STEP 2 OF 3')], () => 0);
    assert.equal(counter.length, 2);
    const cut = joinSameCaption([track(0, 'MEET THE TEAM'), track(1, 'MEET THE TEAM')], (s) => s);
    assert.equal(cut.length, 2);
  });
});
