// The API surface as /openapi.json declares it, for the security tests: every
// operation with its contract class (CONTRACT §1), a minimal valid request for each (so that
// authorisation, not validation, decides), the objects those requests name in every org, the
// problem+json checks of CONTRACT §2, and raw HTTP for what app.inject cannot send.

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SETTLE_MS } from '../../src/features/taxii/feed.js';
import { admin, newOrg, scopedKey } from '../helpers/app.js';

// ---------------------------------------------------------------------------------------------
// operations

/** Who may call an operation, by CONTRACT §1. */
type OpClass = 'public' | 'admin' | 'ingest' | 'read' | 'pro';

/** A piece of the OpenAPI document, of any shape. */
export type Schema = Record<string, any>;

interface Param {
  name: string;
  in: 'path' | 'query';
  schema: Schema;
}

export interface Operation {
  /** "GET /api/calls/{call_sid}" */
  id: string;
  method: string;
  /** The OpenAPI path template. */
  path: string;
  cls: OpClass;
  params: Param[];
  /** The JSON request body schema ($refs resolved), or null when none is declared. */
  body: Schema | null;
}

const PRO_PREFIXES = ['/api/agent', '/api/webhooks', '/api/alerts', '/api/exports', '/api/campaigns']; // CONTRACT §14: campaigns are pro
// CONTRACT §13: /api/query is free; saved views and annotations (docs/contract.md) are free as saved searches are.
const FREE_PREFIXES = ['/api/kpis', '/api/calls', '/api/saved-searches', '/api/query', '/api/views', '/api/annotations'];
const under = (p: string, prefix: string) => p === prefix || p.startsWith(`${prefix}/`);

/** TAXII 2.1 paths answer TAXII error messages instead of problem+json. */
export const isTaxii = (path: string) => under(path, '/taxii2');

function classify(path: string): OpClass {
  if (under(path, '/api/admin')) return 'admin';
  if (under(path, '/api/ingest')) return 'ingest';
  if (under(path, '/taxii2')) return 'pro'; // TAXII 2.1: pro read keys
  if (path === '/api/session') return 'public'; // sign-in: the key is in the body
  if (path === '/api/me') return 'read';
  if (PRO_PREFIXES.some((p) => under(path, p))) return 'pro';
  if (FREE_PREFIXES.some((p) => under(path, p))) return 'read';
  if (!under(path, '/api')) return 'public';
  throw new Error(`${path}: an /api path the contract does not place (CONTRACT §1); add it to test/security/surface.ts`);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Resolves `$ref`s into components, one level at a time (callers walk further themselves). */
export function deref(doc: Schema, s: Schema | undefined): Schema | undefined {
  let cur = s;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 20; i++) {
    const parts = (cur.$ref as string).replace(/^#\//, '').split('/');
    cur = parts.reduce<Schema | undefined>((o, k) => o?.[k], doc);
  }
  return cur;
}

export async function readOpenApi(app: FastifyInstance): Promise<Schema> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /openapi.json → ${res.statusCode}`);
  return res.json();
}

export function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p: Schema) => deref(doc, p)!)
        .filter((p: Schema) => p.in === 'path' || p.in === 'query')
        .map((p: Schema) => ({ name: p.name, in: p.in, schema: deref(doc, p.schema) ?? {} }));
      const body = deref(doc, op.requestBody)?.content?.['application/json']?.schema;
      ops.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        cls: classify(path),
        params,
        body: body ? deref(doc, body)! : null,
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------
// the objects requests name, in every org

export interface Ids {
  callSid: string;
  /** A live session (ingest). */
  sessionSid: string;
  subId: string;
  deliveryId: string;
  ruleId: string;
  searchId: string;
  agentSession: string;
  /** The TAXII collection of the owner's org and scope, and an object in it. */
  collectionId: string;
  objectId: string;
  /** A campaign of the owner's calls: two calls with one phishing domain. */
  campaignId: string;
  viewId: string;
  annotationId: string;
}

/** A key holder and the objects it made: requests made "as" an owner name its objects. */
export interface Owner {
  name: string;
  orgId: string;
  /** The read key that created the read-side objects (maybe scoped). */
  read: string;
  /** The org's ingest key. */
  ingest: string;
  ids: Ids;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export const callRecord = (sid: string) => ({
  call_sid: sid,
  started_at: new Date(Date.now() - 3600_000).toISOString(),
  duration_sec: 120,
  caller_id: '+12025550143',
  persona: 'margaret',
  transcript: [{ speaker: 'caller', text: 'Hello, this is Amazon, buy a gift card', offset_sec: 0.5 }],
  extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND', gift_card_brand: 'Apple', dollar_asks: [500] },
});

const sessionBody = () => ({
  persona: 'margaret',
  caller_id: '+12025550143',
  impersonated_brand: 'Amazon',
  state: 'talking',
  started_at: new Date(Date.now() - 60_000).toISOString(),
});

// Targets under .invalid (RFC 2606) never resolve: a delivery fails at once and reaches no one.
// No crypto calls are ever ingested, so these subscriptions never deliver in the background.
const subscriptionBody = () => ({
  event_type: 'tier1.crypto_wallet_extracted',
  url: `https://hooks.example.invalid/${unique('h')}`,
});
// A threshold no test reaches: rules never fire.
const ruleBody = () => ({
  name: 'never fires',
  metric: 'calls',
  threshold: 1_000_000_000,
  window_min: 60,
  channel: 'webhook',
  target: 'https://hooks.example.invalid/alert',
});
const searchBody = () => ({ name: 'gift cards', filters: { q: 'gift' } });
const viewBody = () => ({ name: 'Amazon, 30 days', state: { range: '30d', filters: [['is', 'impersonated_brand', ['Amazon']]] } });
const annotationBody = () => ({ at: '2020-06-01T00:00:00Z', text: 'Persona change' });
/** Chit-chat: the built-in agent answers without a tool call. */
const askBody = () => ({ question: 'hello' });

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function expectStatus(
  app: FastifyInstance,
  what: string,
  req: { method: string; url: string; key: string; payload?: unknown },
  status: number[],
): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: req.method as 'GET', url: req.url, headers: bearer(req.key), payload: req.payload as object });
  if (!status.includes(res.statusCode)) throw new Error(`fixture ${what}: ${req.method} ${req.url} → ${res.statusCode} ${res.body}`);
  return res.body ? res.json() : {};
}

/** The world the security tests run in: orgs, keys, and objects of every kind in each org. */
export class World {
  /** Pro org A: unscoped read key, ingest key. */
  pro!: Owner;
  /** Org A through a read key scoped to impersonated_brand Amazon, with objects of its own. */
  scoped!: Owner;
  /** Pro org B: "another org". */
  other!: Owner;
  /** A free org (its objects were made while it was pro). */
  free!: Owner;
  /** A read key of org A, revoked. */
  revokedKey!: string;
  /** An org the admin-API requests name (patched to its own tier, given keys, keys revoked). */
  victimOrgId!: string;
  victimKeyId!: string;

  private constructor(private readonly app: FastifyInstance) {}

  static async create(app: FastifyInstance): Promise<World> {
    const w = new World(app);
    const a = await newOrg(app, 'pro', 'Org A');
    const b = await newOrg(app, 'pro', 'Org B');
    const f = await newOrg(app, 'pro', 'Org F (free)');
    const scoped = await scopedKey(app, a.orgId, { impersonated_brand: ['Amazon'] });
    w.pro = await w.seedOwner('pro', a.orgId, a.read, a.ingest);
    w.scoped = await w.seedOwner('scoped', a.orgId, scoped, a.ingest);
    w.other = await w.seedOwner('other', b.orgId, b.read, b.ingest);
    w.free = await w.seedOwner('free', f.orgId, f.read, f.ingest);
    await w.seedTaxii([w.pro, w.scoped, w.other, w.free]);
    const patched = await admin(app, 'PATCH', `/api/admin/orgs/${f.orgId}`, { tier: 'free' });
    if (patched.statusCode !== 200) throw new Error(`fixture: free tier → ${patched.statusCode} ${patched.body}`);

    const revoked = (await admin(app, 'POST', `/api/admin/orgs/${a.orgId}/keys`, { name: 'revoked', role: 'read' })).json();
    const del = await admin(app, 'DELETE', `/api/admin/keys/${revoked.id}`);
    if (del.statusCode !== 204) throw new Error(`fixture: revoke → ${del.statusCode} ${del.body}`);
    w.revokedKey = revoked.key;

    w.victimOrgId = (await admin(app, 'POST', '/api/admin/orgs', { name: 'Victim', tier: 'free' })).json().id;
    await w.refresh(w.pro, 'victimKey');
    return w;
  }

  /**
   * Each owner's TAXII collection and one object in it. TAXII serves a call 5 s after its
   * ingest (src/features/taxii/feed.ts): this waits out that time once, while every org is pro.
   */
  private async seedTaxii(owners: Owner[]): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.max(0, this.seededAt + SETTLE_MS + 250 - Date.now())));
    for (const o of owners) {
      const list = await expectStatus(
        this.app,
        'taxii collections',
        { method: 'GET', url: '/taxii2/api/collections/', key: o.read },
        [200],
      );
      o.ids.collectionId = String((list.collections as { id: string }[])[0].id);
      const page = await expectStatus(
        this.app,
        'taxii objects',
        { method: 'GET', url: `/taxii2/api/collections/${o.ids.collectionId}/objects/?limit=1`, key: o.read },
        [200],
      );
      const first = (page.objects as { id: string }[] | undefined)?.[0];
      if (!first) throw new Error(`fixture: no TAXII object for ${o.name}: ${JSON.stringify(page)}`);
      o.ids.objectId = first.id;
    }
  }

  private seededAt = 0;

  private async seedOwner(name: string, orgId: string, read: string, ingest: string): Promise<Owner> {
    this.seededAt = Date.now();
    const o: Owner = { name, orgId, read, ingest, ids: {} as Ids };
    o.ids.callSid = `CA_${name}_seed`;
    await expectStatus(
      this.app,
      'call',
      { method: 'POST', url: '/api/ingest/calls', key: ingest, payload: [callRecord(o.ids.callSid)] },
      [200],
    );
    const domain = `${name}-verify.example`;
    const linked = [1, 2].map((n) => ({
      ...callRecord(`CA_${name}_campaign${n}`),
      extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND', phishing_url: `https://${domain}/${n}` },
    }));
    await expectStatus(this.app, 'campaign calls', { method: 'POST', url: '/api/ingest/calls', key: ingest, payload: linked }, [200]);
    const campaigns = await expectStatus(this.app, 'campaigns', { method: 'GET', url: '/api/campaigns?min_calls=2', key: read }, [200]);
    const mine = (campaigns.items as { id: string; identifiers: { phishing_domain: { value: string }[] } }[]).find((c) =>
      c.identifiers.phishing_domain.some((d) => d.value === domain),
    );
    if (!mine) throw new Error(`fixture campaign: none for ${domain}`);
    o.ids.campaignId = mine.id;
    for (const kind of ['sessionSid', 'subId', 'ruleId', 'searchId', 'agentSession', 'viewId', 'annotationId'] as const) {
      await this.refresh(o, kind);
    }
    return o;
  }

  /**
   * Makes a new object of this kind for the owner (after a request deleted the old one). A
   * failure keeps the old id: later requests then name a missing object, which is never 2xx.
   */
  async refresh(o: Owner, kind: keyof Ids | 'victimKey'): Promise<void> {
    const app = this.app;
    try {
      switch (kind) {
        case 'callSid':
        case 'campaignId':
          return;
        case 'sessionSid': {
          const sid = o.ids.sessionSid ?? `LS_${o.name}`;
          await expectStatus(
            app,
            'session',
            { method: 'PUT', url: `/api/ingest/sessions/${sid}`, key: o.ingest, payload: sessionBody() },
            [204],
          );
          o.ids.sessionSid = sid;
          return;
        }
        case 'subId':
        case 'deliveryId': {
          const sub = await expectStatus(
            app,
            'subscription',
            { method: 'POST', url: '/api/webhooks/subscriptions', key: o.read, payload: subscriptionBody() },
            [201],
          );
          o.ids.subId = String(sub.id);
          // One attempt (to a name that never resolves): a delivery id of this owner.
          const attempt = await expectStatus(
            app,
            'delivery',
            { method: 'POST', url: `/api/webhooks/subscriptions/${sub.id}/test`, key: o.read },
            [200],
          );
          o.ids.deliveryId = String(attempt.id);
          return;
        }
        case 'ruleId':
          o.ids.ruleId = String(
            (await expectStatus(app, 'rule', { method: 'POST', url: '/api/alerts/rules', key: o.read, payload: ruleBody() }, [201])).id,
          );
          return;
        case 'searchId':
          o.ids.searchId = String(
            (
              await expectStatus(
                app,
                'saved search',
                { method: 'POST', url: '/api/saved-searches', key: o.read, payload: searchBody() },
                [201],
              )
            ).id,
          );
          return;
        case 'viewId':
          o.ids.viewId = String(
            (await expectStatus(app, 'view', { method: 'POST', url: '/api/views', key: o.read, payload: viewBody() }, [201])).id,
          );
          return;
        case 'annotationId':
          o.ids.annotationId = String(
            (
              await expectStatus(
                app,
                'annotation',
                { method: 'POST', url: '/api/annotations', key: o.read, payload: annotationBody() },
                [201],
              )
            ).id,
          );
          return;
        case 'agentSession': {
          const id = randomUUID();
          await expectStatus(
            app,
            'agent session',
            { method: 'POST', url: '/api/agent/ask', key: o.read, payload: { ...askBody(), session_id: id } },
            [200],
          );
          o.ids.agentSession = id;
          return;
        }
        case 'victimKey': {
          const res = await admin(app, 'POST', `/api/admin/orgs/${this.victimOrgId}/keys`, { name: 'victim', role: 'read' });
          if (res.statusCode !== 201) throw new Error(`fixture victim key → ${res.statusCode} ${res.body}`);
          this.victimKeyId = res.json().id;
          return;
        }
      }
    } catch (err) {
      if (!o.ids[kind as keyof Ids]) throw err; // first creation: the world is broken
    }
  }
}

// ---------------------------------------------------------------------------------------------
// a minimal valid request per operation

export interface Fixture {
  /** Path parameter values naming the owner's objects. */
  params?: (o: Owner, w: World) => Record<string, string>;
  /** Query string the operation needs (without "?"). */
  query?: string;
  /** The request body; `o` is whose objects (and keys) the request names. */
  body?: (o: Owner) => unknown;
  /** The path names an object of the org: another org gets 404 (CONTRACT §1). */
  owned?: boolean;
  /**
   * A DELETE answering 204 whether or not the object exists: another org may get 204 or
   * 404, and the owner's object must survive (checked with `survives`).
   */
  idempotent?: boolean;
  /** A request, as the owner, that succeeds while the object named exists. */
  survives?: (o: Owner) => { method: string; url: string; key: string; payload?: unknown };
  /** A 2xx answer deletes the object: make a new one before the next request. */
  consumes?: keyof Ids | 'victimKey';
}

const FIXTURES: Record<string, Fixture> = {
  'GET /healthz': {},
  'GET /readyz': {},
  'GET /metrics': {},
  'GET /openapi.json': {},

  'POST /api/ingest/calls': { body: () => [callRecord(unique('CA_'))] },
  'PUT /api/ingest/sessions/{call_sid}': { params: (o) => ({ call_sid: o.ids.sessionSid }), body: sessionBody },
  'POST /api/ingest/sessions/{call_sid}/heartbeat': {
    params: (o) => ({ call_sid: o.ids.sessionSid }),
    body: () => ({ state: 'talking' }),
    owned: true,
  },
  'DELETE /api/ingest/sessions/{call_sid}': {
    params: (o) => ({ call_sid: o.ids.sessionSid }),
    owned: true,
    idempotent: true,
    survives: (o) => ({ method: 'POST', url: `/api/ingest/sessions/${o.ids.sessionSid}/heartbeat`, key: o.ingest, payload: {} }),
    consumes: 'sessionSid',
  },

  'GET /api/kpis/summary': {},
  'GET /api/kpis/timeseries/{metric}': { params: () => ({ metric: 'calls' }) },
  'GET /api/kpis/topn/{field}': { params: () => ({ field: 'impersonated_brand' }) },
  'GET /api/kpis/arrivals': {},
  'GET /api/kpis/duration-histogram': {},
  'GET /api/kpis/ask-histogram': {},
  'GET /api/kpis/tier1': {},
  'GET /api/kpis/attacker-geo': {},
  'GET /api/kpis/disconnect-breakdown': {},
  'GET /api/kpis/active-calls': {},

  'POST /api/agent/ask': { body: askBody },
  'POST /api/agent/ask-stream': { body: askBody },
  'GET /api/agent/session/{session_id}/v2': { params: (o) => ({ session_id: o.ids.agentSession }), owned: true },
  'DELETE /api/agent/session/{session_id}/v2': {
    params: (o) => ({ session_id: o.ids.agentSession }),
    owned: true,
    idempotent: true,
    survives: (o) => ({ method: 'GET', url: `/api/agent/session/${o.ids.agentSession}/v2`, key: o.read }),
    consumes: 'agentSession',
  },

  'GET /api/webhooks/events': {},
  'POST /api/webhooks/subscriptions': { body: subscriptionBody },
  'GET /api/webhooks/subscriptions': {},
  'DELETE /api/webhooks/subscriptions/{sub_id}': { params: (o) => ({ sub_id: o.ids.subId }), owned: true, consumes: 'subId' },
  'POST /api/webhooks/subscriptions/{sub_id}/test': { params: (o) => ({ sub_id: o.ids.subId }), owned: true },
  'GET /api/webhooks/deliveries': {},
  'POST /api/webhooks/deliveries/{delivery_id}/retry': { params: (o) => ({ delivery_id: o.ids.deliveryId }), owned: true },

  'GET /api/alerts/catalog': {},
  'POST /api/alerts/rules': { body: ruleBody },
  'GET /api/alerts/rules': {},
  'DELETE /api/alerts/rules/{rule_id}': { params: (o) => ({ rule_id: o.ids.ruleId }), owned: true, consumes: 'ruleId' },
  'PATCH /api/alerts/rules/{rule_id}': { params: (o) => ({ rule_id: o.ids.ruleId }), body: () => ({ threshold: 7 }), owned: true },
  'GET /api/alerts/preview': { query: 'metric=calls&window_min=60' },
  'GET /api/alerts/firings': {},

  'GET /api/exports/tier1': {},
  'GET /api/exports/stix': {},
  'GET /api/exports/misp': {},

  'GET /taxii2/': {},
  'GET /taxii2/api/': {},
  'GET /taxii2/api/collections/': {},
  'GET /taxii2/api/collections/{collection_id}/': { params: (o) => ({ collection_id: o.ids.collectionId }), owned: true },
  'GET /taxii2/api/collections/{collection_id}/objects/': { params: (o) => ({ collection_id: o.ids.collectionId }), owned: true },
  'GET /taxii2/api/collections/{collection_id}/objects/{object_id}/': {
    params: (o) => ({ collection_id: o.ids.collectionId, object_id: o.ids.objectId }),
    owned: true,
  },
  'GET /taxii2/api/collections/{collection_id}/objects/{object_id}/versions/': {
    params: (o) => ({ collection_id: o.ids.collectionId, object_id: o.ids.objectId }),
    owned: true,
  },
  'GET /taxii2/api/collections/{collection_id}/manifest/': { params: (o) => ({ collection_id: o.ids.collectionId }), owned: true },

  'GET /api/calls': {},
  'POST /api/query': { body: () => ({ metrics: ['calls_received'], dimensions: ['impersonated_brand'] }) },
  'GET /api/calls/{call_sid}': { params: (o) => ({ call_sid: o.ids.callSid }), owned: true },
  'GET /api/campaigns': {},
  'GET /api/campaigns/{id}': { params: (o) => ({ id: o.ids.campaignId }), owned: true },

  // Sign-in takes its key in the body: every caller signs in as the owner's read key.
  'POST /api/session': { body: (o) => ({ key: o.read }) },
  'DELETE /api/session': { idempotent: true },
  'GET /api/me': {},

  'GET /api/saved-searches': {},
  'POST /api/saved-searches': { body: searchBody },
  'DELETE /api/saved-searches/{search_id}': { params: (o) => ({ search_id: o.ids.searchId }), owned: true, consumes: 'searchId' },

  'GET /api/views': {},
  'POST /api/views': { body: viewBody },
  'GET /api/views/{view_id}': { params: (o) => ({ view_id: o.ids.viewId }), owned: true },
  'DELETE /api/views/{view_id}': { params: (o) => ({ view_id: o.ids.viewId }), owned: true, consumes: 'viewId' },
  'GET /api/annotations': {},
  'POST /api/annotations': { body: annotationBody },
  'DELETE /api/annotations/{annotation_id}': {
    params: (o) => ({ annotation_id: o.ids.annotationId }),
    owned: true,
    consumes: 'annotationId',
  },

  'POST /api/admin/orgs': { body: () => ({ name: 'Made by a test', tier: 'free' }) },
  'GET /api/admin/orgs': {},
  'PATCH /api/admin/orgs/{org_id}': { params: (_o, w) => ({ org_id: w.victimOrgId }), body: () => ({ tier: 'free' }) },
  'POST /api/admin/orgs/{org_id}/keys': { params: (_o, w) => ({ org_id: w.victimOrgId }), body: () => ({ name: 'k', role: 'read' }) },
  'GET /api/admin/orgs/{org_id}/keys': { params: (_o, w) => ({ org_id: w.victimOrgId }) },
  'DELETE /api/admin/keys/{key_id}': { params: (_o, w) => ({ key_id: w.victimKeyId }), consumes: 'victimKey' },
  'GET /api/admin/orgs/{org_id}/retention': { params: (_o, w) => ({ org_id: w.victimOrgId }) },
  'PATCH /api/admin/orgs/{org_id}/retention': { params: (_o, w) => ({ org_id: w.victimOrgId }), body: () => ({ hourly_rollups_days: 62 }) },
  'POST /api/admin/retention/run': {},
};

export function fixtureOf(op: Operation): Fixture {
  const f = FIXTURES[op.id];
  if (!f) throw new Error(`${op.id}: no fixture; add a minimal valid request to FIXTURES in test/security/surface.ts`);
  return f;
}

/** The URL of a fixture's request: the path with `values` filled in, and its query. */
export const fixtureUrl = (op: Operation, fx: Fixture, values: Record<string, string>) =>
  fillPath(op.path, values) + (fx.query ? `?${fx.query}` : '');

/** The concrete path of an operation, with `values` for its path parameters (not encoded). */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (values[name] === undefined) throw new Error(`${template}: no value for {${name}}`);
    return values[name];
  });
}

// ---------------------------------------------------------------------------------------------
// answers: CONTRACT §2

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The contract's code(s) per status; other error statuses need a snake_case code. */
const CONTRACT_CODES: Record<number, string[]> = {
  400: ['validation_failed', 'invalid_range'],
  401: ['unauthorized'],
  403: ['tier_required', 'forbidden'],
  404: ['not_found'],
  409: ['conflict'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  422: ['all_records_rejected'],
  429: ['rate_limited'],
  500: ['internal'],
};

const STACK = /\bat\s[^\n]*(\/src\/|node_modules|\.[cm]?[jt]s:\d+)|\n\s+at\s/;
const SQL_UPPER = /SELECT |INSERT /;
const SQL_NAMES = /syntax error|duckdb|postgres/i;

export const header = (a: Answer, name: string): string => {
  const v = a.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
};

const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

/** What is wrong with an answer under CONTRACT §2 (empty when nothing). */
export function answerIssues(a: Answer, opts: { leakCheck?: boolean; taxii?: boolean } = {}): string[] {
  const issues: string[] = [];
  if (a.status >= 500) issues.push(`status ${a.status} (≥ 500): ${short(a.body)}`);
  if (opts.leakCheck !== false) {
    if (STACK.test(a.body)) issues.push(`body holds a stack trace: ${short(a.body, 300)}`);
    if (SQL_UPPER.test(a.body) || SQL_NAMES.test(a.body)) issues.push(`body holds SQL or engine text: ${short(a.body, 300)}`);
  }
  if (a.status < 400) return issues;
  const type = header(a, 'content-type');
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(a.body);
  } catch {
    body = null;
  }
  // Under /taxii2/ errors are TAXII 2.1 error messages (§3.6.1), carrying our code as error_code.
  if (opts.taxii && type === TAXII_TYPE) return [...issues, ...taxiiErrorIssues(a, body)];
  if (!/^application\/problem\+json/i.test(type) || !body || typeof body !== 'object' || Array.isArray(body)) {
    issues.push(`${a.status} is not problem+json (content-type "${type}"): ${short(a.body)}`);
    return issues;
  }
  const missing = ['type', 'title', 'code', 'detail'].filter((f) => typeof body[f] !== 'string' || body[f] === '');
  if (missing.length) issues.push(`${a.status} problem without ${missing.join(', ')}: ${short(a.body)}`);
  if (body.status !== a.status) issues.push(`problem status ${JSON.stringify(body.status)} ≠ HTTP ${a.status}`);
  const allowed = CONTRACT_CODES[a.status];
  if (allowed && !allowed.includes(body.code as string))
    issues.push(`${a.status} with code ${JSON.stringify(body.code)}, not ${allowed.join(' | ')}`);
  if (!allowed && !/^[a-z][a-z0-9_]*$/.test(String(body.code)))
    issues.push(`${a.status} with code ${JSON.stringify(body.code)}, not snake_case`);
  return issues;
}

const TAXII_TYPE = 'application/taxii+json;version=2.1';

function taxiiErrorIssues(a: Answer, body: Record<string, unknown> | null): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [`${a.status} TAXII error is not a JSON object: ${short(a.body)}`];
  const issues: string[] = [];
  if (typeof body.title !== 'string' || body.title === '') issues.push(`${a.status} TAXII error without title: ${short(a.body)}`);
  if (body.http_status !== String(a.status)) issues.push(`TAXII http_status ${JSON.stringify(body.http_status)} ≠ "${a.status}"`);
  const allowed = a.status === 406 ? ['not_acceptable'] : CONTRACT_CODES[a.status];
  if (allowed && !allowed.includes(body.error_code as string))
    issues.push(`${a.status} with error_code ${JSON.stringify(body.error_code)}, not ${allowed.join(' | ')}`);
  return issues;
}

/** The error's code: a problem's `code`, or a TAXII error's `error_code`. */
export const problemCode = (a: Answer): string | undefined => {
  try {
    const body = JSON.parse(a.body);
    return body?.code ?? body?.error_code;
  } catch {
    return undefined;
  }
};

// ---------------------------------------------------------------------------------------------
// raw HTTP over TCP: what app.inject cannot send (bad request lines and headers, unknown
// methods, unnormalised paths, lying Content-Length)

export interface RawAnswer extends Answer {
  statusLine: string;
}

export interface RawExchange {
  answers: RawAnswer[];
  /** Bytes received after the last complete answer, if any. */
  rest: string;
  /** The server had not closed the connection when we stopped waiting. */
  timedOut: boolean;
}

/** Writes `bytes`, reads until the server closes (or `timeoutMs`), parses every answer. */
export function rawExchange(
  port: number,
  bytes: Buffer | string,
  opts: { timeoutMs?: number; halfClose?: boolean } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let timedOut = false;
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.write(bytes);
      if (opts.halfClose) socket.end();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, opts.timeoutMs ?? 5000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ ...parseAnswers(Buffer.concat(chunks)), timedOut });
    });
  });
}

function parseAnswers(buf: Buffer): { answers: RawAnswer[]; rest: string } {
  const answers: RawAnswer[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const end = buf.indexOf('\r\n\r\n', pos);
    if (end < 0) break;
    const head = buf.subarray(pos, end).toString('latin1').split('\r\n');
    const statusLine = head[0];
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!m) break;
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const i = line.indexOf(':');
      if (i < 0) continue;
      const k = line.slice(0, i).trim().toLowerCase();
      const v = line.slice(i + 1).trim();
      headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
    }
    let p = end + 4;
    let body: Buffer;
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = buf.indexOf('\r\n', p);
        if (lineEnd < 0) break;
        const size = parseInt(buf.subarray(p, lineEnd).toString('latin1'), 16);
        p = lineEnd + 2;
        if (!size) {
          p = buf.indexOf('\r\n', p) < 0 ? buf.length : buf.indexOf('\r\n', p) + 2;
          break;
        }
        parts.push(buf.subarray(p, p + size));
        p += size + 2;
      }
      body = Buffer.concat(parts);
    } else if (headers['content-length'] !== undefined) {
      const n = Number(headers['content-length']);
      body = buf.subarray(p, p + n);
      p += n;
    } else {
      body = buf.subarray(p);
      p = buf.length;
    }
    answers.push({ status: Number(m[1]), statusLine, headers, body: body.toString('utf8') });
    pos = p;
  }
  return { answers, rest: buf.subarray(pos).toString('latin1') };
}

/** One request with `Connection: close`; `target` is sent byte for byte (no normalisation). */
export async function rawRequest(
  port: number,
  req: { method: string; target: string; headers?: Record<string, string>; body?: string | Buffer },
  timeoutMs = 5000,
): Promise<RawAnswer | { status: 0; statusLine: string; headers: Record<string, string>; body: string }> {
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const headers: Record<string, string> = { host: '127.0.0.1', connection: 'close', ...(req.headers ?? {}) };
  if (body && headers['content-length'] === undefined) headers['content-length'] = String(body.length);
  const head = `${req.method} ${req.target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  const ex = await rawExchange(port, body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1'), {
    timeoutMs,
  });
  return (
    ex.answers[0] ?? {
      status: 0,
      statusLine: ex.timedOut ? '(no answer before the timeout)' : '(connection closed without an answer)',
      headers: {},
      body: ex.rest,
    }
  );
}
