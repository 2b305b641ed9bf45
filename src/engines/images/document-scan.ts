import type { CV, Mat } from '@techstark/opencv-js';
import sharp from 'sharp';
import type { DocumentScan, Point } from './document-scanner.port.js';
import { loadOpenCv } from './opencv.js';

/** Keeps an OpenCV object for deletion when the scan ends (the WebAssembly heap is not garbage-collected). */
type Track = <T extends { delete(): void }>(m: T) => T;

const DETECT_SIDE = 1000;
const OUTPUT_LONG_SIDE = 2048;
/** The page must cover at least this share of the photo. */
const MIN_PAGE_AREA = 0.15;

/**
 * A photographed document made a flat scan: the page outline (largest convex quadrilateral of the
 * edges), a perspective correction to its measured aspect ratio, then even lighting (the image divided by
 * its blurred background) and contrast, as a grayscale PNG with its long side at 2048 px. Without an
 * outline the photo is deskewed (text angle) and cleaned the same way. Runs in a pool thread.
 */
export async function scanDocument(file: string): Promise<DocumentScan> {
  const { cv } = await loadOpenCv();
  const { data, info } = await sharp(file).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const src = cv.matFromArray(info.height, info.width, cv.CV_8UC4, data);
  const mats: Array<{ delete(): void }> = [src];
  const track: Track = (m) => {
    mats.push(m);
    return m;
  };
  try {
    const corners = findPage(cv, src, track);
    let flat: Mat;
    let note: string | undefined;
    if (corners) {
      const ratio = pageAspect(corners, src.cols, src.rows);
      const [ow, oh] =
        ratio >= 1 ? [OUTPUT_LONG_SIDE, Math.round(OUTPUT_LONG_SIDE / ratio)] : [Math.round(OUTPUT_LONG_SIDE * ratio), OUTPUT_LONG_SIDE];
      const from = track(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat()));
      const to = track(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, ow, 0, ow, oh, 0, oh]));
      const m = track(cv.getPerspectiveTransform(from, to));
      flat = track(new cv.Mat());
      cv.warpPerspective(src, flat, m, new cv.Size(ow, oh), cv.INTER_CUBIC, cv.BORDER_REPLICATE);
    } else {
      note = 'no page outline was found: the photo was deskewed and cleaned, not flattened';
      flat = deskew(cv, src, track);
    }
    const clean = evenLighting(cv, flat, track);
    const long = Math.max(clean.cols, clean.rows);
    const png = await sharp(Buffer.from(clean.data), { raw: { width: clean.cols, height: clean.rows, channels: 1 } })
      .resize(
        long === OUTPUT_LONG_SIDE
          ? undefined
          : { width: Math.round((clean.cols * OUTPUT_LONG_SIDE) / long), height: Math.round((clean.rows * OUTPUT_LONG_SIDE) / long) },
      )
      .png()
      .toBuffer({ resolveWithObject: true });
    return {
      png: png.data,
      width: png.info.width,
      height: png.info.height,
      corners: corners?.map(([x, y]) => [Math.round(x), Math.round(y)] as Point) ?? null,
      ...(note ? { note } : {}),
    };
  } finally {
    for (const m of mats) m.delete();
  }
}

/** The largest convex quadrilateral among the edge contours of a downscaled copy, in full-size pixels. */
function findPage(cv: CV, src: Mat, track: Track): Point[] | null {
  const scale = DETECT_SIDE / Math.max(src.cols, src.rows);
  const small = track(new cv.Mat());
  cv.resize(src, small, new cv.Size(Math.round(src.cols * scale), Math.round(src.rows * scale)), 0, 0, cv.INTER_AREA);
  const gray = track(new cv.Mat());
  cv.cvtColor(small, gray, cv.COLOR_RGBA2GRAY);
  cv.GaussianBlur(gray, gray, new cv.Size(5, 5), 0);
  const edges = track(new cv.Mat());
  cv.Canny(gray, edges, 50, 150);
  const kernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5)));
  cv.dilate(edges, edges, kernel);
  const contours = track(new cv.MatVector());
  const hierarchy = track(new cv.Mat());
  cv.findContours(edges, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
  let best: Point[] | null = null;
  let bestArea = MIN_PAGE_AREA * small.cols * small.rows;
  for (let i = 0; i < contours.size(); i++) {
    const c = contours.get(i);
    const approx = new cv.Mat();
    cv.approxPolyDP(c, approx, 0.02 * cv.arcLength(c, true), true);
    const area = Math.abs(cv.contourArea(approx));
    if (approx.rows === 4 && cv.isContourConvex(approx) && area > bestArea) {
      bestArea = area;
      best = Array.from({ length: 4 }, (_, k) => [approx.data32S[k * 2] / scale, approx.data32S[k * 2 + 1] / scale] as Point);
    }
    approx.delete();
    c.delete();
  }
  return best && order(best);
}

/** Common paper shapes (height/width): a measured ratio this close is snapped to the exact one. */
const PAPER = [Math.SQRT2 /* A4, A5 */, 11 / 8.5 /* Letter */, 14 / 8.5 /* Legal */, 1 /* square */];

/**
 * The page's true width/height. Under perspective the photographed sides are foreshortened, so the ratio
 * is recovered from the quadrilateral with the camera's focal length estimated from the same corners
 * (Zhang and He, "Whiteboard scanning and image enhancement", 2007), the principal point taken at the
 * photo's centre; then snapped to a common paper shape when within 4%.
 */
function pageAspect(corners: Point[], width: number, height: number): number {
  const [u0, v0] = [width / 2, height / 2];
  const [tl, tr, br, bl] = corners.map(([x, y]) => [x - u0, y - v0, 1]);
  const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const [m1, m2, m3, m4] = [tl, tr, bl, br];
  const k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3);
  const k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2);
  const n2 = m2.map((v, i) => k2 * v - m1[i]);
  const n3 = m3.map((v, i) => k3 * v - m1[i]);
  const f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2]);
  let ratio: number;
  if (Number.isFinite(f2) && f2 > 0 && Math.abs(n2[2] * n3[2]) > 1e-9) {
    ratio = Math.sqrt((n2[0] ** 2 + n2[1] ** 2) / f2 + n2[2] ** 2) / Math.sqrt((n3[0] ** 2 + n3[1] ** 2) / f2 + n3[2] ** 2);
  } else {
    ratio = Math.hypot(n2[0], n2[1]) / Math.hypot(n3[0], n3[1]); // no perspective to undo: the sides' lengths
  }
  for (const p of PAPER) for (const r of [p, 1 / p]) if (Math.abs(ratio / r - 1) < 0.04) return r;
  return ratio;
}

/** Corners as top-left, top-right, bottom-right, bottom-left. */
function order(points: Point[]): Point[] {
  const bySum = [...points].sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  const byDiff = [...points].sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
  return [bySum[0], byDiff[0], bySum[3], byDiff[3]];
}

/** Rotates the photo so its text lines are level (the angle of the dark pixels' minimum-area rectangle). */
function deskew(cv: CV, src: Mat, track: Track): Mat {
  const gray = track(new cv.Mat());
  cv.cvtColor(src, gray, cv.COLOR_RGBA2GRAY);
  const ink = track(new cv.Mat());
  cv.threshold(gray, ink, 0, 255, cv.THRESH_BINARY_INV + cv.THRESH_OTSU);
  // The ink pixels' coordinates (this OpenCV build has no findNonZero), at most about 20 000 of them.
  const coords: number[] = [];
  const step = Math.max(1, Math.round(Math.sqrt((ink.cols * ink.rows) / 200_000)));
  for (let y = 0; y < ink.rows; y += step) for (let x = 0; x < ink.cols; x += step) if (ink.data[y * ink.cols + x]) coords.push(x, y);
  const points = track(cv.matFromArray(coords.length / 2, 1, cv.CV_32SC2, coords));
  let angle = points.rows > 50 ? cv.minAreaRect(points).angle : 0;
  if (angle > 45) angle -= 90;
  if (angle < -45) angle += 90;
  if (Math.abs(angle) < 0.3) return src;
  const m = track(cv.getRotationMatrix2D(new cv.Point(src.cols / 2, src.rows / 2), angle, 1));
  const out = track(new cv.Mat());
  cv.warpAffine(src, out, m, new cv.Size(src.cols, src.rows), cv.INTER_CUBIC, cv.BORDER_REPLICATE);
  return out;
}

/** Grayscale with shadows and uneven light removed (divided by a heavily blurred copy), then stretched. */
function evenLighting(cv: CV, img: Mat, track: Track): Mat {
  const gray = track(new cv.Mat());
  cv.cvtColor(img, gray, cv.COLOR_RGBA2GRAY);
  const background = track(new cv.Mat());
  const k = Math.max(31, Math.round(Math.max(gray.cols, gray.rows) / 20) | 1);
  cv.GaussianBlur(gray, background, new cv.Size(k, k), 0);
  const even = track(new cv.Mat());
  cv.divide(gray, background, even, 255);
  const out = track(new cv.Mat());
  cv.normalize(even, out, 0, 255, cv.NORM_MINMAX);
  return out;
}
