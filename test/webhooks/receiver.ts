// Test helpers for deliveries: a real HTTP receiver on 127.0.0.1 that records every request
// and answers per path (200 by default), signature verification with the standardwebhooks
// library, and small request helpers.

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** Answers the `n`-th request (1-based) that reached this path. */
type Responder = (n: number, res: ServerResponse, req: Received) => void;

export interface Receiver {
  url(path: string): string;
  /** Sets how `path` answers (default: 200 "ok"). */
  on(path: string, responder: Responder): void;
  at(path: string): Received[];
  /** Resolves once `count` requests reached `path`; rejects after `timeoutMs`. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const responders = new Map<string, Responder>();
  const waiters = new Set<() => void>();
  const at = (path: string) => received.filter((r) => r.path === path);

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      (responders.get(r.path) ?? ((_n, out) => out.writeHead(200).end('ok')))(at(r.path).length, res, r);
      for (const w of [...waiters]) w();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    on: (path, responder) => void responders.set(path, responder),
    at,
    waitFor(path, count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (at(path).length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(at(path));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver: ${at(path).length} of ${count} requests to ${path} after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Delivered {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

/** Verifies a received delivery with the standardwebhooks library; returns the parsed payload. */
export function verified(secret: string, r: Received): Delivered {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Delivered;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns something other than undefined, or time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000, stepMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('eventually: the condition was not met in time');
    await sleep(stepMs);
  }
}

/** Lets deliveries reach the local receiver over http, with a short retry schedule. */
export const DELIVERY_ENV = {
  HONEYPOT_WEBHOOK_ALLOW_PRIVATE: '1',
  HONEYPOT_WEBHOOK_ALLOW_HTTP: '1',
  HONEYPOT_WEBHOOK_RETRY_SCHEDULE: '100ms,200ms',
  HONEYPOT_WEBHOOK_TIMEOUT_MS: '2000',
};

export function api(app: FastifyInstance, key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${key}` } });
}

export const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** A call started a minute ago (whole seconds), so it is inside every recent window. */
export function callRecord(sid: string, extraction: Record<string, unknown> | null, extra: Record<string, unknown> = {}) {
  const started = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
  return {
    call_sid: sid,
    started_at: started.toISOString(),
    duration_sec: 120,
    caller_id: '+12125550143',
    persona: 'margaret',
    extraction: extraction && { auditor_confidence: 0.9, ...extraction },
    ...extra,
  };
}
