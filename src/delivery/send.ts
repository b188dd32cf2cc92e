// One delivery attempt: sign per Standard Webhooks, POST through the SSRF-safe pinned agent,
// judge the answer. 2xx is success; redirects are not followed (a 3xx is a failure); the
// whole attempt (resolution, connect, headers, first KB of the body) has one time limit.
// What is kept for the deliveries log, which API users read, is a fixed phrase for the error
// (never a host, an address, a resolver or socket message) and a short excerpt of the body.

import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { request } from 'undici';
import { pinnedAgent, resolveTarget, TargetRefused, type TargetPolicy } from './ssrf.js';

/** `whsec_` + base64 of 32 random bytes, the Standard Webhooks secret format. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The three Standard Webhooks headers for one message; `msgId` is the same on every retry. */
export function signDelivery(secret: string, msgId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(msgId, at, body),
  };
}

export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  /** The first RESPONSE_EXCERPT_CHARS characters of the response body. */
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  /** From Retry-After on a 429 or 503. */
  retryAfterMs: number | null;
}

export interface SendOptions {
  timeoutMs: number;
  policy: TargetPolicy;
}

const RESPONSE_EXCERPT_CHARS = 256;
/** Bytes read of a response body: enough for the excerpt even in 4-byte UTF-8 characters. */
const BODY_KEEP = 4 * RESPONSE_EXCERPT_CHARS;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  const ms = /^\s*\d+\s*$/.test(v) ? Number(v) * 1000 : Date.parse(v) - nowMs;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS) : null;
}

async function readHead(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= BODY_KEEP) break; // leaving the loop destroys the rest of the stream
    }
  } catch {
    // A body cut short still leaves the status to judge by.
  }
  return excerpt(Buffer.concat(chunks).subarray(0, BODY_KEEP).toString('utf8'));
}

/** The stored excerpt: whole characters, without NUL (PostgreSQL text cannot hold it). */
function excerpt(text: string): string {
  return Array.from(text.replaceAll('\u0000', '')).slice(0, RESPONSE_EXCERPT_CHARS).join('');
}

/** Socket error codes worth telling apart; every other failure to connect is "connection failed". */
const CONNECT_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/** The stored error of an attempt that got no answer: a fixed phrase. */
function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  if (err instanceof TargetRefused) return err.message;
  if (
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    e?.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e?.code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return `timeout after ${timeoutMs} ms`;
  }
  const code = String(e?.cause?.code ?? e?.code ?? '');
  if (/CERT|TLS|SSL/.test(code)) return 'TLS handshake failed';
  return CONNECT_ERRORS[code] ?? 'connection failed';
}

export async function postSigned(url: string, body: string, headers: Record<string, string>, opts: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string): AttemptOutcome => ({
    ok: false,
    responseStatus: null,
    responseBody: null,
    error,
    durationMs: elapsed(),
    retryAfterMs: null,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return failure('invalid target URL');
  }
  let agent: ReturnType<typeof pinnedAgent> | null = null;
  try {
    const pin = await Promise.race([
      resolveTarget(target, opts.policy),
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
    ]);
    agent = pinnedAgent(pin, opts.timeoutMs);
    const res = await request(target, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'user-agent': 'HoneypotIntel-Webhooks/1.0', ...headers },
      dispatcher: agent,
      signal,
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
    const text = await readHead(res.body);
    const status = res.statusCode;
    const ok = status >= 200 && status < 300;
    let error: string | null = null;
    if (status >= 300 && status < 400) error = `redirect ${status} not followed`;
    else if (!ok) error = `HTTP ${status}`;
    return {
      ok,
      responseStatus: status,
      responseBody: text,
      error,
      durationMs: elapsed(),
      retryAfterMs: status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after']) : null,
    };
  } catch (err) {
    return failure(describe(err, opts.timeoutMs));
  } finally {
    agent?.destroy().catch(() => {});
  }
}
