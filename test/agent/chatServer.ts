// A local OpenAI-compatible chat-completions server (node:http on 127.0.0.1, a random port)
// that answers with scripted replies: tool calls, text, errors or silence. It speaks the
// wire protocol, so the real `openai` SDK and our provider run unchanged against it.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: Array<{ role: string; content?: string | null; tool_calls?: unknown[]; tool_call_id?: string }>;
    tools?: Array<{ type: string; function: { name: string; parameters: Record<string, unknown> } }>;
    tool_choice?: unknown;
  };
}

export type Reply =
  | { toolCalls: Array<{ name: string; args: unknown }>; usage?: [number, number] }
  | { content: string; usage?: [number, number] }
  | { status: number; error?: string }
  | { hang: true };

export interface ChatServer {
  baseURL: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

let callId = 0;

export async function chatServer(script: (req: ChatRequest, n: number) => Reply): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed: ChatRequest = { path: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
      requests.push(parsed);
      const reply = script(parsed, requests.length - 1);
      if ('hang' in reply) {
        hanging.push(res);
        return;
      }
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: reply.error ?? 'scripted failure', type: 'server_error' } }));
        return;
      }
      const [prompt, completion] = reply.usage ?? [10, 5];
      const message =
        'toolCalls' in reply
          ? {
              role: 'assistant',
              content: null,
              tool_calls: reply.toolCalls.map((t) => ({
                id: `call_${++callId}`,
                type: 'function',
                function: { name: t.name, arguments: typeof t.args === 'string' ? t.args : JSON.stringify(t.args) },
              })),
            }
          : { role: 'assistant', content: reply.content };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: parsed.body.model,
          choices: [{ index: 0, message, finish_reason: 'toolCalls' in reply ? 'tool_calls' : 'stop' }],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The JSON of the tool messages the model was sent in a request. */
export function toolMessages(req: ChatRequest): unknown[] {
  return req.body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(String(m.content)));
}
