// The one error handler: everything that goes wrong leaves as problem+json (CONTRACT §2),
// with the stable `code` and never a stack trace or SQL text.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, validationFailed, type FieldError } from '../errors.js';

export function sendProblem(reply: FastifyReply, err: ApiError): FastifyReply {
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
  return ((err.validation ?? []) as AjvError[]).map((v) => {
    const segs = v.instancePath.split('/').slice(1);
    if (v.keyword === 'required' && v.params?.missingProperty) segs.push(String(v.params.missingProperty));
    if (v.keyword === 'additionalProperties' && v.params?.additionalProperty) segs.push(String(v.params.additionalProperty));
    const path = [ctx, ...segs].map((s, i) => (/^\d+$/.test(s) && i > 0 ? `[${s}]` : i > 0 ? `.${s}` : s)).join('');
    let message = v.message ?? 'is invalid';
    if (v.keyword === 'additionalProperties') message = 'is not a known property';
    if (v.keyword === 'enum' && Array.isArray(v.params?.allowedValues)) {
      message = `must be one of: ${(v.params.allowedValues as unknown[]).join(', ')}`;
    }
    return { path, message };
  });
}

/** Maps Fastify's own errors (parsing, limits, validation) onto the contract's codes. */
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
  }
  if (e instanceof SyntaxError || e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return validationFailed('The body is not valid JSON.');
  }
  if (e?.statusCode === 413) return new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (e?.statusCode === 415) return new ApiError(415, 'unsupported_media_type', 'Unsupported content type.');
  if (e?.statusCode === 400) return validationFailed('The request is malformed.');
  return new ApiError(500, 'internal', 'Something went wrong on our side; it has been logged.');
}

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err, req: FastifyRequest, reply) => {
    const api = toApiError(err);
    if (api.status >= 500) req.log.error({ err }, 'request failed');
    return sendProblem(reply, api);
  });
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, new ApiError(404, 'not_found', `No route for ${req.method} ${req.url.split('?')[0]}.`)),
  );
}
