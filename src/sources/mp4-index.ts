/**
 * Where an MP4/MOV file's index (its `moov` box) is, found by walking the top-level box headers (8 or 16 bytes
 * each) from the start, reading only the headers that lie past the bytes already fetched. A plain walk of the
 * container's outer layer (size and type): ffprobe then reads the index itself.
 */

export type ReadRange = (start: number, length: number) => Promise<Buffer>;

export interface BoxSpan {
  start: number;
  size: number;
}

/** The first bytes name a top-level MP4/MOV box (ftyp first, as files are written; some old .mov files start elsewhere). */
export function looksLikeMp4(head: Buffer): boolean {
  return head.length >= 8 && ['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide'].includes(head.toString('latin1', 4, 8));
}

/** The header of the box at file offset `at`, from `bytes` holding the file from offset `base`; null when not held there. */
function boxAt(bytes: Buffer, base: number, at: number, total: number): { type: string; size: number } | null {
  const i = at - base;
  if (i < 0 || i + 8 > bytes.length) return null;
  const type = bytes.toString('latin1', i + 4, i + 8);
  const size32 = bytes.readUInt32BE(i);
  if (size32 === 0) return { type, size: total - at }; // runs to the end of the file
  if (size32 !== 1) return { type, size: size32 };
  return i + 16 <= bytes.length ? { type, size: Number(bytes.readBigUInt64BE(i + 8)) } : null;
}

/**
 * The index's place in a file of `total` bytes whose first bytes are `head`, or why the file cannot be read. Every
 * top-level box is walked, so a file cut short is found whether its index comes first (fast start) or last.
 */
export async function findMp4Index(head: Buffer, total: number, read: ReadRange): Promise<BoxSpan | string> {
  let index: BoxSpan | null = null;
  let at = 0;
  for (let boxes = 0; at < total; boxes++) {
    if (boxes >= 64) return 'it has more top-level boxes than a video file holds';
    const box = boxAt(head, 0, at, total) ?? boxAt(await read(at, 16), at, at, total);
    if (!box || box.size < 8 || !/^[\x20-\x7e]{4}$/.test(box.type)) return 'its structure is damaged';
    if (at + box.size > total) {
      return box.type === 'mdat'
        ? 'its media data runs past the end of the file: the file is truncated'
        : `its '${box.type}' box runs past the end of the file: the file is truncated`;
    }
    if (box.type === 'moov') index = { start: at, size: box.size };
    // A fragmented file: each fragment (moof, then its data) indexes itself after the moov, hundreds of them.
    if (box.type === 'moof' && index) return index;
    at += box.size;
  }
  return index ?? 'it has no index (moov box): the file is truncated or damaged';
}

/** What the first bytes of an MP4/MOV file of unknown length show: where the boxes begun in them end, and its index if whole there. */
export interface Mp4Head {
  /** The end of the last box begun in the head (past the head when that box runs on). */
  end: number;
  /** The index, when it lies wholly within the head. */
  index: BoxSpan | null;
}

/**
 * Walks the top-level boxes that begin within `head`, the first bytes of a file whose length is not known: a box
 * that runs past them is not known to be cut short (the rest may follow), so only damage within the head is an answer.
 */
export function walkMp4Head(head: Buffer): Mp4Head | string {
  let index: BoxSpan | null = null;
  let at = 0;
  for (let boxes = 0; at < head.length; boxes++) {
    if (boxes >= 64) return 'it has more top-level boxes than a video file holds';
    const box = boxAt(head, 0, at, Number.POSITIVE_INFINITY);
    if (!box) break; // a header cut by the head's end
    if (box.size < 8 || !/^[\x20-\x7e]{4}$/.test(box.type)) return 'its structure is damaged';
    if (!Number.isFinite(box.size)) return { end: head.length, index }; // runs to the end of the file, wherever that is
    if (box.type === 'moov' && at + box.size <= head.length) index = { start: at, size: box.size };
    at += box.size;
  }
  return { end: Math.max(at, head.length), index };
}
