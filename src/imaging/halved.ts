/**
 * The mean of each 2 x 2 block of a `w` x `h` image of `channels` bytes a pixel, rounded (an odd last row or column is
 * dropped). By hand: sharp's resize is asynchronous and copies the frame in and out for a fraction of a millisecond of work.
 */
export function halved(src: Uint8Array, w: number, h: number, channels: number): Uint8Array {
  const [hw, hh] = [w >> 1, h >> 1];
  const out = new Uint8Array(hw * hh * channels);
  for (let y = 0; y < hh; y++)
    for (let x = 0; x < hw; x++)
      for (let c = 0; c < channels; c++) {
        const i = (2 * y * w + 2 * x) * channels + c;
        const j = i + w * channels;
        out[(y * hw + x) * channels + c] = (src[i] + src[i + channels] + src[j] + src[j + channels] + 2) >> 2;
      }
  return out;
}
