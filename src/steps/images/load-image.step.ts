import fs from 'node:fs/promises';
import path from 'node:path';
import { KnownFailure } from '../../engines/known-failure.js';
import { IMAGE_MAX_BYTES, IMAGE_MIN_SIDE, sniffImage } from '../../json-schema/image-keyword.js';
import { devnetSampleFile } from '../shared/devnet-sample.js';
import { download } from '../shared/download.js';
import { defineStep } from '../step.js';
import { loadImageSpec } from './load-image.spec.js';

interface Output {
  path: string;
  mime_type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  bytes: number;
}

export const loadImageStep = defineStep<{ image_b64?: string | null; image_url?: string | null }, Output>({
  ...loadImageSpec,
  async run(input, ctx) {
    const sample = input.image_url ? devnetSampleFile(input.image_url, ctx) : null;
    let bytes: Buffer;
    if (input.image_b64) {
      bytes = Buffer.from(input.image_b64.replace(/^data:image\/[a-z]+;base64,/, ''), 'base64');
    } else if (sample) {
      bytes = await fs.readFile(sample.file);
    } else if (input.image_url) {
      const res = await download(input.image_url, ctx, {
        maxBytes: IMAGE_MAX_BYTES,
        label: 'the image URL',
        tooLarge: `the image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MiB`,
      });
      if (res.status >= 400) throw new KnownFailure(`the image URL answered HTTP ${res.status}`);
      bytes = res.body;
    } else {
      throw new KnownFailure('the request has neither image_b64 nor image_url');
    }
    const image = sniffImage(bytes);
    if (typeof image === 'string') throw new KnownFailure(`the image is unusable: ${image}`);
    if (image.width < IMAGE_MIN_SIDE || image.height < IMAGE_MIN_SIDE)
      throw new KnownFailure(`the image is ${image.width}x${image.height} pixels; at least ${IMAGE_MIN_SIDE}x${IMAGE_MIN_SIDE} is needed`);
    const file = path.join(ctx.workDir, image.type === 'image/png' ? 'input.png' : 'input.jpg');
    await fs.writeFile(file, bytes);
    return { path: file, mime_type: image.type, width: image.width, height: image.height, bytes: bytes.length };
  },
});
