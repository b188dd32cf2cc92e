// The one error handler: everything that goes wrong leaves as problem+json (CONTRACT §2),
// with the stable `code` and never a stack trace or SQL text — the framework's own errors
// (bad URLs, oversized request lines and headers, unknown methods) included.

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import FindMyWay from 'find-my-way';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ApiError, validationFailed, type FieldError } from '../errors.js';

function sendProblem(reply: FastifyReply, err: ApiError): FastifyReply {
  if (err.headers) reply.headers(err.headers);
  return reply.code(err.status).type('application/problem+json').send(err.toProblem());
}

interface AjvError {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

function fieldErrors(err: FastifyError): FieldError[] {
  const ctx = (err as { validationContext?: string }).validationContext ?? 'body';
  return ((err.validation ?? []) as AjvError[]).slice(0, 50).map((v) => {
    const segs = v.instancePath.split('/').slice(1);
    if (v.keyword === 'required' && v.params?.missingProperty) segs.push(String(v.params.missingProperty));
    if (v.keyword === 'additionalProperties' && v.params?.additionalProperty) segs.push(String(v.params.additionalProperty));
    const path = [ctx, ...segs]
      .map((s) => (s.length > 100 ? `${s.slice(0, 100)}…` : s))
      .map((s, i) => (/^\d+$/.test(s) && i > 0 ? `[${s}]` : i > 0 ? `.${s}` : s))
      .join('');
    let message = v.message ?? 'is invalid';
    if (v.keyword === 'additionalProperties') message = 'is not a known property';
    if (v.keyword === 'enum' && Array.isArray(v.params?.allowedValues)) {
      message = `must be one of: ${(v.params.allowedValues as unknown[]).join(', ')}`;
    }
    return { path, message };
  });
}

/** Maps Fastify's own errors (parsing, limits, validation, routing) onto the contract's codes. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as FastifyError;
  if (e && e.validation) {
    const errors = fieldErrors(e);
    return validationFailed(`Invalid request: ${errors.map((x) => `${x.path} ${x.message}`).join('; ')}`, errors);
  }
  switch (e?.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'The body must be JSON (application/json).');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', 'The request body is larger than this endpoint accepts.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationFailed('The JSON body is empty.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return validationFailed('The Content-Length header does not match the body.');
    case 'FST_ERR_BAD_URL':
      return validationFailed('The URL is not valid (a percent-escape is malformed or not UTF-8).');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return validationFailed(`A path segment is longer than ${MAX_PARAM_LENGTH} characters.`);
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return validationFailed('The request is malformed.');
    case 'FST_STATIC_FORBIDDEN_PATH': // a file path @fastify/static refuses (dot segments, NUL, …)
      return new ApiError(404, 'not_found', 'No such file.');
  }
  if (e instanceof SyntaxError || e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return validationFailed('The body is not valid JSON.');
  }
  if (e instanceof RangeError) return validationFailed('The body is nested too deeply or too large to process.');
  if (e?.statusCode === 413) return new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (e?.statusCode === 415) return new ApiError(415, 'unsupported_media_type', 'Unsupported content type.');
  if (e?.statusCode === 404) return new ApiError(404, 'not_found', 'Not found.');
  // Any other client error a plugin reports is still the client's: never a 500.
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return validationFailed('The request is malformed.');
  return new ApiError(500, 'internal', 'Something went wrong on our side; it has been logged.');
}

/** Longest path parameter the router matches; longer ones are a 400 (each param's schema bounds it further). */
const MAX_PARAM_LENGTH = 2048;

/** Which methods each path answers, for 405 and its `Allow` header: a router of our own routes. */
export class AllowedMethods {
  private readonly router = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH });
  private readonly methods = new Set<string>();

  add(method: string | string[], url: string): void {
    for (const m of Array.isArray(method) ? method : [method]) {
      this.methods.add(m);
      this.router.on(m as never, url, () => {});
    }
  }

  /** The methods answering `path` (HEAD with GET), sorted; empty when no route has the path. */
  for(path: string): string[] {
    let decodedOk = true;
    const found = [...this.methods].filter((m) => {
      try {
        return this.router.find(m as never, path) !== null;
      } catch {
        decodedOk = false;
        return false;
      }
    });
    if (!decodedOk) return [];
    if (found.includes('GET') && !found.includes('HEAD')) found.push('HEAD');
    return found.sort();
  }
}

/** 405 with Allow when another method has the path, else 404. */
export function routeMissing(allowed: AllowedMethods, method: string, url: string): ApiError {
  const path = url.split('?')[0];
  const methods = allowed.for(path);
  if (methods.length && !methods.includes(method)) {
    return new ApiError(405, 'method_not_allowed', `${method} is not allowed here; use ${methods.join(', ')}.`, undefined, undefined, {
      allow: methods.join(', '),
    });
  }
  return new ApiError(404, 'not_found', `No route for ${method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}.`);
}

/** Errors before a request exists (Node's HTTP parser): answered on the raw socket. */
function clientErrorHandler(allowed: AllowedMethods) {
  return function (this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
    // Node may report the same broken request again while we linger: it has been answered.
    if (err.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
    const raw = (err as { rawPacket?: unknown }).rawPacket;
    const head = Buffer.isBuffer(raw) ? raw.subarray(0, 16 * 1024).toString('latin1') : '';
    const requestLine = /^([^\s]+) ([^\s]+) HTTP\/1\.[01]\r?\n/.exec(head);
    let problem: ApiError;
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      problem = validationFailed('The request was not received in time.');
    } else if (err.code === 'HPE_HEADER_OVERFLOW') {
      // No complete request line within the limit: the URL itself is what is too long.
      problem = requestLine
        ? new ApiError(431, 'header_fields_too_large', 'The request headers are larger than 16 KiB.')
        : new ApiError(414, 'uri_too_long', 'The request URL is longer than the server accepts.');
    } else if (err.code === 'HPE_INVALID_METHOD' && requestLine) {
      problem = routeMissing(allowed, requestLine[1], requestLine[2]);
    } else {
      problem = validationFailed('The HTTP request is malformed.');
    }
    answerOnSocket(socket, problem);
  };
}

/** Writes `problem` as the whole answer on a socket Node hands over raw, then closes it. */
function answerOnSocket(socket: Socket, problem: ApiError): void {
  const body = JSON.stringify(problem.toProblem());
  const extra = Object.entries(problem.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
  // Lingering close: a client still sending (a 100 kB URL) would get a reset that can discard
  // the answer before it is read, so what it sends is read and dropped for a moment first.
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

const LINGER_MS = 2000;

/** How long the rest of a refused body is read and dropped before the connection is closed. */
const BODY_LINGER_MS = 10_000;

/**
 * Fastify closes the connection at once when it refuses a body it has not read (413, a bad
 * body): a client still sending it then got a reset in place of the answer. The connection is
 * kept instead, so Node reads the rest of the body and drops it, as it does for any body a
 * route leaves unread; a body still arriving after BODY_LINGER_MS loses its connection.
 */
function lingerOnUnreadBody(req: FastifyRequest, reply: FastifyReply): void {
  const socket = req.raw.socket as Socket | undefined;
  if (typeof socket?.destroy !== 'function') return; // app.inject: no connection to keep
  reply.removeHeader('connection');
  reply.raw.once('finish', () => {
    if (req.raw.complete) return;
    const timer = setTimeout(() => socket.destroy(), BODY_LINGER_MS).unref();
    req.raw.once('end', () => clearTimeout(timer));
    req.raw.once('close', () => clearTimeout(timer));
    req.raw.resume();
  });
}

/** Fastify options that route the framework's own errors through problem+json. */
export function problemServerOptions(allowed: AllowedMethods): Partial<FastifyHttpOptions<Server>> {
  return {
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Node answers a missing Host with a bare 400 of its own; the hook below answers it instead.
    http: { requireHostHeader: false },
    clientErrorHandler: clientErrorHandler(allowed) as FastifyServerOptions['clientErrorHandler'],
    frameworkErrors: (err, _req, reply) => sendProblem(reply, toApiError(err)),
  };
}

export function registerProblemHandlers(app: FastifyInstance, allowed = new AllowedMethods()): void {
  app.addHook('onRoute', (route) => allowed.add(route.method, route.url));
  // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400.
  app.addHook('onRequest', async (req) => {
    if (req.raw.httpVersion === '1.1' && req.headers.host === undefined) throw validationFailed('An HTTP/1.1 request needs a Host header.');
  });
  // Bodies are read as sent: a compressed one is refused (RFC 9110 §15.5.16), after authentication.
  app.addHook('preParsing', async (req) => {
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && !/^\s*identity\s*$/i.test(encoding)) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        `Content-Encoding "${encoding.slice(0, 50)}" is not supported: send the body uncompressed.`,
      );
    }
  });
  // What Node never hands to the router. CONNECT (no listener: the socket was dropped
  // unanswered) is a method no route has; an Expect other than 100-continue (Node answered a
  // bare 417) is ignored, as RFC 9110 §10.1.1 allows, and the request is served as usual.
  app.server.on('connect', (req: IncomingMessage, socket: Socket) => {
    answerOnSocket(socket, routeMissing(allowed, req.method ?? 'CONNECT', req.url ?? ''));
  });
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => app.server.emit('request', req, res));
  app.setErrorHandler((err, req: FastifyRequest, reply) => {
    const api = toApiError(err);
    if (api.status >= 500) req.log.error({ err }, 'request failed');
    if (!req.raw.complete && reply.getHeader('connection') === 'close') lingerOnUnreadBody(req, reply);
    return sendProblem(reply, api);
  });
  setNotFoundHandler(app, async (req, reply) => sendProblem(reply, routeMissing(allowed, req.method, req.url)));
}

/** Sets `app`'s not-found handler: unknown paths are rate limited like the rest (per key, or per address without one). */
export function setNotFoundHandler(
  app: FastifyInstance,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  if (app.hasDecorator('rateLimit')) {
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, handler);
  } else {
    app.setNotFoundHandler(handler);
  }
}
