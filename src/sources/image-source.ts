import { DAMAGED_JPEG, IMAGE_MAX_BYTES, IMAGE_MIN_SIDE, sniffImage } from '../json-schema/image-keyword.js';
import type { MediaProbeDeps } from './media-probe.js';
import { readHead } from './remote-file.js';
import { SourceRefused } from './source-refused.js';

/** Enough of an image for its header: PNG's is in the first bytes, JPEG's after its metadata segments. */
const IMAGE_HEAD_BYTES = 256 * 1024;

/**
 * An image URL, checked before payment: it answers, within the size limit, with a PNG or JPEG header of a usable
 * size. A body of unstated size is read up to one byte past the limit, so one too long (or endless) is refused here.
 */
export async function inspectImage(url: string, deps: Pick<MediaProbeDeps, 'web'>, signal: AbortSignal): Promise<void> {
  const label = 'the image URL';
  const first = await readHead(deps.web, url, IMAGE_HEAD_BYTES, signal, label, { unknownLengthBytes: IMAGE_MAX_BYTES + 1 });
  if (first.status >= 400) throw new SourceRefused(`${label} answered HTTP ${first.status}`);
  const maxMiB = IMAGE_MAX_BYTES / 1024 / 1024;
  if (first.total !== null && first.total > IMAGE_MAX_BYTES) {
    throw new SourceRefused(`${label} serves ${(first.total / 1024 / 1024).toFixed(1)} MiB; the limit is ${maxMiB} MiB`);
  }
  if (first.head.length > IMAGE_MAX_BYTES) throw new SourceRefused(`${label} serves more than ${maxMiB} MiB; the limit is ${maxMiB} MiB`);
  const image = sniffImage(first.head);
  const cutShort = first.total === null || first.head.length < first.total;
  // A JPEG whose size marker lies past the bytes read (large metadata) is checked in full by the job.
  if (image === DAMAGED_JPEG && cutShort) return;
  if (typeof image === 'string') throw new SourceRefused(`${label} does not serve a JPEG or PNG (it serves ${first.mediaType}: ${image})`);
  if (image.width < IMAGE_MIN_SIDE || image.height < IMAGE_MIN_SIDE) {
    throw new SourceRefused(
      `${label} serves a ${image.width}x${image.height} image; at least ${IMAGE_MIN_SIDE}x${IMAGE_MIN_SIDE} is needed`,
    );
  }
}
