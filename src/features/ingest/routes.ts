// Ingest (CONTRACT §5): one object, a JSON array (≤ 10,000) or streamed NDJSON of any
// length. Records are validated one by one; valid ones are stored in batches and the
// response is sent only after every batch has committed.

import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CALL_SID_PATTERN } from '../../domain/call.js';
import { CallRecordSchema } from '../../domain/ingestRecord.js';
import { parseRfc3339 } from '../../domain/time.js';
import { ApiError, notFound, validationFailed } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { forgetLexicon } from '../../agent/read/lexicon.js';
import { afterIngest } from '../../delivery/pipeline.js';
import { IngestRun } from './ingestRun.js';
import { JsonBody, jsonRecords } from './jsonRecords.js';
import { jsonBodyParser } from '../../http/validation.js';
import { INGEST } from '../../http/access.js';
import { featureApp } from '../../http/feature.js';

const MiB = 1024 * 1024;
const MAX_ARRAY = 10_000;
const CALLS_URL = '/api/ingest/calls';

const IngestResult = Type.Object({
  accepted: Type.Integer({ description: 'Valid records stored' }),
  created: Type.Integer(),
  updated: Type.Integer({ description: 'Records that replaced a stored call with the same call_sid' }),
  rejected: Type.Array(
    Type.Object({
      index: Type.Integer({ description: '0-based position in the array, or record number in NDJSON (blank lines skipped)' }),
      call_sid: Type.Union([Type.String(), Type.Null()]),
      errors: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })),
    }),
  ),
});

/** Plain JSON Schema (what Type.Null() writes): the reply has no body to type. */
const NO_CONTENT = { 204: { type: 'null' } };
const SessionParams = Type.Object({ call_sid: Type.String({ pattern: CALL_SID_PATTERN }) });
const Text = (max = 512) => Type.String({ maxLength: max });
const SessionBody = Type.Object(
  {
    persona: Text(),
    caller_id: Text(),
    impersonated_brand: Type.Optional(Type.Union([Text(), Type.Null()])),
    lure_category: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z0-9_]+$', maxLength: 512 }), Type.Null()])),
    state: Text(64),
    started_at: Type.String({ description: 'RFC 3339' }),
  },
  { additionalProperties: false },
);

export async function ingestRoutes(instance: FastifyInstance): Promise<void> {
  const app = featureApp(instance, INGEST, { tags: ['ingest'] });
  const { storage, metrics, now } = app.deps;

  // NDJSON is handed to the route as the raw stream: it is read line by line, never whole.
  // Only the calls route takes it: the session routes validate JSON, and a stream handed to
  // their validator was walked until the process ran out of memory.
  app.addContentTypeParser('application/x-ndjson', (req, payload, done) => {
    if (req.routeOptions.url === CALLS_URL) return done(null, payload);
    done(new ApiError(415, 'unsupported_media_type', 'The body must be JSON (application/json).'));
  });
  // A JSON body of calls is kept as text and read record by record (jsonRecords.ts).
  const parseJson = jsonBodyParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (req.routeOptions.url !== CALLS_URL || body === '') return parseJson(req, body, done);
    let parsed: JsonBody;
    try {
      parsed = new JsonBody(body, MAX_ARRAY);
    } catch (err) {
      return done(err instanceof Error ? err : new Error(String(err)));
    }
    done(null, parsed);
  });

  app.post(
    CALLS_URL,
    {
      bodyLimit: 64 * MiB,
      config: { errors: [422] },
      schema: {
        operationId: 'ingestCalls',
        summary: 'Ingest calls: one JSON object, a JSON array (≤ 10,000) or NDJSON (application/x-ndjson, streamed)',
        description:
          'Each record is validated alone; valid records are stored (insert or replace on call_sid) and invalid ones are ' +
          'reported by index with field paths. 422 all_records_rejected when none is valid. The response is sent once ' +
          'the stored records are durable. Ingesting a call also ends its live session. A record is rejected unread ' +
          'when it is an NDJSON line over 1 MiB, a line that is not UTF-8, or a JSON record nested deeper than 32 levels ' +
          'or holding more than 100,000 objects and arrays or 1,000,000 values.',
        body: Type.Union([CallRecordSchema, Type.Array(Type.Unknown())], { description: 'A record, an array of records, or NDJSON' }),
        response: { 200: IngestResult },
      },
      // The per-record validator reports errors by index, so the schema above documents only.
      validatorCompiler: () => () => true,
    },
    async (req) => {
      const principal = principalOf(req);
      // Ingesting a finished call ends its live session, batch by batch.
      const run = new IngestRun(storage.db, principal.orgId, (records) =>
        storage.sessions.end(
          principal.orgId,
          records.map((r) => r.call_sid),
        ),
      );
      // The body is what the content-type parsers above made of it, not the documented schema.
      const body: unknown = req.body;
      if (body instanceof Readable) {
        await run.addNdjson(body);
      } else if (body instanceof JsonBody) {
        if (body.scan.more) {
          throw validationFailed(`A JSON array holds at most ${MAX_ARRAY} records; send NDJSON for more.`);
        }
        let index = 0;
        for (const r of jsonRecords(body)) await run.add(index++, 'value' in r ? r.value : undefined, 'error' in r ? r.error : undefined);
        await run.finish();
      } else {
        throw validationFailed('The body must be a call record, an array of records, or NDJSON.');
      }
      if (run.accepted + run.rejectedCount === 0) throw validationFailed('The body holds no records.');
      metrics.ingested.inc({ outcome: 'created' }, run.created);
      metrics.ingested.inc({ outcome: 'updated' }, run.updated);
      metrics.ingested.inc({ outcome: 'rejected' }, run.rejectedCount);
      if (run.accepted > 0) await afterIngest(app, principal.orgId); // webhooks now, alert rules evaluated
      if (run.accepted > 0) forgetLexicon(principal.orgId); // the agent reads new values at once
      if (run.accepted === 0) {
        throw new ApiError(422, 'all_records_rejected', `All ${run.rejectedCount} records were rejected.`, undefined, {
          rejected: run.rejected,
        });
      }
      return { accepted: run.accepted, created: run.created, updated: run.updated, rejected: run.rejected };
    },
  );

  app.put(
    '/api/ingest/sessions/:call_sid',
    {
      schema: {
        operationId: 'putSession',
        summary: 'Create or replace a live session (refreshes its heartbeat)',
        params: SessionParams,
        body: SessionBody,
        response: NO_CONTENT,
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const { call_sid } = req.params;
      const body = req.body;
      const started = parseRfc3339(body.started_at);
      if (!started) {
        throw validationFailed('started_at must be an RFC 3339 timestamp.', [
          { path: 'body.started_at', message: 'must be an RFC 3339 timestamp with Z or an offset' },
        ]);
      }
      const clean = (s: string | null | undefined) => (s == null || s.trim() === '' ? null : s.trim());
      await storage.sessions.put(
        principal.orgId,
        call_sid,
        {
          persona: body.persona.trim(),
          caller_id: body.caller_id.trim(),
          impersonated_brand: clean(body.impersonated_brand),
          lure_category: clean(body.lure_category),
          state: body.state.trim(),
          started_at: started.toISOString(),
        },
        now().getTime(),
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/ingest/sessions/:call_sid/heartbeat',
    {
      schema: {
        operationId: 'heartbeatSession',
        summary: 'Refresh a live session (404 when unknown or expired)',
        params: SessionParams,
        // The body is optional: none at all (validated as null) is a plain heartbeat.
        body: Type.Union([Type.Object({ state: Type.Optional(Text(64)) }, { additionalProperties: false }), Type.Null()]),
        response: NO_CONTENT,
      },
    },
    async (req, reply) => {
      const principal = principalOf(req);
      const { call_sid } = req.params;
      const state = req.body?.state?.trim();
      if (!(await storage.sessions.heartbeat(principal.orgId, call_sid, state, now().getTime()))) {
        throw notFound('No active session with this call_sid.');
      }
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/ingest/sessions/:call_sid',
    { schema: { operationId: 'endSession', summary: 'End a live session', params: SessionParams, response: NO_CONTENT } },
    async (req, reply) => {
      const principal = principalOf(req);
      await storage.sessions.end(principal.orgId, [req.params.call_sid]);
      return reply.code(204).send();
    },
  );
}
