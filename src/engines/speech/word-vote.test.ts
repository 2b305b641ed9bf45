import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TimedWord } from './speech-to-text.port.js';
import { voteWords } from './word-vote.js';

/** A transcript from text, one word every 0.3 s (the times only show which reading a word came from). */
const heard = (text: string, offset = 0): TimedWord[] =>
  text.split(' ').map((word, i) => ({ word, start: offset + i * 0.3, end: offset + i * 0.3 + 0.25, confidence: 1 }));
const text = (words: TimedWord[]) => words.map((w) => w.word).join(' ');

describe('word vote between readings (ROVER)', () => {
  it('takes, word by word, what most readings heard', () => {
    const voted = voteWords([
      heard('his cream removes every wrinkle in seven days'),
      heard('this cream removes every wrinkle and seven days'),
      heard('this green removes every wrinkle in seven days'),
    ]);
    assert.equal(text(voted), 'this cream removes every wrinkle in seven days');
  });

  it('drops a word only one reading inserted, and keeps one only one reading dropped', () => {
    const voted = voteWords([
      heard('order yours today with the code glow'),
      heard('order yours today with code glow'),
      heard('yours today with code glow'),
    ]);
    assert.equal(text(voted), 'order yours today with code glow');
  });

  it('on a three-way tie keeps the first reading, with its times', () => {
    const voted = voteWords([heard('doctors love it', 10), heard('doctor love it', 20), heard('doctors glove it', 30)]);
    assert.equal(text(voted), 'doctors love it');
    assert.equal(voted[0].start, 10);
  });

  it("gives each voted word the readings' agreement weighed by their confidences", () => {
    const voted = voteWords([heard('doctors love it'), heard('doctor love it'), heard('doctors glove it')]);
    // doctors: two of three readings at 1; love: two of three; it: all three.
    assert.deepEqual(
      voted.map((w) => w.confidence),
      [0.6667, 0.6667, 1],
    );
  });

  it('passes a single reading through, and no readings as no words', () => {
    assert.equal(text(voteWords([heard('follow for more facts')])), 'follow for more facts');
    assert.deepEqual(voteWords([]), []);
  });
});
