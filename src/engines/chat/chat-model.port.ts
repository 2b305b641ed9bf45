export interface StructuredCall {
  prompt: string;
  schema: Record<string, unknown>;
  /** JPEG/PNG files attached as images (vision models). */
  images?: string[];
  /** An earlier answer and why it was refused: the model is asked to correct it. */
  repair?: { answer: unknown; errors: string[] };
  signal: AbortSignal;
}

/** The configured chat model, asked for JSON that follows a schema. */
export interface ChatModelProvider {
  /** Shown in the job's `engines`, e.g. "openai gpt-4o-mini". */
  readonly name: string;
  readonly vision: boolean;
  structured(call: StructuredCall): Promise<unknown>;
}
