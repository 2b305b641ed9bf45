import fs from 'node:fs/promises';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage, ContentBlock } from '@langchain/core/messages';
import type { EnginesConfig } from '../engines.config.js';
import type { ChatModelProvider, StructuredCall } from './chat-model.port.js';

/** Builds the LangChain chat model of LLM_PROVIDER; null for `none`. Provider packages load on demand. */
export function createChatModelProvider(llm: EnginesConfig['llm']): ChatModelProvider | null {
  if (llm.provider === 'none') return null;
  let model: Promise<BaseChatModel> | null = null;
  const load = () => (model ??= buildModel(llm));
  return {
    name: `${llm.provider} ${llm.model}`,
    vision: llm.vision,
    async structured(call) {
      const runnable = (await load()).withStructuredOutput(call.schema, { name: 'result' });
      return runnable.invoke(await chatMessages(call), { signal: call.signal });
    },
  };
}

async function buildModel(llm: EnginesConfig['llm']): Promise<BaseChatModel> {
  const timeout = llm.timeoutSeconds * 1000;
  switch (llm.provider) {
    case 'openai':
    case 'openai-compatible': {
      const { ChatOpenAI } = await import('@langchain/openai');
      return new ChatOpenAI({
        model: llm.model!,
        apiKey: llm.apiKey ?? 'not-needed',
        timeout,
        maxRetries: 1,
        temperature: 0,
        ...(llm.baseUrl ? { configuration: { baseURL: llm.baseUrl } } : {}),
      });
    }
    case 'anthropic': {
      const { ChatAnthropic } = await import('@langchain/anthropic');
      return new ChatAnthropic({
        model: llm.model!,
        apiKey: llm.apiKey!,
        maxRetries: 1,
        temperature: 0,
        ...(llm.baseUrl ? { anthropicApiUrl: llm.baseUrl } : {}),
      });
    }
    case 'google': {
      const { ChatGoogleGenerativeAI } = await import('@langchain/google-genai');
      return new ChatGoogleGenerativeAI({ model: llm.model!, apiKey: llm.apiKey!, maxRetries: 1, temperature: 0 });
    }
    case 'ollama': {
      const { ChatOllama } = await import('@langchain/ollama');
      return new ChatOllama({ model: llm.model!, temperature: 0, ...(llm.baseUrl ? { baseUrl: llm.baseUrl } : {}) });
    }
    default:
      throw new Error(`unknown LLM provider ${llm.provider}`);
  }
}

/** The messages a structured call sends: the prompt with its images, then the repair turn when there is one. */
export async function chatMessages(call: StructuredCall): Promise<BaseMessage[]> {
  const { AIMessage, HumanMessage } = await import('@langchain/core/messages');
  const content: ContentBlock[] = [{ type: 'text', text: call.prompt }];
  for (const image of call.images ?? []) {
    const data = await fs.readFile(image);
    const mime = image.endsWith('.png') ? 'image/png' : 'image/jpeg';
    content.push({ type: 'image_url', image_url: { url: `data:${mime};base64,${data.toString('base64')}` } });
  }
  const list: BaseMessage[] = [new HumanMessage({ content })];
  if (call.repair) {
    list.push(new AIMessage(JSON.stringify(call.repair.answer)));
    list.push(
      new HumanMessage(
        `Your answer does not match the required JSON schema:\n- ${call.repair.errors.join('\n- ')}\nAnswer again with the whole corrected JSON object only.`,
      ),
    );
  }
  return list;
}
