/** An image-generation model that edits a photo following a prompt. */
export interface ImageEditor {
  /** Shown in the job's `engines`. */
  readonly name: string;
  /** The edited image's bytes (PNG, JPEG or WebP, as the service returns them). */
  edit(call: { image: string; mimeType: string; prompt: string; size: '1024x1024'; signal: AbortSignal }): Promise<Buffer>;
}
