import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The model behind the real TYPO3 in the tests: a small server on the loopback that speaks the two APIs
 * nr-llm's providers use — Ollama's `/api/chat` (with and without `"stream": true`, tool calls) and the
 * OpenAI chat completions under `/v1` (the vision service's provider: images as `image_url` parts).
 *
 * Each test scripts what the model says (answers, chunks and their pacing, tool calls, delays, errors,
 * silence) and reads back every request it received, with when its connection ended: that log is the
 * proof of what reached the model and of what nr-llm did with the connection (Stop closing a stream).
 */
export interface ScriptedReply {
  /** Only requests whose text (messages and tools, as JSON) contains this; the first match answers. */
  readonly when?: string;
  /** The answer; a streamed request gets it in `chunks` when given, else word by word. */
  readonly content?: string;
  readonly chunks?: readonly string[];
  /** Pause between streamed chunks. */
  readonly chunkDelayMs?: number;
  /** Pause before the first byte. */
  readonly delayMs?: number;
  /** The model asks for tools (unstreamed requests only, as nr-llm's tool loop sends them). */
  readonly toolCalls?: ReadonlyArray<{ readonly name: string; readonly arguments?: Record<string, unknown> }>;
  /** An error answer: this status with `body` (JSON by default) and `headers`. */
  readonly status?: number;
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** Never answers: the connection stays open until the client gives up. */
  readonly hang?: boolean;
  /** How many requests this reply answers (default 1; null: every matching one). */
  readonly times?: number | null;
  /** Token counts reported with the answer. */
  readonly usage?: { readonly prompt: number; readonly completion: number };
}

export interface ModelRequest {
  readonly seq: number;
  readonly api: 'ollama' | 'openai';
  readonly path: string;
  readonly stream: boolean;
  readonly body: Record<string, unknown>;
  readonly receivedAt: number;
  /** When the first byte of the answer left (ms since the epoch). */
  firstByteAt?: number;
  /** When each streamed chunk left. */
  readonly chunkTimes: number[];
  /** When the answer ended, or the client closed the connection. */
  endedAt?: number;
  /** The client (nr-llm) closed the connection before the answer was complete. */
  closedByClient: boolean;
  status: number;
}

export interface FakeModel {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const DEFAULT_ANSWER = 'The model answered.';

export async function startFakeModel(port = 0): Promise<FakeModel> {
  let replies: Array<ScriptedReply & { left: number }> = [];
  let log: ModelRequest[] = [];
  let seq = 0;
  const open = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(error) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    if (url.pathname.startsWith('/__fake')) return control(req.method ?? 'GET', url.pathname, raw, res);
    if (req.method === 'GET' && (url.pathname === '/api/tags' || url.pathname === '/v1/models')) {
      return json(res, 200, {
        models: [{ name: 'fake-model', model: 'fake-model' }],
        data: [{ id: 'fake-model' }, { id: 'fake-vision' }],
      });
    }
    const api = url.pathname === '/api/chat' ? 'ollama' : url.pathname.endsWith('/chat/completions') ? 'openai' : null;
    if (req.method !== 'POST' || api === null)
      return json(res, 404, { error: `no route ${req.method} ${url.pathname}` });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return json(res, 400, { error: 'the body is not JSON' });
    }
    const entry: ModelRequest = {
      seq: ++seq,
      api,
      path: url.pathname,
      stream: body.stream === true,
      body,
      receivedAt: Date.now(),
      chunkTimes: [],
      closedByClient: false,
      status: 200,
    };
    log.push(entry);
    open.add(res);
    res.on('close', () => {
      open.delete(res);
      if (entry.endedAt === undefined) {
        entry.closedByClient = !res.writableFinished;
        entry.endedAt = Date.now();
      }
    });
    const reply = take(JSON.stringify([body.messages, body.tools ?? null]));
    await answer(entry, reply, res);
  }

  function take(text: string): ScriptedReply {
    const index = replies.findIndex((r) => r.when === undefined || text.includes(r.when));
    if (index < 0) return { content: DEFAULT_ANSWER };
    const reply = replies[index]!;
    reply.left -= 1;
    if (reply.left <= 0) replies.splice(index, 1);
    return reply;
  }

  async function answer(entry: ModelRequest, reply: ScriptedReply, res: ServerResponse) {
    const alive = () => !res.destroyed && !res.writableEnded;
    if (reply.delayMs) await sleep(reply.delayMs, res);
    if (reply.hang) return; // the connection stays open until the client closes it (or the server stops)
    if (!alive()) return;
    if (reply.status !== undefined && reply.status >= 400) {
      entry.status = reply.status;
      entry.firstByteAt = Date.now();
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? JSON.stringify({ error: `scripted ${reply.status}` }));
      entry.endedAt = Date.now();
      return;
    }
    const content = reply.content ?? DEFAULT_ANSWER;
    const usage = reply.usage ?? { prompt: 20, completion: Math.max(1, content.split(/\s+/).length) };
    const model = typeof entry.body.model === 'string' ? entry.body.model : 'fake-model';
    if (!entry.stream) {
      entry.firstByteAt = Date.now();
      json(
        res,
        200,
        entry.api === 'ollama'
          ? ollamaAnswer(model, content, reply, usage)
          : openAiAnswer(model, content, reply, usage),
      );
      entry.endedAt = Date.now();
      return;
    }
    const chunks = reply.chunks ?? content.split(/(?<=\s)/);
    res.writeHead(200, {
      'content-type': entry.api === 'ollama' ? 'application/x-ndjson' : 'text/event-stream',
      'cache-control': 'no-cache',
    });
    entry.firstByteAt = Date.now();
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs, res);
      if (!alive()) return;
      entry.chunkTimes.push(Date.now());
      res.write(entry.api === 'ollama' ? ollamaChunk(model, chunk) : openAiChunk(model, chunk));
    }
    if (!alive()) return;
    res.end(entry.api === 'ollama' ? ollamaLast(model, usage) : 'data: [DONE]\n\n');
    entry.endedAt = Date.now();
  }

  function control(method: string, path: string, raw: string, res: ServerResponse) {
    if (method === 'DELETE' && path === '/__fake') {
      replies = [];
      log = [];
      for (const pending of open) pending.destroy();
      return json(res, 200, { reset: true });
    }
    if (method === 'POST' && path === '/__fake/replies') {
      const added = JSON.parse(raw) as ScriptedReply[];
      replies.push(...added.map((r) => ({ ...r, left: r.times === null ? Infinity : (r.times ?? 1) })));
      return json(res, 200, { queued: replies.length });
    }
    if (method === 'GET' && path === '/__fake/log') return json(res, 200, log);
    return json(res, 404, { error: 'unknown control route' });
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const pending of open) pending.destroy();
        server.close(() => resolve());
      }),
  };
}

const ollamaChunk = (model: string, content: string) => {
  const line = { model, created_at: new Date().toISOString(), message: { role: 'assistant', content }, done: false };
  return `${JSON.stringify(line)}\n`;
};

const ollamaLast = (model: string, usage: { prompt: number; completion: number }) =>
  `${JSON.stringify({
    model,
    message: { role: 'assistant', content: '' },
    done: true,
    done_reason: 'stop',
    prompt_eval_count: usage.prompt,
    eval_count: usage.completion,
  })}\n`;

const openAiChunk = (model: string, content: string) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    model,
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;

function ollamaAnswer(
  model: string,
  content: string,
  reply: ScriptedReply,
  usage: { prompt: number; completion: number },
): Record<string, unknown> {
  const toolCalls = reply.toolCalls?.map((call) => ({
    function: { name: call.name, arguments: call.arguments ?? {} },
  }));
  return {
    model,
    created_at: new Date().toISOString(),
    message: { role: 'assistant', content: toolCalls ? '' : content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
    done: true,
    done_reason: 'stop',
    prompt_eval_count: usage.prompt,
    eval_count: usage.completion,
  };
}

function openAiAnswer(
  model: string,
  content: string,
  reply: ScriptedReply,
  usage: { prompt: number; completion: number },
): Record<string, unknown> {
  const toolCalls = reply.toolCalls?.map((call, index) => ({
    id: `call_${index}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
  }));
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: toolCalls ? null : content,
          ...(toolCalls ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Waits `ms`, or less when the connection closes first. */
function sleep(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
    res.once('close', done);
  });
}
