import { defineStep } from '../step.js';
import { scanDocumentSpec } from './scan-document.spec.js';

export const scanDocumentStep = defineStep<
  { image: string },
  { image_b64: string; mime_type: 'image/png'; width: number; height: number; corners: number[][] | null; note?: string }
>({
  ...scanDocumentSpec,
  async run(input, ctx) {
    const { scanner } = ctx.tools;
    const r = await scanner.scan(input.image, ctx.signal);
    ctx.engine('scan', scanner.name);
    return {
      image_b64: r.png.toString('base64'),
      mime_type: 'image/png',
      width: r.width,
      height: r.height,
      corners: r.corners,
      ...(r.note ? { note: r.note } : {}),
    };
  },
});
