// Request validation. Query strings and path params arrive as text, so their validator coerces
// ("10" → 10, one value → a one-element array); JSON bodies are validated strictly, with no
// coercion ("1" is not a number, ["x"] is not a string). Before the schema, every string of
// every part is checked: a NUL character, a lone surrogate or a number that is not finite is a
// 400, never a value that a storage engine refuses halfway through a write.

import { pipeline, Transform } from 'node:stream';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyRequest, FastifySchema, FastifySchemaValidationError } from 'fastify';
import { validationFailed } from '../errors.js';
import { scanJson, type JsonPart } from './jsonShape.js';

const AJV_DEFAULTS = { removeAdditional: false, useDefaults: true, allErrors: true } as const;

interface SchemaError {
  instancePath: string;
  keyword: string;
  message: string;
}

/**
 * The first value in `value` that storage cannot hold, with its JSON pointer: a string (or
 * object key) with NUL or a lone surrogate, or a number that is not finite (the query
 * validator turns "1e309" and "Infinity" into Infinity).
 */
function badValue(value: unknown): SchemaError | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { instancePath: at, keyword: 'type', message: 'must be a finite number' };
    } else if (typeof v === 'string') {
      if (v.includes('\0')) return { instancePath: at, keyword: 'string', message: 'must not contain NUL characters' };
      if (!v.isWellFormed()) return { instancePath: at, keyword: 'string', message: 'must be well-formed Unicode (no lone surrogates)' };
    } else if (v && typeof v === 'object' && isJsonData(v)) {
      for (const [k, child] of Object.entries(v)) {
        const key = badValue(k);
        if (key) return { ...key, instancePath: `${at}/${k.replace(/[^\x20-\x7e]/g, '?')}` };
        stack.push([child, `${at}/${k}`]);
      }
    }
  }
  return null;
}

/**
 * Arrays and plain objects (parsed JSON; query strings, whose prototype is a bare null-prototype
 * object): never a stream or another live object graph, which has no end to walk.
 */
function isJsonData(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return Array.isArray(v) || proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** The most a JSON body (other than ingest's, which is read record by record) may hold. */
const JSON_BODY_LIMITS = { depth: 32, containers: 10_000, commas: 100_000 };

type BodyParser = (req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => void;

/**
 * JSON bodies, parsed as Fastify does, except that an empty body is no body (many clients send
 * "Content-Type: application/json" on every request, a DELETE included; a route that needs a
 * body says so through its schema) and that the body is measured first: one nested deeper
 * than 32 levels or holding more than 10,000 objects and arrays or 100,000 values is a 400
 * without being built (10 MiB of `[{},{},…]` took 350 MB to parse).
 */
export function jsonBodyParser(app: FastifyInstance): BodyParser {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (req, body, done) => {
    if (body === '') return done(null, undefined);
    let shape: JsonPart;
    try {
      shape = scanJson(body, { split: false }).parts[0];
    } catch (err) {
      return done(err as Error);
    }
    const { depth, containers, commas } = JSON_BODY_LIMITS;
    if (shape.depth > depth || shape.containers > containers || shape.commas > commas) {
      return done(
        validationFailed(
          `The JSON body is too complex: at most ${depth} levels deep, ${containers.toLocaleString('en-US')} objects and arrays ` +
            `and ${commas.toLocaleString('en-US')} values.`,
        ),
      );
    }
    parse(req, body, done);
  };
}

/** The route that reads its JSON record by record and rejects a record that is not UTF-8 alone. */
const INGEST_CALLS_URL = '/api/ingest/calls';

/**
 * A JSON body that is not UTF-8 is a 400 (CONTRACT §2, bad JSON), as ingest rejects such a
 * record: decoded as text it would be stored with U+FFFD in place of the bad bytes. Checked
 * while the body streams in, chunk by chunk, before any parser sees it.
 */
function refuseInvalidUtf8(app: FastifyInstance): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.routeOptions.url === INGEST_CALLS_URL || !/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return payload;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const notUtf8 = () => validationFailed('The body is not valid UTF-8.');
    // receivedEncodedLength: Fastify compares it with Content-Length, as it would the original's.
    const checked: Transform & { receivedEncodedLength?: number } = new Transform({
      transform(chunk: Buffer, _enc, done) {
        checked.receivedEncodedLength = (checked.receivedEncodedLength ?? 0) + chunk.length;
        try {
          decoder.decode(chunk, { stream: true }); // a character split between chunks waits for its end
        } catch {
          return done(notUtf8());
        }
        done(null, chunk);
      },
      flush(done) {
        try {
          decoder.decode();
        } catch {
          return done(notUtf8());
        }
        done();
      },
    });
    pipeline(payload, checked, () => {});
    return checked;
  });
}

function registerJsonParser(app: FastifyInstance): void {
  const parse = jsonBodyParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => parse(req, body as string, done));
}

type ValidatorDef = { schema: FastifySchema; method: string; url: string; httpPart?: string };
type Validator = (data: unknown) => { error?: FastifySchemaValidationError[]; value?: unknown } | boolean;
type ValidatorCompiler = (def: ValidatorDef) => Validator;

/** The one validator compiler: lenient (coercing) for text parts, strict for JSON bodies. */
function validatorCompiler(): ValidatorCompiler {
  const factory = AjvCompiler();
  const lenient = factory({}, { customOptions: { ...AJV_DEFAULTS, coerceTypes: 'array' } });
  const strict = factory({}, { customOptions: { ...AJV_DEFAULTS, coerceTypes: false } });
  return (def) => {
    const validate = (def.httpPart === 'body' ? strict : lenient)(def as never) as ((data: unknown) => boolean) & {
      errors?: unknown;
    };
    return (data: unknown) => {
      const bad = badValue(data);
      if (bad) return { error: [bad] as FastifySchemaValidationError[] };
      if (!validate(data)) return { error: validate.errors as FastifySchemaValidationError[] };
      const coerced = badValue(data);
      return coerced ? { error: [coerced] as FastifySchemaValidationError[] } : { value: data };
    };
  };
}

/**
 * Every documented route (not hidden from the OpenAPI document: the dashboard's pages and
 * files keep their own query strings) refuses query parameters it does not declare: a
 * misspelt filter (`impersonated_brnd=Amazon`) would otherwise widen the answer silently
 * (CONTRACT §2, unknown parameters are malformed input). Registered on the root before any
 * route, so one rule covers every feature, the routes without a querystring schema included,
 * and a route with its own validator compiler (ingest checks records itself) still gets the
 * shared one for its query string.
 */
function rejectUnknownQueryParameters(app: FastifyInstance, compile: ValidatorCompiler): void {
  app.addHook('onRoute', (route) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const query = (route.schema?.querystring ?? { type: 'object', properties: {} }) as Record<string, unknown>;
    if (query.type !== 'object' || query.additionalProperties !== undefined) return;
    route.schema = { ...route.schema, querystring: { ...query, additionalProperties: false } };
    const own = route.validatorCompiler as ValidatorCompiler | undefined;
    if (own) route.validatorCompiler = ((def: ValidatorDef) => (def.httpPart === 'querystring' ? compile : own)(def)) as never;
  });
}

export function registerValidators(app: FastifyInstance): void {
  registerJsonParser(app);
  refuseInvalidUtf8(app);
  const compile = validatorCompiler();
  rejectUnknownQueryParameters(app, compile);
  app.setValidatorCompiler(compile as never);
}
