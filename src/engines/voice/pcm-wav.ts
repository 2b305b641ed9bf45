import fs from 'node:fs';

/**
 * A WAV file of 16-bit PCM as ffmpeg writes it (RIFF, `fmt `, maybe `LIST`, `data`), read in the process: its
 * duration, its samples and the pieces the engine decodes are a header and a byte range, and each ffmpeg process
 * that worked them out cost about 75 ms of CPU to start (215 shared libraries) on the speech step's critical path.
 */
export interface PcmWav {
  rate: number;
  channels: number;
  /** Everything before the samples, kept so a piece carries the same header bytes as the file it was cut from. */
  header: Buffer;
  /** The samples' bytes (16-bit little-endian, interleaved). */
  data: Buffer;
}

/** The file as 16-bit PCM, or null when it is not such a WAV (another sample format, a truncated header). */
export function readPcmWav(file: string): PcmWav | null {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let format: { tag: number; channels: number; rate: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      format = {
        tag: bytes.readUInt16LE(body),
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    }
    if (id === 'data') {
      if (format?.tag !== 1 || format.bits !== 16 || format.channels < 1) return null;
      // A stream still being written says 0 or more than it holds: the samples are what the file holds.
      const end = size && body + size <= bytes.length ? body + size : bytes.length;
      const whole = end - ((end - body) % (2 * format.channels));
      return { rate: format.rate, channels: format.channels, header: bytes.subarray(0, body), data: bytes.subarray(body, whole) };
    }
    at = body + size + (size & 1);
  }
  return null;
}

/** Seconds of audio the file holds. */
export function wavSeconds(wav: PcmWav): number {
  return wav.data.length / (2 * wav.channels) / wav.rate;
}

/**
 * The stretch of `wav` from `from` seconds for `length` seconds as `ffmpeg -ss FROM -t LENGTH -i SOURCE -c copy` cut it:
 * from the sample nearest `from`, in blocks of 4096 bytes (ffmpeg's WAV packets) until a block starts at or after
 * `length`, so it can end up to a block past it. The engine's pieces were measured so; the extra is silence (a piece
 * ends in the middle of one).
 */
export function copiedStretch(wav: PcmWav, from: number, length: number): Buffer {
  const frame = 2 * wav.channels;
  const block = Math.floor(4096 / frame) * frame;
  const start = startOf(wav, from);
  const blocks = Math.ceil(microseconds(length) / (((block / frame) * 1e6) / wav.rate));
  return wav.data.subarray(start, Math.min(wav.data.length, start + blocks * block));
}

/** The stretch as ffmpeg's decoding cut it (`-ss FROM -t LENGTH` before a filter): the samples nearest both ends. */
export function decodedStretch(wav: PcmWav, from: number, length: number): Buffer {
  const start = startOf(wav, from);
  return wav.data.subarray(start, Math.min(wav.data.length, start + samplesIn(wav, length) * 2 * wav.channels));
}

/** `seconds` of digital silence in the file's format (ffmpeg's anullsrc). */
export function silence(wav: PcmWav, seconds: number): Buffer {
  return Buffer.alloc(samplesIn(wav, seconds) * 2 * wav.channels);
}

/** `parts` one after another as a WAV file with the header of `wav` (its sizes set anew), as ffmpeg wrote it. */
export function writeWav(wav: PcmWav, parts: Buffer[], out: string): void {
  const header = Buffer.from(wav.header);
  const size = parts.reduce((n, p) => n + p.length, 0);
  header.writeUInt32LE(header.length - 8 + size, 4);
  header.writeUInt32LE(size, header.length - 4);
  fs.writeFileSync(out, Buffer.concat([header, ...parts]));
}

/** The byte the sample nearest `seconds` starts at (at most the end). */
function startOf(wav: PcmWav, seconds: number): number {
  return Math.min(wav.data.length, samplesIn(wav, seconds) * 2 * wav.channels);
}

/** Samples (per channel) in `seconds`, rounded to the nearest as ffmpeg rescales a time. */
function samplesIn(wav: PcmWav, seconds: number): number {
  return Math.round((microseconds(seconds) * wav.rate) / 1e6);
}

/** A time in whole microseconds as ffmpeg reads it from the argument `String(seconds)` (digits past the sixth dropped). */
function microseconds(seconds: number): number {
  const text = String(seconds);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return Math.floor(seconds * 1e6);
  return Number(m[1]) * 1e6 + Number((m[2] ?? '').slice(0, 6).padEnd(6, '0'));
}
