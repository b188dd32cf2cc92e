// A real HTTP webhook receiver on 127.0.0.1 for delivery tests: records every request and
// answers with whatever the test's responder says (200 by default).

import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Responder = (req: Received, n: number, res: ServerResponse) => void;

export const ok: Responder = (_req, _n, res) => res.writeHead(200).end('thanks');

export interface Receiver {
  url: (path?: string) => string;
  received: Received[];
  respond: Responder;
  /** Resolves once `count` requests arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(respond: Responder = ok): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver: Receiver = {
    url: (path = '/hook') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    respond,
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver: ${received.length} of ${count} requests after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice());
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      receiver.respond(r, received.length, res);
      for (const w of waiters.splice(0)) {
        if (received.length >= w.count) w.resolve();
        else waiters.push(w);
      }
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return receiver;
}

/** Verifies a received delivery with the standardwebhooks library; returns the parsed payload. */
export function verified(secret: string, r: Received): { id: string; type: string; created_at: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as ReturnType<typeof verified>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value (not undefined) or time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000, stepMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('eventually: condition not met in time');
    await sleep(stepMs);
  }
}

/** The env that lets deliveries reach the local receiver, with a short retry schedule. */
export const DELIVERY_ENV = {
  HONEYPOT_WEBHOOK_ALLOW_PRIVATE: '1',
  HONEYPOT_WEBHOOK_ALLOW_HTTP: '1',
  HONEYPOT_WEBHOOK_RETRY_SCHEDULE: '100ms,200ms',
  HONEYPOT_WEBHOOK_TIMEOUT_MS: '1000',
};
