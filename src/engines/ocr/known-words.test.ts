import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { KnownWords } from './known-words.js';

describe('KnownWords', () => {
  let dir: string;
  let words: KnownWords;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'known-words-'));
    const own = /"([^"]+)"/.exec(execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8' }))![1];
    words = await KnownWords.of(path.join(own, 'eng.traineddata'), 'tesseract', dir, new AbortController().signal);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("knows the English model's words in any case, and not words run together", () => {
    assert.deepEqual(
      ['Product', 'EVERY', 'town', 'built', 'a'].filter((w) => !words.has(w)),
      [],
    );
    assert.deepEqual(
      ['BUILTIT', 'intown', 'howwebuiltit', 'recetle', ''].filter((w) => words.has(w)),
      [],
    );
  });

  it('leaves nothing behind in the folder it unpacked the model in', () => {
    assert.deepEqual(fs.readdirSync(dir), []);
  });
});

describe('KnownWords.from', () => {
  it('finds each word of a list, first and last included', () => {
    const list = ['zebra', 'Apple', 'mango', 'apple', 'kiwi'];
    const words = KnownWords.from(list);
    assert.deepEqual(
      list.filter((w) => !words.has(w)),
      [],
    );
    assert.deepEqual(
      ['appl', 'zebras', 'b', 'lime'].filter((w) => words.has(w)),
      [],
    );
  });
});
