import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadOpenCv } from '../../src/engines/images/opencv.js';
import { ROOT } from './harness.js';
import { madeWhole } from './made-whole.js';

export const PAGE_LINES = ['INVOICE 2026', 'Fresh pasta delivery', 'Tomatoes and basil', 'Total due 128 dollars'];

/**
 * A photo of a document made at test time: a white page with text (fonts-dejavu-core), warped by a known
 * perspective onto a dark, unevenly lit desk. Returns the JPEG and the page's true corners (TL, TR, BR, BL).
 */
export async function photographedPage(
  corners: Array<[number, number]> = [
    [310, 170],
    [1260, 240],
    [1190, 1080],
    [360, 1010],
  ],
) {
  const out = path.join(ROOT, 'test-artifacts', 'documents', `page-${corners.flat().join('-')}.jpg`);
  if (fs.existsSync(out)) return { file: out, corners };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const [pw, ph] = [850, 1100];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}"><rect width="100%" height="100%" fill="white"/>${PAGE_LINES.map(
    (l, i) => `<text x="70" y="${170 + i * 110}" font-family="DejaVu Sans" font-size="52" fill="black">${l}</text>`,
  ).join('')}</svg>`;
  const page = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  const [W, H] = [1600, 1300];
  const { cv } = await loadOpenCv();
  const src = cv.matFromArray(ph, pw, cv.CV_8UC4, page);
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, pw, 0, pw, ph, 0, ph]);
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat());
  const m = cv.getPerspectiveTransform(from, to);
  const warped = new cv.Mat();
  // A dark desk around the page (border value), then a light gradient across the whole photo.
  cv.warpPerspective(src, warped, m, new cv.Size(W, H), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(60, 45, 35, 255));
  const pixels = Buffer.from(warped.data);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const shade = 0.65 + 0.35 * (x / W);
      const i = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(pixels[i + c] * shade);
    }
  for (const mat of [src, from, to, m, warped]) mat.delete();
  await madeWhole(out, (own) =>
    sharp(pixels, { raw: { width: W, height: H, channels: 4 } })
      .jpeg({ quality: 88 })
      .toFile(own),
  );
  return { file: out, corners };
}
