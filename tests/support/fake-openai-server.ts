/**
 * A local server speaking the OpenAI chat-completions protocol, for tests (no network). Point
 * AI_BASE_URL at `server.url` (it ends in /v1). Each POST /v1/chat/completions takes the next
 * scripted reply from the queue (or the fallback when the queue is empty) and is recorded.
 *
 * Replies:
 * - `{ text }`: an assistant message. Streamed (`stream: true`) as SSE `data: {chunk}` lines, one
 *   per entry of `chunks` (default: the text in pieces of about 8 characters), then a last chunk with
 *   finish_reason 'stop' and `data: [DONE]`; otherwise one chat.completion object.
 * - `{ toolCalls: [{ name, arguments, id? }] }`: the model asks for tools (finish_reason
 *   'tool_calls'). Streamed as the API does: the id, type and name in the first delta of each call,
 *   its arguments string in two later deltas; non-streamed as message.tool_calls.
 * - `{ error: { status, message?, code? } }`: an HTTP error with OpenAI's error body.
 * - `{ cut: true }` (streaming only): starts the stream, sends one content chunk, then destroys the
 *   connection without [DONE].
 * - a function `(request) => reply`: decides from the request (e.g. reads the tool results in
 *   request.body.messages).
 * `chunkDelayMs` (per reply or per server) waits between streamed chunks, so a test can see an
 * answer arrive in pieces.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeToolCall {
  name: string;
  /** An object (sent as its JSON) or the raw arguments string (to test malformed arguments). */
  arguments: unknown;
  id?: string;
}

export type FakeReplyValue =
  | { text: string; chunks?: string[]; chunkDelayMs?: number }
  | { toolCalls: FakeToolCall[]; chunkDelayMs?: number }
  | { error: { status: number; message?: string; code?: string } }
  | { cut: true };

export type FakeReply = FakeReplyValue | ((request: RecordedRequest) => FakeReplyValue);

/** A chat-completions message as received (the subset tests read). */
export interface RecordedMessage {
  role: 'system' | 'user' | 'assistant' | 'tool' | 'developer';
  content?: string | null | unknown[];
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (model, messages, tools, stream ...). */
  body: {
    model?: string;
    stream?: boolean;
    messages: RecordedMessage[];
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
    [key: string]: unknown;
  };
}

export interface FakeOpenAiServer {
  /** Base URL for AI_BASE_URL, e.g. http://127.0.0.1:41234/v1. */
  url: string;
  /** Every chat-completions request, in order. */
  requests: RecordedRequest[];
  /** Adds replies to the end of the queue. */
  enqueue(...replies: FakeReply[]): void;
  /** The reply used when the queue is empty (default: a 500 error 'No scripted reply'). */
  setFallback(reply: FakeReply): void;
  /** Empties the queue and the recorded requests, and restores the default fallback. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  /** Default wait between streamed chunks (0). */
  chunkDelayMs?: number;
}

const NO_REPLY: FakeReplyValue = { error: { status: 500, message: 'No scripted reply' } };

/** Splits text into pieces of about `size` characters (never inside a surrogate pair). */
export function splitText(text: string, size = 8): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces.length ? pieces : [''];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeOpenAiServer(options: FakeOpenAiOptions = {}): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback: FakeReply = NO_REPLY;
  let counter = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && /\/models$/.test(path)) {
      sendJson(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'tests' }] });
      return;
    }
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(path)) {
      sendJson(res, 404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } });
      return;
    }
    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(await readBody(req)) as RecordedRequest['body'];
    } catch {
      sendJson(res, 400, { error: { message: 'Invalid JSON', type: 'invalid_request_error' } });
      return;
    }
    const request: RecordedRequest = { method: req.method, path, headers: req.headers, body };
    requests.push(request);
    const next = queue.shift() ?? fallback;
    const reply = typeof next === 'function' ? next(request) : next;
    counter += 1;
    const id = `chatcmpl-fake-${counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'fake-model';

    if ('error' in reply) {
      sendJson(res, reply.error.status, {
        error: { message: reply.error.message ?? 'Fake model error', type: 'server_error', code: reply.error.code ?? null },
      });
      return;
    }
    const toolCalls =
      'toolCalls' in reply
        ? reply.toolCalls.map((call, i) => ({
            id: call.id ?? `call_${counter}_${i}`,
            type: 'function' as const,
            function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
          }))
        : null;

    if (!body.stream) {
      if ('cut' in reply) {
        req.socket.destroy();
        return;
      }
      const message = toolCalls
        ? { role: 'assistant', content: null, tool_calls: toolCalls, refusal: null }
        : { role: 'assistant', content: (reply as { text: string }).text, refusal: null };
      sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: toolCalls ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const delay = ('chunkDelayMs' in reply ? reply.chunkDelayMs : undefined) ?? options.chunkDelayMs ?? 0;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    const write = async (text: string) => {
      res.write(text);
      if (delay > 0) await sleep(delay);
    };
    await write(chunk({ role: 'assistant', content: '' }));
    if ('cut' in reply) {
      await write(chunk({ content: 'Partial ' }));
      req.socket.destroy();
      return;
    }
    if (toolCalls) {
      for (const [index, call] of toolCalls.entries()) {
        await write(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
        const args = call.function.arguments;
        const half = Math.ceil(args.length / 2);
        await write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }));
        await write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
      }
      await write(chunk({}, 'tool_calls'));
    } else {
      const text = reply as { text: string; chunks?: string[] };
      for (const piece of text.chunks ?? splitText(text.text)) await write(chunk({ content: piece }));
      await write(chunk({}, 'stop'));
    }
    res.end('data: [DONE]\n\n');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), type: 'server_error' } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setFallback: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = NO_REPLY;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
