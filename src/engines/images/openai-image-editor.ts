import fs from 'node:fs';
import type OpenAI from 'openai';
import type { EnginesConfig } from '../engines.config.js';
import { httpStatusOf } from '../http-status.js';
import { KnownFailure } from '../known-failure.js';
import type { ImageEditor } from './image-editor.port.js';

/** IMAGE_PROVIDER's editor; null for `none`. */
export function createImageEditor(image: EnginesConfig['image']): ImageEditor | null {
  return image.provider === 'openai' ? new OpenAiImageEditor(image) : null;
}

/**
 * Any OpenAI-compatible `/images/edits` endpoint (OpenAI's gpt-image-1 or dall-e-2, or a local server with
 * that API), called with the openai client: multipart photo and prompt, the image back as base64.
 */
export class OpenAiImageEditor implements ImageEditor {
  readonly name: string;
  private client: OpenAI | null = null;

  constructor(private readonly opts: EnginesConfig['image']) {
    this.name = `${opts.model} (OpenAI-compatible images/edits at ${new URL(opts.baseUrl).host})`;
  }

  async edit(call: { image: string; mimeType: string; prompt: string; size: '1024x1024'; signal: AbortSignal }): Promise<Buffer> {
    const { default: OpenAIClient, toFile } = await import('openai');
    this.client ??= new OpenAIClient({
      baseURL: this.opts.baseUrl,
      apiKey: this.opts.apiKey ?? 'not-needed',
      maxRetries: 1,
      timeout: this.opts.timeoutSeconds * 1000,
    });
    let res: OpenAI.ImagesResponse;
    try {
      res = (await this.client.images.edit(
        {
          model: this.opts.model,
          image: await toFile(fs.createReadStream(call.image), call.mimeType === 'image/png' ? 'photo.png' : 'photo.jpg', {
            type: call.mimeType,
          }),
          prompt: call.prompt,
          size: call.size,
          n: 1,
          // dall-e-2 answers with a URL unless asked; gpt-image models always answer base64 and refuse the field.
          ...(this.opts.model.startsWith('dall-e') ? { response_format: 'b64_json' as const } : {}),
        },
        { signal: call.signal },
      )) as OpenAI.ImagesResponse;
    } catch (err) {
      const status = httpStatusOf(err);
      throw new KnownFailure(
        `the image model failed${status ? ` (HTTP ${status})` : ''}: ${String((err as Error).message).split('\n')[0]}`,
        {
          transient: !status || status >= 500 || status === 429,
        },
      );
    }
    const b64 = res.data?.[0]?.b64_json;
    if (!b64) throw new KnownFailure('the image model answered without an image (no data[0].b64_json)');
    return Buffer.from(b64, 'base64');
  }
}
