import sharp, { type Sharp } from 'sharp';
import type { Face, Photo } from './faces.js';
import { mix, type Rgb } from './rgb.js';

export const PORTRAIT_SIZE = 1024;
/** Where the face's centre sits in the frame: centred across, a little above the middle (head-and-shoulders). */
export const FACE_CENTRE = { x: 0.5, y: 0.42 };

/** A person's alpha mask (one byte per pixel, 255 = person) from raw RGB pixels. */
type Segment = (rgb: Buffer, width: number, height: number) => Promise<Buffer>;

export interface PortraitStyle {
  backdrop: Rgb;
  tint: Rgb;
}

/**
 * An editorial head-and-shoulders portrait, composed offline: a square frame around the face, the person cut
 * out with `segment` (a person segmentation engine) and set on a studio backdrop (a lit sweep of the palette colour),
 * then graded (contrast, a tint towards the palette), lit from the upper left, vignetted and grained.
 * Deterministic for the same input. Returns a 1024x1024 JPEG.
 */
export async function composePortrait(photo: Photo, face: Face, style: PortraitStyle, segment: Segment): Promise<Buffer> {
  const { rgb, width, height } = photo;
  const frame = frameAround(face, height);

  // The model looks at 256x256: segment a copy at most 512 px on its long side, then scale the mask up.
  const scale = Math.min(1, 512 / Math.max(width, height));
  const sw = Math.max(1, Math.round(width * scale));
  const sh = Math.max(1, Math.round(height * scale));
  const small =
    scale < 1
      ? await sharp(rgb, { raw: { width, height, channels: 3 } })
          .resize(sw, sh)
          .raw()
          .toBuffer()
      : rgb;
  const smallMask = await segment(small, sw, sh);
  const mask = await sharp(smallMask, { raw: { width: sw, height: sh, channels: 1 } })
    .resize(width, height, { kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();

  const subject = await cropSquare(rgb, width, height, 3, frame);
  const alpha = await cropSquare(mask, width, height, 1, frame, 1.2);
  return grade(subject, alpha, style);
}

interface Frame {
  left: number;
  top: number;
  size: number;
}

/**
 * The square crop: about three face heights tall (head and shoulders), the face at FACE_CENTRE. It may reach
 * past the photo's top and sides (the backdrop fills those), but shrinks, down to 1.6 face heights, rather
 * than cut the body off above the photo's bottom edge.
 */
export function frameAround(face: Face, height: number): Frame {
  const [bx, by, bw, bh] = face.box;
  const cx = bx + bw / 2;
  const cy = by + bh / 2;
  const fitsBelow = (height - cy) / (1 - FACE_CENTRE.y);
  const size = Math.round(Math.max(1.6 * bh, Math.min(3 * bh, fitsBelow)));
  return { left: Math.round(cx - size * FACE_CENTRE.x), top: Math.round(cy - size * FACE_CENTRE.y), size };
}

/** The frame cut from raw pixels (outside the photo: zeros), at PORTRAIT_SIZE; `blur` feathers a mask. */
async function cropSquare(raw: Buffer, width: number, height: number, channels: 1 | 3, f: Frame, blur?: number): Promise<Buffer> {
  const pad = {
    top: Math.max(0, -f.top),
    left: Math.max(0, -f.left),
    bottom: Math.max(0, f.top + f.size - height),
    right: Math.max(0, f.left + f.size - width),
  };
  // sharp runs extract before extend within one pipeline: extend first, into raw pixels. (sharp turns one
  // channel into three on output unless told to keep just one.)
  const keep = (img: Sharp) => (channels === 1 ? img.extractChannel(0) : img);
  const padded = await keep(sharp(raw, { raw: { width, height, channels } }).extend({ ...pad, background: { r: 0, g: 0, b: 0 } }))
    .raw()
    .toBuffer();
  const pw = width + pad.left + pad.right;
  const ph = height + pad.top + pad.bottom;
  let img = sharp(padded, { raw: { width: pw, height: ph, channels } })
    .extract({ left: f.left + pad.left, top: f.top + pad.top, width: f.size, height: f.size })
    .resize(PORTRAIT_SIZE, PORTRAIT_SIZE, { kernel: 'lanczos3' });
  if (blur) img = img.blur(blur);
  return keep(img).raw().toBuffer();
}

/** Backdrop, composite, grade, key light, vignette and grain in one pass over the pixels. */
async function grade(subject: Buffer, alpha: Buffer, style: PortraitStyle): Promise<Buffer> {
  const n = PORTRAIT_SIZE;
  const out = Buffer.alloc(n * n * 3);
  const lit = mix(style.backdrop, [255, 255, 255], 0.18); // the sweep is brighter behind the head
  const shade = mix(style.backdrop, [0, 0, 0], 0.35);
  let seed = 0x9e3779b9; // grain from a fixed seed: the same photo always gives the same portrait
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) / 0xffffffff - 0.5) * 2;
  };
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const dx = x / n - 0.5;
      const dy = y / n - 0.38;
      const r = Math.sqrt(dx * dx + dy * dy);
      const sweep = Math.min(1, r / 0.75);
      // The model's soft edge drags a rim of the old background along: tighten it.
      const a = Math.min(1, Math.max(0, (alpha[i] / 255 - 0.2) / 0.6));
      const vignette = 1 - 0.32 * Math.min(1, Math.sqrt(dx * dx + (y / n - 0.5) ** 2) / 0.72) ** 2.2;
      const key = 1.06 - 0.12 * (x / n) - 0.06 * (y / n); // soft light from the upper left
      const grain = noise() * 5;
      for (let c = 0; c < 3; c++) {
        const bg = lit[c] + (shade[c] - lit[c]) * sweep;
        // Editorial grade: an S-curve on the subject and a 12% pull towards the palette's tint.
        const s = subject[i * 3 + c] / 255;
        const curved = s < 0.5 ? 2 * s * s : 1 - 2 * (1 - s) * (1 - s);
        const graded = (0.55 * s + 0.45 * curved) * 255 * 0.88 + style.tint[c] * 0.12;
        const v = (bg * (1 - a) + graded * key * a) * vignette + grain;
        out[i * 3 + c] = v < 0 ? 0 : Math.min(v, 255);
      }
    }
  }
  return sharp(out, { raw: { width: n, height: n, channels: 3 } })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
