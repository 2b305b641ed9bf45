import http from 'node:http';

/** One scripted answer: the JSON object the "model" returns, or an HTTP error. */
export type ScriptedAnswer = { json: unknown } | { status: number; message: string };

export interface OpenAiServer {
  /** Base URL to configure, ending in /v1. */
  url: string;
  /** Chat requests received (parsed bodies), in order. */
  chatRequests: any[];
  /** Transcription requests received: the multipart form fields (file sizes instead of bytes). */
  transcriptionRequests: Array<Record<string, string | number>>;
  /** Answers to give, consumed in order; the last one repeats. */
  answers: ScriptedAnswer[];
  /** The verbose_json the transcription endpoint returns. */
  transcription: unknown;
  /** Image edit requests received: the multipart form fields (file sizes instead of bytes). */
  imageEditRequests: Array<Record<string, string | number>>;
  /** What the images/edits endpoint answers: image bytes (sent as b64_json), or an HTTP error. */
  imageEdit: { image: Buffer } | { status: number; message: string } | null;
  close(): Promise<void>;
}

/**
 * A local server speaking the OpenAI HTTP API (chat completions, with structured output through
 * `response_format` or tool calls, audio transcriptions and image edits), so tests call it through the real
 * LangChain and openai clients. No model runs: answers are scripted by the test.
 */
export async function startOpenAiServer(): Promise<OpenAiServer> {
  const state: Omit<OpenAiServer, 'close' | 'url'> & { url: string } = {
    url: '',
    chatRequests: [],
    transcriptionRequests: [],
    answers: [],
    transcription: null,
    imageEditRequests: [],
    imageEdit: null,
  };
  let served = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

    if (req.url === '/v1/chat/completions') {
      const body = JSON.parse(raw.toString('utf8'));
      state.chatRequests.push(body);
      served++;
      const [status, answer] = chatCompletion(body, state.answers, served);
      return send(status, answer);
    }
    if (req.url === '/v1/audio/transcriptions') {
      state.transcriptionRequests.push(parseMultipart(raw, String(req.headers['content-type'])));
      return send(200, state.transcription);
    }
    if (req.url === '/v1/images/edits') {
      state.imageEditRequests.push(parseMultipart(raw, String(req.headers['content-type'])));
      const answer = state.imageEdit;
      if (!answer) return send(500, { error: { message: 'no scripted image', type: 'server_error' } });
      if ('status' in answer) return send(answer.status, { error: { message: answer.message, type: 'invalid_request_error' } });
      return send(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: answer.image.toString('base64') }] });
    }
    send(404, { error: { message: `no route ${req.url}` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return Object.assign(state, { close });
}

/** The next scripted answer to a chat request, as the API sends it: a message, or a tool call when tools were given. */
function chatCompletion(body: any, answers: ScriptedAnswer[], served: number): [number, unknown] {
  const answer = answers.length > 1 ? answers.shift() : answers[0];
  if (!answer) return [500, { error: { message: 'no scripted answer', type: 'server_error' } }];
  if ('status' in answer) return [answer.status, { error: { message: answer.message, type: 'invalid_request_error' } }];
  const content = JSON.stringify(answer.json);
  const tool = body.tools?.[0]?.function?.name;
  const message = tool
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: `call_${served}`, type: 'function', function: { name: tool, arguments: content } }],
      }
    : { role: 'assistant', content };
  return [
    200,
    {
      id: `chatcmpl-${served}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, finish_reason: tool ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  ];
}

/** The fields of a multipart/form-data body; a file field becomes its size in bytes. */
function parseMultipart(raw: Buffer, type: string): Record<string, string | number> {
  const boundary = /boundary=([^;]+)/.exec(type)?.[1];
  const out: Record<string, string | number> = {};
  if (!boundary) return out;
  for (const part of raw.toString('latin1').split(`--${boundary}`)) {
    const m = /name="([^"]+)"(?:; filename="[^"]*")?[\s\S]*?\r\n\r\n([\s\S]*)\r\n$/.exec(part);
    if (!m) continue;
    const isFile = /filename="/.test(part);
    const key = m[1];
    const value = isFile ? Buffer.byteLength(m[2], 'latin1') : m[2];
    out[key] = key in out && typeof out[key] === 'string' ? `${out[key]},${value}` : value;
  }
  return out;
}
