import type { ChatModelProvider, StructuredCall } from '../engines/chat/chat-model.port.js';
import { chatMessages } from '../engines/chat/langchain-chat-model.js';

/** One model call as the model would receive it, recorded instead of sent. */
export interface RecordedPrompt {
  /** The steps running when the call was made (the step that asked). */
  steps: string[];
  /** The chat messages, in order: role and text; attached images by file. */
  messages: Array<{ role: string; text: string; images: string[] }>;
  /** The JSON Schema sent for structured output (as the function `result`). */
  schema: Record<string, unknown>;
}

/** Thrown by the recorder in place of an answer: the run stops at the first model call of each step. */
export class PromptPreviewStop extends Error {
  /** A client error, so the step does not retry it as a transient failure. */
  readonly status = 400;
  constructor() {
    super('prompt preview: the model was not called');
  }
}

/**
 * A chat model that records what it is asked and never calls a model: `vidint run --prompt-only`. The
 * messages are built by the same code the real providers use, so the preview is what they would send.
 */
export class PromptRecorder implements ChatModelProvider {
  readonly name = 'prompt preview (no model called)';
  readonly prompts: RecordedPrompt[] = [];

  constructor(
    readonly vision: boolean,
    private readonly runningSteps: () => string[],
  ) {}

  async structured(call: StructuredCall): Promise<unknown> {
    if (!this.prompts.some((p) => p.messages[0]?.text === call.prompt)) {
      let image = 0;
      const messages = (await chatMessages(call)).map((m) => ({
        role: m.getType(),
        ...describeContent(m.content, () => call.images?.[image++] ?? '?'),
      }));
      this.prompts.push({ steps: this.runningSteps(), messages, schema: call.schema });
    }
    throw new PromptPreviewStop();
  }
}

/** A message's text, and its images named by the file each was read from (not their base64). */
function describeContent(content: unknown, nextImageFile: () => string): { text: string; images: string[] } {
  if (typeof content === 'string') return { text: content, images: [] };
  const parts = content as Array<{ type: string; text?: string }>;
  return {
    text: parts
      .filter((p) => p.type === 'text')
      .map((p) => p.text)
      .join('\n'),
    images: parts.filter((p) => p.type === 'image_url').map(nextImageFile),
  };
}
