// The OpenAPI 3.1 document (GET /openapi.json, /docs). @fastify/swagger builds it from the
// route schemas, each of which names its operationId; this module adds what those schemas do
// not say: security and the problem+json error responses from each route's declared access and
// its own `config.errors`, rate-limit headers, the NDJSON and server-sent-event media types, 204
// on DELETE. Each error response (TAXII's too) is written once, under components.responses, and
// referenced by the operations. All of it is documentation only: the route schemas also
// serialize replies, so error schemas there would strip problem members.

import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig } from 'fastify';
import type { ErrorCode } from '../errors.js';
import type { Access } from './access.js';

/** Every code of the contract, with when it is used (tsc fails here when a code is added). */
const CODES: Record<ErrorCode, string> = {
  validation_failed: 'a malformed or out-of-bounds path, query or body value',
  invalid_range: 'an unusable range/start/end window',
  unauthorized: 'missing, unknown or revoked key',
  tier_required: 'a free organisation on a pro endpoint',
  forbidden: 'the key role does not allow this operation',
  not_found: 'unknown path or id, or an id of another org or outside the key slice',
  conflict: 'conflicts with the current state',
  payload_too_large: 'body over the limit',
  unsupported_media_type: 'body that is not JSON (or NDJSON on ingest)',
  all_records_rejected: 'an ingest request in which no record was valid',
  rate_limited: 'rate limit exceeded',
  method_not_allowed: 'the path exists, the method does not',
  uri_too_long: 'request line too long',
  header_fields_too_large: 'request headers too large',
  agent_provider_error: 'the agent model provider failed',
  internal: 'something failed on our side',
};

/** The problem+json errors by status; each becomes a response component under its name. */
const ERRORS = {
  400: { name: 'InvalidRequest', description: 'Invalid request', codes: ['validation_failed', 'invalid_range'] },
  401: { name: 'Unauthorized', description: 'No valid credentials', codes: ['unauthorized'] },
  403: { name: 'Forbidden', description: 'Not allowed for this key', codes: ['forbidden'] },
  404: { name: 'NotFound', description: 'Not found', codes: ['not_found'] },
  409: { name: 'Conflict', description: 'Conflict', codes: ['conflict'] },
  413: { name: 'PayloadTooLarge', description: 'Body too large', codes: ['payload_too_large'] },
  415: { name: 'UnsupportedMediaType', description: 'Unsupported body media type', codes: ['unsupported_media_type'] },
  422: {
    name: 'AllRecordsRejected',
    description: 'Every record was rejected (the problem carries `rejected`)',
    codes: ['all_records_rejected'],
  },
  429: { name: 'RateLimited', description: 'Rate limit exceeded', codes: ['rate_limited'] },
  500: { name: 'InternalError', description: 'Internal error', codes: ['internal'] },
  502: { name: 'AgentProviderError', description: 'The agent model provider failed', codes: ['agent_provider_error'] },
  503: { name: 'StorageUnavailable', description: 'Storage is not reachable', codes: ['internal'] },
} satisfies Record<number, { name: string; description: string; codes: ErrorCode[] }>;

type ErrorStatus = keyof typeof ERRORS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The errors particular to the route (a 409 conflict, 422, 502, 503), documented beside those
     * that follow from its access, parameters and body.
     */
    errors?: readonly ErrorStatus[];
  }
}

/** Carries what a route's config tells the document from `transform` to `transformObject` (removed there). */
const ROUTE = 'x-honeypot-route';

// Loose shapes of the parts of the generated document this module edits.
type Schema = Record<string, unknown>;
type Ref = { $ref: string };
interface Media {
  schema?: Schema;
}
interface Response {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, Media>;
}
interface Operation {
  operationId?: string;
  parameters?: { in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { description?: string; content: Record<string, Media> };
  responses: Record<string, Response | Ref>;
  security?: Security;
  [ROUTE]?: Pick<FastifyContextConfig, 'access' | 'errors'>;
}
interface Document {
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, Schema>;
    responses?: Record<string, Response>;
    headers?: Record<string, unknown>;
    [k: string]: unknown;
  };
}

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const FieldError: Schema = {
  type: 'object',
  required: ['path', 'message'],
  properties: { path: { type: 'string', examples: ['body.duration_sec'] }, message: { type: 'string' } },
};

const COMPONENT_SCHEMAS: Record<string, Schema> = {
  FieldError,
  Problem: {
    type: 'object',
    description:
      'RFC 9457 problem details. `code` is the stable machine-readable string. Further members may appear: ' +
      '`required_tier` with tier_required, `rejected` with all_records_rejected.',
    required: ['type', 'title', 'status', 'code', 'detail'],
    properties: {
      type: { type: 'string', format: 'uri', description: 'Identifies the problem type' },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      code: {
        type: 'string',
        enum: Object.keys(CODES),
        description: Object.entries(CODES)
          .map(([code, when]) => `\`${code}\`: ${when}`)
          .join('; '),
      },
      detail: { type: 'string' },
      errors: { type: 'array', items: ref('schemas', 'FieldError'), description: 'Field problems, where they exist' },
      required_tier: { type: 'string', enum: ['pro'], description: 'With tier_required' },
      rejected: {
        type: 'array',
        description: 'With all_records_rejected: every record, as in the 200 response of ingest',
        items: {
          type: 'object',
          required: ['index', 'call_sid', 'errors'],
          properties: {
            index: { type: 'integer' },
            call_sid: { type: ['string', 'null'] },
            errors: { type: 'array', items: ref('schemas', 'FieldError') },
          },
        },
      },
    },
    additionalProperties: true,
  },
};

const seconds = { type: 'integer', minimum: 0 };
const COMPONENT_HEADERS = {
  'RateLimit-Limit': { description: "The request budget of the key's window", schema: seconds },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: seconds },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: seconds },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: seconds },
  'WWW-Authenticate': { description: '`Bearer`', schema: { type: 'string' } },
};
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/**
 * A problem+json error as a response component, written once and referenced by every operation
 * that answers it. Its name says the status and, where they differ from the status's own, the
 * codes; `Keyed` ones also carry the RateLimit headers of keyed requests.
 */
function errorResponse(doc: Document, status: ErrorStatus, codes: ErrorCode[], keyed: boolean): Ref {
  const own = ERRORS[status];
  const named = codes.join() === own.codes.join() ? own.name : codes.map(pascalCase).join('Or');
  const name = keyed ? `${named}Keyed` : named;
  const responses = (doc.components.responses ??= {});
  if (!responses[name]) {
    const problem = { allOf: [ref('schemas', 'Problem')], properties: { code: { enum: codes } } };
    const response = { description: own.description, content: { 'application/problem+json': { schema: problem } } };
    responses[name] = withHeaders(status, response, keyed);
  }
  return ref('responses', name);
}

const pascalCase = (code: string) => code.replace(/(?:^|_)([a-z])/g, (_, c: string) => c.toUpperCase());

/** WWW-Authenticate on 401, Retry-After on 429, and the RateLimit headers on every keyed answer. */
function withHeaders(status: number, response: Response, keyed: boolean | undefined): Response {
  if (status === 401) response.headers = { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') };
  if (status === 429) response.headers = { 'Retry-After': ref('headers', 'Retry-After') };
  if (keyed) response.headers = { ...Object.fromEntries(RATE_LIMIT_HEADERS.map((h) => [h, ref('headers', h)])), ...response.headers };
  return response;
}

type Security = Record<string, string[]>[];

/** Who may call (as OpenAPI security) and the refusals that follow from it. */
function accessDoc(access: Access | undefined): { security?: Security; refusals: [ErrorStatus, ErrorCode[]][]; keyed?: true } {
  switch (access?.role) {
    case undefined: // no declared access: nothing to document (the route refuses everybody)
      return { refusals: [] };
    case 'public': // sign-in (limited) checks a key in its body and counts per client address
      return access.limited
        ? {
            security: [],
            refusals: [
              [401, ['unauthorized']],
              [403, ['forbidden']],
              [429, ['rate_limited']],
            ],
            keyed: true,
          }
        : { security: [], refusals: [] };
    case 'metrics': // open unless HONEYPOT_METRICS_TOKEN is set
      return { security: [{}, { metricsToken: [] }], refusals: [[401, ['unauthorized']]] };
    case 'admin': // admin-token failures are rate limited per client address
      return {
        security: [{ adminToken: [] }],
        refusals: [
          [401, ['unauthorized']],
          [429, ['rate_limited']],
        ],
      };
    case 'read':
    case 'ingest':
      return {
        // The dashboard's session cookie stands for a read key (POST /api/session).
        security:
          access.role === 'read' ? [{ apiKey: [] }, { sessionCookie: [] }, ...(access.basic ? [{ basicKey: [] }] : [])] : [{ apiKey: [] }],
        refusals: [
          [401, ['unauthorized']],
          [403, access.tier === 'pro' ? ['forbidden', 'tier_required'] : ['forbidden']],
          [429, ['rate_limited']],
        ],
        keyed: true,
      };
  }
}

/** The error statuses of one operation, from who may call it and what it takes. */
function errorsOf(refusals: [ErrorStatus, ErrorCode[]][], op: Operation, extra: readonly ErrorStatus[]): Map<ErrorStatus, ErrorCode[]> {
  const errors = new Map<ErrorStatus, ErrorCode[]>(refusals);
  const add = (status: ErrorStatus) => errors.set(status, ERRORS[status].codes);
  if (op.parameters?.length || op.requestBody) add(400);
  add(404);
  if (op.requestBody) {
    add(413);
    add(415);
  }
  for (const status of extra) add(status);
  add(500);
  return new Map([...errors].sort(([a], [b]) => a - b));
}

/** Adds everything the route schemas leave out to one operation. */
function completeOperation(doc: Document, method: string, path: string, op: Operation): void {
  const { access, errors = [] } = op[ROUTE] ?? {};
  delete op[ROUTE];
  const { security, refusals, keyed } = accessDoc(access);
  if (security) op.security = security;

  // A parameter with a default is never missing: the server fills it in.
  for (const p of op.parameters ?? []) if (p.required && p.schema?.default !== undefined) delete p.required;

  // Every DELETE answers 204 No Content (CONTRACT); routes without a response schema say 200.
  if (method === 'delete' && !op.responses['204']) op.responses = { 204: { description: 'Deleted' } };

  if (op.operationId === 'ingestCalls') ndjsonBody(doc, op);
  if (op.operationId === 'askAgentStream') eventStream(op);

  // Responses the route declares (success, and TAXII's own errors) are completed in place.
  for (const [status, response] of Object.entries(op.responses)) {
    if ('$ref' in response) continue;
    withHeaders(Number(status), response, keyed);
    for (const media of Object.values(response.content ?? {})) if (media.schema) media.schema = unnested(media.schema);
  }
  if (path.startsWith('/taxii2/')) taxiiErrors(doc, op);
  for (const [status, codes] of errorsOf(refusals, op, errors)) {
    op.responses[status] ??= errorResponse(doc, status, codes, keyed ?? false);
  }
}

/** Ingest also takes NDJSON: one call record per line, streamed. The record becomes a component. */
function ndjsonBody(doc: Document, op: Operation): void {
  const body = op.requestBody;
  const json = body?.content['application/json']?.schema;
  if (!body || !json) return;
  const anyOf = json.anyOf as Schema[] | undefined;
  const i = anyOf?.findIndex((s) => s.type === 'object') ?? -1;
  let record: Schema = json;
  if (anyOf && i >= 0) {
    doc.components.schemas = { ...doc.components.schemas, CallRecord: anyOf[i] };
    anyOf[i] = ref('schemas', 'CallRecord');
    record = ref('schemas', 'CallRecord');
  }
  body.description =
    'application/json: one call record or an array of at most 10,000; application/x-ndjson: one call record per line, ' +
    'any number of lines, streamed.';
  body.content['application/x-ndjson'] = { schema: record };
}

/**
 * TAXII's error messages, which its routes declare alike in every TAXII operation: each status
 * written once, as a response component around one TaxiiError schema. One that differs stays inline.
 */
function taxiiErrors(doc: Document, op: Operation): void {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const responses = (doc.components.responses ??= {});
  for (const [status, response] of Object.entries(op.responses)) {
    if ('$ref' in response || Number(status) < 400) continue;
    for (const media of Object.values(response.content ?? {})) {
      const schemas = (doc.components.schemas ??= {});
      schemas.TaxiiError ??= media.schema ?? {};
      if (same(schemas.TaxiiError, media.schema)) media.schema = ref('schemas', 'TaxiiError');
    }
    const name = `TaxiiError${status}`;
    responses[name] ??= response;
    if (same(responses[name], response)) op.responses[status] = ref('responses', name);
  }
}

/** ask-stream answers server-sent events when the client accepts text/event-stream. */
function eventStream(op: Operation): void {
  const ok = op.responses['200'];
  if (!ok || '$ref' in ok) return;
  ok.content = {
    ...ok.content,
    'text/event-stream': {
      schema: {
        type: 'string',
        description: 'With `Accept: text/event-stream`: each event of `events` as `event: <type>` and `data: <event JSON>`.',
      },
    },
  };
}

/**
 * A response whose whole schema is a named shape (it has an `$id`) is nested one level, so that
 * @fastify/swagger refers to the shape's component rather than writing the shape out again.
 */
function named(response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => [status, typeof schema?.$id === 'string' ? { allOf: [schema] } : schema]),
  );
}

/** The shape `named` nested, referred to directly again: `{ allOf: [{ $ref }] }` becomes `{ $ref }`. */
function unnested(schema: Schema): Schema {
  const all = schema.allOf;
  return Array.isArray(all) && all.length === 1 && Object.keys(schema).length === 1 ? (all[0] as Schema) : schema;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A security scheme of the Authorization header. */
const httpAuth = (scheme: 'bearer' | 'basic', description: string) => ({ type: 'http' as const, scheme, description });

/** Options of the @fastify/swagger registration in app.ts. */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Honeypot Intel API',
        version: '1.0.0',
        description:
          'Threat intelligence from an AI scam-call honeypot. Every error is application/problem+json ' +
          '{type, title, status, code, detail, errors?}, except under /taxii2/, where errors are TAXII 2.1 error ' +
          'messages (application/taxii+json;version=2.1). Authenticate with "Authorization: Bearer hpk_…".',
      },
      components: {
        securitySchemes: {
          apiKey: httpAuth('bearer', 'An API key (hpk_…)'),
          adminToken: httpAuth('bearer', 'HONEYPOT_ADMIN_TOKEN'),
          metricsToken: httpAuth('bearer', 'HONEYPOT_METRICS_TOKEN, when it is set'),
          basicKey: httpAuth(
            'basic',
            'TAXII 2.1 only: a read API key as the password of HTTP Basic (any user name), for clients that send Basic credentials',
          ),
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'hp_session',
            description:
              'The dashboard session from POST /api/session; acts as its read key when no Authorization header is sent. ' +
              'POST, PUT, PATCH and DELETE with it also need the header "x-honeypot-csrf: 1".',
          },
        },
      },
      security: [{ apiKey: [] }],
    },
    // A response shape several routes answer carries an `$id`: it is written once, as the schema
    // component of that name, and referenced.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // Only the documentation copy of the schema is changed, never the route's own.
    transform: ({ schema, url, route }) => ({
      schema: { ...schema, response: named(schema.response), [ROUTE]: { access: route.config?.access, errors: route.config?.errors } },
      url,
    }),
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      const doc = openapiObject as unknown as Document;
      // Relative: the document is served by the API it describes, wherever that is.
      doc.servers = [{ url: '/', description: 'This server' }];
      doc.components.schemas = { ...doc.components.schemas, ...COMPONENT_SCHEMAS };
      doc.components.headers = { ...doc.components.headers, ...COMPONENT_HEADERS };
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const method of METHODS) if (item[method]) completeOperation(doc, method, path, item[method]);
      }
      // Error responses are added as operations first need them; listed by name.
      doc.components.responses = Object.fromEntries(Object.entries(doc.components.responses ?? {}).sort(([a], [b]) => a.localeCompare(b)));
      return openapiObject;
    },
  };
}
