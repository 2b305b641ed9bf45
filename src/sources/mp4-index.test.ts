import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findMp4Index, walkMp4Head } from './mp4-index.js';

/** A top-level box: its 32-bit size, its type, then `body` bytes (zeros). */
const box = (type: string, body: number) => {
  const b = Buffer.alloc(8 + body);
  b.writeUInt32BE(8 + body, 0);
  b.write(type, 4, 'latin1');
  return b;
};
const noRead = async () => assert.fail('nothing past the head is read');

describe('walkMp4Head: the first bytes of an MP4 whose length is not known', () => {
  it('a box that runs past the head is not a truncation: its declared end is where the file goes on to', () => {
    const head = Buffer.concat([box('ftyp', 24), box('moov', 100), box('mdat', 5000)]).subarray(0, 1000);
    assert.deepEqual(walkMp4Head(head), { end: 32 + 108 + 5008, index: { start: 32, size: 108 } });
  });

  it('an index after the media, past the head, is not found there (and the walk says so without refusing)', () => {
    const head = Buffer.concat([box('ftyp', 24), box('mdat', 5000)]).subarray(0, 1000);
    assert.deepEqual(walkMp4Head(head), { end: 32 + 5008, index: null });
  });

  it('damage within the head is an answer', () => {
    const head = Buffer.concat([box('ftyp', 24), Buffer.from([0, 0, 0, 3, 0x6d, 0x64, 0x61, 0x74])]);
    assert.equal(walkMp4Head(head), 'its structure is damaged');
  });
});

describe('findMp4Index: a file of known length', () => {
  it('media data past the true end is a truncation', async () => {
    const head = Buffer.concat([box('ftyp', 24), box('moov', 100), box('mdat', 5000)]);
    assert.match(String(await findMp4Index(head.subarray(0, 1000), 1000, noRead)), /media data runs past the end of the file/);
  });

  it('a fragmented file is indexed by its moov, however many fragments follow', async () => {
    const fragments = Array.from({ length: 100 }, () => [box('moof', 16), box('mdat', 16)]).flat();
    const file = Buffer.concat([box('ftyp', 24), box('moov', 100), ...fragments]);
    assert.deepEqual(await findMp4Index(file, file.length, noRead), { start: 32, size: 108 });
  });
});
