/** Otsu's threshold of one channel of `data` (every `channels`-th byte): the level that best splits it in two. */
export function otsu(data: Uint8Array, channels = 1): number {
  const hist = new Array<number>(256).fill(0);
  const n = data.length / channels;
  for (let i = 0; i < data.length; i += channels) hist[data[i]]++;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = n - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      threshold = t + 1;
    }
  }
  return threshold;
}
