import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { decodeInBatch, logsByUtterance, wordsOfCtm } from './pocketsphinx-batch.js';

describe('many pieces through one pocketsphinx_batch process', () => {
  it("reads the engine's CTM: words per utterance, markers and pronunciation numbers dropped", () => {
    const ctm = 'a 1 0.98 0.41 welcome 0.749\na 1 1.40 0.20 <sil> 1.000\nb 1 0.56 0.23 will(2) 0.729\nb 1 0.80 0.10 [NOISE] 0.5\n';
    assert.deepEqual(Object.fromEntries(wordsOfCtm(ctm)), {
      a: [{ word: 'welcome', start: 0.98, end: 1.39, confidence: 0.749 }],
      b: [{ word: 'will', start: 0.56, end: 0.79, confidence: 0.729 }],
    });
    const log = "INFO: batch.c(729): Decoding 'a'\nword start\nINFO: batch.c(729): Decoding 'b'\nother\n";
    assert.deepEqual(Object.fromEntries(logsByUtterance(log)), { a: 'word start', b: 'other\n' });
  });

  it('hears a piece the same alone and after other pieces, at its times in the file, with its words and fit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pocketsphinx-batch-'));
    try {
      const wav = (name: string, text: string) => {
        execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', path.join(dir, `${name}.raw.wav`)]);
        execFileSync('ffmpeg', [
          '-v',
          'error',
          '-i',
          path.join(dir, `${name}.raw.wav`),
          '-ar',
          '16000',
          '-ac',
          '1',
          path.join(dir, `${name}.wav`),
        ]);
        return path.join(dir, `${name}.wav`);
      };
      const first = wav('first', 'Welcome back to the kitchen. Boil a big pot of salted water.');
      const other = wav('other', 'Stop scrolling for a second. This blender crushes ice in ten seconds.');
      const split = 2.8;
      const signal = new AbortController().signal;
      const second = { id: 'second', file: first, from: split, to: 6 };
      const alone = await decodeInBatch('pocketsphinx_batch', [second], [], path.join(dir, 'alone'), signal);
      const after = await decodeInBatch(
        'pocketsphinx_batch',
        [{ id: 'other', file: other, from: 0, to: 5 }, { id: 'first', file: first, from: 0, to: split }, second],
        [],
        path.join(dir, 'after'),
        signal,
      );
      const heard = alone.get('second');
      assert.ok(heard && heard.words.length >= 4, JSON.stringify(heard));
      assert.deepEqual(after.get('second'), heard);
      assert.match(heard.words.map((w) => w.word).join(' '), /salted water/);
      assert.ok(heard.words.every((w) => w.start >= split && w.end <= 6 && w.confidence !== undefined));
      assert.ok(heard.fit.frames > 0 && heard.fit.score / heard.fit.frames > -4.4, JSON.stringify(heard.fit));
      assert.match(
        after
          .get('first')
          ?.words.map((w) => w.word)
          .join(' ') ?? '',
        /kitchen/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
