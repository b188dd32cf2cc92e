// Saved searches: upsert semantics keyed by (org, id), validation shared with the call list,
// the per-org limit, running them through GET /api/calls?saved_search_id=, and the scope
// they keep (a scoped key sees and changes only those of exactly its scope).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { canonicalSavedSearchScopes } from '../../src/storage/migrations/008-saved-search-scopes.js';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T14:00:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let A: OrgKeys;
let B: OrgKeys;

function post(key: string, payload: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    payload: payload as object,
    headers: { authorization: `Bearer ${key}` },
  });
}
function del(key: string, id: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: { authorization: `Bearer ${key}` } });
}
const list = async (key: string) => {
  const res = await get(t.app, key, '/api/saved-searches');
  assert.equal(res.statusCode, 200, res.body);
  return res.json().items as { id: string; name: string; filters: Record<string, unknown>; created_at: string; updated_at: string }[];
};
const sids = async (key: string, qs: string) => {
  const res = await get(t.app, key, `/api/calls?limit=200&${qs}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().items.map((x: { call_sid: string }) => x.call_sid) as string[];
};

const call = (
  sid: string,
  hoursAgo: number,
  brand: string | null,
  duration: number,
  text: string,
  extra: Record<string, unknown> = {},
) => ({
  call_sid: sid,
  started_at: new Date(NOW.getTime() - hoursAgo * HOUR).toISOString(),
  duration_sec: duration,
  transcript: [{ speaker: 'caller', text }],
  extraction: brand === null ? null : { impersonated_brand: brand, ...extra },
});

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  A = await newOrg(t.app, 'free', 'A');
  B = await newOrg(t.app, 'free', 'B');
  const res = await ingest(t.app, A.ingest, [
    call('c1', 1, 'Amazon', 60, 'Buy a gift card', { gift_card_brand: 'Apple' }),
    call('c2', 2, 'PayPal', 120, 'Your PayPal account, buy gift cards', { payment_method: 'wire' }),
    call('c3', 3, 'amazon', 10, 'refund refund'),
    call('c4', 4, null, 300, 'hello?'),
    call('c5', 30, 'Microsoft', 45, 'your computer has a virus, install AnyDesk', { remote_desktop_app: 'AnyDesk' }),
    call('c6', 100, 'Amazon', 500, 'GIFT CARD please'),
    call('c7', 200, 'Amazon', 500, 'gift card, eight days ago'),
  ]);
  assert.equal(res.json().accepted, 7, res.body);
});

after(async () => {
  await t.close();
});

describe('POST /api/saved-searches: upsert', () => {
  it('without id → 201 with a generated id; single values become arrays', async () => {
    const res = await post(A.read, {
      name: ' Amazon gift cards ',
      filters: { impersonated_brand: 'Amazon', q: 'gift card', tier: [3, 1, 1] },
    });
    assert.equal(res.statusCode, 201, res.body);
    const s = res.json();
    assert.match(s.id, /^[A-Za-z0-9_-]{1,64}$/);
    assert.equal(s.name, 'Amazon gift cards');
    assert.deepEqual(s.filters, { q: 'gift card', impersonated_brand: ['Amazon'], tier: [1, 3] });
    assert.equal(s.created_at, '2026-11-20T14:00:00Z');
    assert.equal(s.updated_at, s.created_at);
    assert.deepEqual(Object.keys(s).sort(), ['created_at', 'filters', 'id', 'name', 'updated_at']);
    const again = await post(A.read, { name: 'Amazon gift cards', filters: {} });
    assert.equal(again.statusCode, 201);
    assert.notEqual(again.json().id, s.id, 'each creation gets a fresh id');
    for (const id of [s.id, again.json().id]) assert.equal((await del(A.read, id)).statusCode, 204);
  });

  it('with an id of the org → 200 replaced (created_at kept); an unknown id → 201 under that id', async () => {
    t.setNow(new Date(NOW.getTime() + 1000));
    const created = await post(A.read, { id: 'my-search_1', name: 'first', filters: { hooked: true } });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().id, 'my-search_1');

    t.setNow(new Date(NOW.getTime() + 2000));
    const replaced = await post(A.read, { id: 'my-search_1', name: 'second', filters: { lure_category: ['REFUND'] } });
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.deepEqual(replaced.json(), {
      id: 'my-search_1',
      name: 'second',
      filters: { lure_category: ['REFUND'] },
      created_at: '2026-11-20T14:00:01Z',
      updated_at: '2026-11-20T14:00:02Z',
    });
    const stored = (await list(A.read)).find((s) => s.id === 'my-search_1');
    assert.deepEqual(stored, replaced.json());
  });

  it('is keyed by org and id: another org’s record with the same id is neither touched nor revealed', async () => {
    t.setNow(new Date(NOW.getTime() + 3000));
    const inB = await post(B.read, { id: 'my-search_1', name: 'org B', filters: { tier: 2 } });
    assert.equal(inB.statusCode, 201, 'created in B, not "replaced"');
    assert.equal(inB.json().name, 'org B');

    const a = (await list(A.read)).find((s) => s.id === 'my-search_1');
    assert.equal(a?.name, 'second');
    assert.deepEqual(a?.filters, { lure_category: ['REFUND'] });
    assert.deepEqual(
      (await list(B.read)).map((s) => s.name),
      ['org B'],
    );
    assert.ok((await list(A.read)).every((s) => s.name !== 'org B'));

    // B deleting its own leaves A's; B cannot delete what only A has.
    await post(A.read, { id: 'only-a', name: 'only A', filters: {} });
    assert.equal((await del(B.read, 'only-a')).statusCode, 404);
    assert.equal((await del(B.read, 'my-search_1')).statusCode, 204);
    assert.ok((await list(A.read)).some((s) => s.id === 'my-search_1'));
    assert.ok((await list(A.read)).some((s) => s.id === 'only-a'));
    assert.equal((await del(A.read, 'only-a')).statusCode, 204);
  });

  it('reads a null id or filter as not set', async () => {
    const res = await post(A.read, { id: null, name: 'nulls', filters: { hooked: null, max_duration_sec: null, tier: [2] } });
    assert.equal(res.statusCode, 201, res.body);
    assert.match(res.json().id, /^ss_/);
    assert.deepEqual(res.json().filters, { tier: [2] });
    assert.equal((await del(A.read, res.json().id)).statusCode, 204);
  });

  it('lists newest updated_at first', async () => {
    t.setNow(new Date(NOW.getTime() + 10_000));
    await post(A.read, { id: 'older', name: 'older', filters: {} });
    t.setNow(new Date(NOW.getTime() + 11_000));
    await post(A.read, { id: 'newer', name: 'newer', filters: {} });
    t.setNow(new Date(NOW.getTime() + 12_000));
    await post(A.read, { id: 'my-search_1', name: 'second, touched', filters: { lure_category: ['REFUND'] } });
    assert.deepEqual(
      (await list(A.read)).map((s) => s.id),
      ['my-search_1', 'newer', 'older'],
    );
    for (const id of ['older', 'newer']) assert.equal((await del(A.read, id)).statusCode, 204);
    t.setNow(NOW);
  });
});

describe('POST /api/saved-searches: validation', () => {
  const bad: [string, unknown, string][] = [
    ['unknown filter name', { name: 'x', filters: { brand: ['Amazon'] } }, 'body.filters.brand'],
    ['cursor is not a filter', { name: 'x', filters: { cursor: 'abc' } }, 'body.filters.cursor'],
    ['limit is not a filter', { name: 'x', filters: { limit: 10 } }, 'body.filters.limit'],
    ['saved_search_id is not a filter', { name: 'x', filters: { saved_search_id: 'a' } }, 'body.filters.saved_search_id'],
    ['unknown body property', { name: 'x', filters: {}, extra: 1 }, 'body.extra'],
    ['tier out of range', { name: 'x', filters: { tier: [5] } }, 'body.filters.tier'],
    ['hooked not a boolean', { name: 'x', filters: { hooked: 'maybe' } }, 'body.filters.hooked'],
    ['negative duration', { name: 'x', filters: { min_duration_sec: -5 } }, 'body.filters.min_duration_sec'],
    ['min over max', { name: 'x', filters: { min_duration_sec: 60, max_duration_sec: 10 } }, 'body.filters.min_duration_sec'],
    ['bad caller_state', { name: 'x', filters: { caller_state: ['New York'] } }, 'body.filters.caller_state'],
    ['empty q', { name: 'x', filters: { q: '' } }, 'body.filters.q'],
    ['missing name', { filters: {} }, 'body.name'],
    ['blank name', { name: '   ', filters: {} }, 'body.name'],
    ['missing filters', { name: 'x' }, 'body.filters'],
    ['filters not an object', { name: 'x', filters: [] }, 'body.filters'],
    ['bad id', { id: 'has space', name: 'x', filters: {} }, 'body.id'],
    ['id too long', { id: 'a'.repeat(65), name: 'x', filters: {} }, 'body.id'],
  ];
  for (const [name, body, path] of bad) {
    it(`${name} → 400 validation_failed`, async () => {
      const res = await post(A.read, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().code, 'validation_failed');
      assert.ok(
        res.json().errors.some((e: { path: string }) => e.path.startsWith(path)),
        `${path} in ${JSON.stringify(res.json().errors)}`,
      );
    });
  }

  it('a bad window → 400 invalid_range', async () => {
    for (const filters of [{ range: 'forever' }, { start: '2026-11-20', end: '2026-11-01' }, { start: 'yesterday' }]) {
      const res = await post(A.read, { name: 'x', filters });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().code, 'invalid_range');
    }
  });

  it('nothing invalid was stored', async () => {
    assert.deepEqual(
      (await list(A.read)).map((s) => s.id),
      ['my-search_1'],
    );
  });

  it('bad JSON → 400, a non-JSON body → 415, no key → 401', async () => {
    const auth = { authorization: `Bearer ${A.read}` };
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: '{"name":',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    assert.equal(badJson.statusCode, 400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: 'name=x',
      headers: { ...auth, 'content-type': 'text/plain' },
    });
    assert.equal(text.statusCode, 415);
    const anon = await t.app.inject({ method: 'POST', url: '/api/saved-searches', payload: { nope: 1 } });
    assert.equal(anon.statusCode, 401);
  });
});

describe('DELETE /api/saved-searches/{search_id}', () => {
  it('204 then 404', async () => {
    await post(A.read, { id: 'doomed', name: 'doomed', filters: {} });
    assert.equal((await del(A.read, 'doomed')).statusCode, 204);
    const again = await del(A.read, 'doomed');
    assert.equal(again.statusCode, 404);
    assert.equal(again.json().code, 'not_found');
    assert.equal((await del(A.read, 'never-existed')).statusCode, 404);
  });
});

describe('running a saved search', () => {
  const runs: Record<string, unknown>[] = [
    { impersonated_brand: ['amazon'] },
    { q: 'GIFT card' },
    { q: 'gift', range: '30d' },
    { impersonated_brand: ['Amazon', 'PayPal'], min_duration_sec: 50 },
    { tier: [1, 2], hooked: true },
    { caller_state: ['NY'] },
    { start: '2026-11-10', end: '2026-11-20T12:00:00Z', max_duration_sec: 100 },
  ];
  const toQuery = (f: Record<string, unknown>) =>
    Object.entries(f)
      .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}=${encodeURIComponent(String(x))}`))
      .join('&');

  for (const filters of runs) {
    it(`gives the same items as the same filters in the query: ${JSON.stringify(filters)}`, async () => {
      const res = await post(A.read, { name: 'run', filters });
      assert.equal(res.statusCode, 201, res.body);
      const id = res.json().id;
      const direct = await get(t.app, A.read, `/api/calls?limit=200&${toQuery(filters)}`);
      const saved = await get(t.app, A.read, `/api/calls?limit=200&saved_search_id=${id}`);
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json(), direct.json());
      assert.equal((await del(A.read, id)).statusCode, 204);
    });
  }

  it('the runs above are not all trivially equal', async () => {
    const results = new Set<string>();
    for (const filters of runs) results.add(JSON.stringify(await sids(A.read, toQuery(filters))));
    assert.ok(results.size >= 5, [...results].join(' | '));
    assert.deepEqual(await sids(A.read, toQuery({ q: 'GIFT card' })), ['c1', 'c2', 'c6']);
  });

  it('explicit filters override the saved ones; window params override as a group', async () => {
    const id = (await post(A.read, { name: 'amazon, 30d', filters: { impersonated_brand: ['Amazon'], range: '30d' } })).json().id;
    assert.deepEqual(await sids(A.read, `saved_search_id=${id}`), ['c1', 'c3', 'c6', 'c7']);
    assert.deepEqual(await sids(A.read, `saved_search_id=${id}&impersonated_brand=PayPal`), ['c2']);
    assert.deepEqual(await sids(A.read, `saved_search_id=${id}&hooked=true`), ['c1', 'c6', 'c7']);
    assert.deepEqual(await sids(A.read, `saved_search_id=${id}&range=24h`), ['c1', 'c3']);
    const custom = await get(t.app, A.read, `/api/calls?saved_search_id=${id}&start=2026-11-20T10:30:00Z`);
    assert.equal(custom.json().range.label, 'custom');
    assert.equal(custom.json().range.end_utc, '2026-11-20T14:00:00Z');
    assert.deepEqual(
      custom.json().items.map((x: { call_sid: string }) => x.call_sid),
      ['c1', 'c3'],
    );
    assert.equal((await del(A.read, id)).statusCode, 204);
  });

  it('paginates a saved search with cursors', async () => {
    const id = (await post(A.read, { name: 'all 30d', filters: { range: '30d' } })).json().id;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/calls?limit=2&saved_search_id=${id}${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await get(t.app, A.read, url)).json();
      seen.push(...body.items.map((x: { call_sid: string }) => x.call_sid));
      cursor = body.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    assert.equal((await del(A.read, id)).statusCode, 204);
  });

  it('an unknown id, or another org’s id, is 404', async () => {
    const idB = (await post(B.read, { name: 'b', filters: {} })).json().id;
    for (const id of ['nope', idB]) {
      const res = await get(t.app, A.read, `/api/calls?saved_search_id=${id}`);
      assert.equal(res.statusCode, 404, res.body);
      assert.equal(res.json().code, 'not_found');
    }
  });

  it('runs inside the caller’s slice and keeps the scope it was saved with', async () => {
    const amazonKey = await scopedKey(t.app, A.orgId, { impersonated_brand: ['amazon'] });
    const paypalKey = await scopedKey(t.app, A.orgId, { impersonated_brand: ['PayPal'] });
    const saved = await post(amazonKey, { id: 'amazon-scoped', name: 'scoped', filters: { range: '30d' } });
    assert.equal(saved.statusCode, 201, saved.body);
    // Run by its author: the author's slice.
    assert.deepEqual(await sids(amazonKey, 'saved_search_id=amazon-scoped'), ['c1', 'c3', 'c6', 'c7']);
    // Run by an unscoped key: still only the scope it was saved with.
    assert.deepEqual(await sids(A.read, 'saved_search_id=amazon-scoped'), ['c1', 'c3', 'c6', 'c7']);
    // A key of another slice does not see it at all.
    const other = await get(t.app, paypalKey, '/api/calls?saved_search_id=amazon-scoped');
    assert.equal(other.statusCode, 404, other.body);
    assert.equal(other.json().code, 'not_found');
    assert.equal((await del(A.read, 'amazon-scoped')).statusCode, 204);
  });
});

describe('saved searches keep the scope of the key that created them (CONTRACT §1)', () => {
  let amazon: string;
  let amazonToo: string;
  let paypal: string;
  const ids = async (key: string) => (await list(key)).map((s) => s.id).sort();
  const notFound = (res: LightMyRequestResponse) => {
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.json().code, 'not_found');
  };

  before(async () => {
    amazon = await scopedKey(t.app, A.orgId, { impersonated_brand: ['PayPal', 'Amazon'] });
    // The same scope written in another order and case: the same slice.
    amazonToo = await scopedKey(t.app, A.orgId, { impersonated_brand: ['amazon', 'PAYPAL'] });
    paypal = await scopedKey(t.app, A.orgId, { impersonated_brand: ['PayPal'] });
    t.setNow(new Date(NOW.getTime() + 20_000));
    assert.equal((await post(A.read, { id: 'org-wide', name: 'org wide', filters: { tier: [1] } })).statusCode, 201);
    assert.equal((await post(amazon, { id: 'amazon-only', name: 'amazon', filters: { range: '30d' } })).statusCode, 201);
    assert.equal((await post(paypal, { id: 'paypal-only', name: 'paypal', filters: {} })).statusCode, 201);
  });
  after(async () => {
    for (const id of ['org-wide', 'amazon-only', 'paypal-only', 'new-by-amazon']) await del(A.read, id);
    t.setNow(NOW);
  });

  it('an unscoped key lists every search of the org; a scoped key those of exactly its scope', async () => {
    assert.deepEqual(await ids(A.read), ['amazon-only', 'my-search_1', 'org-wide', 'paypal-only']);
    assert.deepEqual(await ids(amazon), ['amazon-only']);
    assert.deepEqual(await ids(amazonToo), ['amazon-only']);
    assert.deepEqual(await ids(paypal), ['paypal-only']);
  });

  it('stores the scope canonically: dimensions in a fixed order, values sorted', async () => {
    const rows = await t.db.all(
      `SELECT id, scope_json FROM saved_searches WHERE org_id = $1 AND id IN ('amazon-only', 'org-wide') ORDER BY id`,
      [A.orgId],
    );
    assert.deepEqual(rows, [
      { id: 'amazon-only', scope_json: '{"impersonated_brand":["amazon","paypal"]}' },
      { id: 'org-wide', scope_json: null },
    ]);
  });

  it('migration 8 rewrites scopes stored in a key’s own order, so their key sees them again', async () => {
    await t.db.run(
      `INSERT INTO saved_searches (org_id, id, name, filters_json, scope_json, created_at, updated_at) VALUES ($1, 'legacy', 'legacy', '{}', $2, $3, $3)`,
      [A.orgId, '{"impersonated_brand":["paypal","amazon"]}', NOW.getTime()],
    );
    assert.deepEqual(await ids(amazon), ['amazon-only']);
    await canonicalSavedSearchScopes(t.db);
    assert.deepEqual(await ids(amazon), ['amazon-only', 'legacy']);
    assert.equal((await del(amazon, 'legacy')).statusCode, 204);
  });

  it('a scoped key cannot overwrite a search outside its scope: 404, the record untouched', async () => {
    for (const [key, id] of [
      [paypal, 'org-wide'],
      [paypal, 'amazon-only'],
      [amazon, 'paypal-only'],
    ]) {
      notFound(await post(key, { id, name: 'hijacked', filters: { q: 'x' } }));
    }
    const all = await list(A.read);
    assert.equal(all.find((s) => s.id === 'org-wide')?.name, 'org wide');
    assert.deepEqual(all.find((s) => s.id === 'org-wide')?.filters, { tier: [1] });
    assert.equal(all.find((s) => s.id === 'amazon-only')?.name, 'amazon');
    assert.equal(all.find((s) => s.id === 'paypal-only')?.name, 'paypal');
    assert.equal(all.filter((s) => s.name === 'hijacked').length, 0);
  });

  it('a scoped key cannot delete a search outside its scope: 404, the record kept', async () => {
    notFound(await del(paypal, 'org-wide'));
    notFound(await del(paypal, 'amazon-only'));
    notFound(await del(amazon, 'paypal-only'));
    assert.deepEqual(await ids(A.read), ['amazon-only', 'my-search_1', 'org-wide', 'paypal-only']);
  });

  it('a scoped key cannot run a search outside its scope: 404', async () => {
    notFound(await get(t.app, paypal, '/api/calls?saved_search_id=org-wide'));
    notFound(await get(t.app, paypal, '/api/calls?saved_search_id=amazon-only'));
    assert.deepEqual(await sids(amazon, 'saved_search_id=amazon-only'), ['c1', 'c2', 'c3', 'c6', 'c7']);
    assert.deepEqual(await sids(amazonToo, 'saved_search_id=amazon-only'), ['c1', 'c2', 'c3', 'c6', 'c7']);
  });

  it('a key of the same scope replaces, creates and deletes; the scope is kept', async () => {
    t.setNow(new Date(NOW.getTime() + 21_000));
    const replaced = await post(amazonToo, { id: 'amazon-only', name: 'amazon, renamed', filters: { range: '30d', q: 'refund' } });
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.equal(replaced.json().name, 'amazon, renamed');
    assert.deepEqual(await sids(amazon, 'saved_search_id=amazon-only'), ['c3']);
    const created = await post(amazonToo, { id: 'new-by-amazon', name: 'new', filters: {} });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(await ids(amazon), ['amazon-only', 'new-by-amazon']);
    assert.equal((await del(amazon, 'new-by-amazon')).statusCode, 204);
  });

  it('an unscoped key replaces a scoped search, which keeps its scope, and deletes it', async () => {
    t.setNow(new Date(NOW.getTime() + 22_000));
    const res = await post(A.read, { id: 'amazon-only', name: 'edited by admin', filters: { range: '30d' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await ids(amazon), ['amazon-only']);
    assert.equal((await list(amazon))[0].name, 'edited by admin');
    // Run by the unscoped key it is still limited to the scope it was created with.
    assert.deepEqual(await sids(A.read, 'saved_search_id=amazon-only'), ['c1', 'c2', 'c3', 'c6', 'c7']);
    assert.deepEqual(await sids(A.read, 'saved_search_id=org-wide'), ['c1']);
    assert.equal((await del(A.read, 'paypal-only')).statusCode, 204);
    assert.deepEqual(await ids(paypal), []);
  });
});

describe('limit per org', () => {
  it(`allows 500 saved searches per org; the 501st is 409 conflict, replacing still works`, async () => {
    const C = await newOrg(t.app, 'free', 'C');
    const { db } = t.app.deps.storage;
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < 499; i++) {
      const n = params.length;
      values.push(`($${n + 1}, $${n + 2}, $${n + 3}, '{}', NULL, $${n + 4}, $${n + 4})`);
      params.push(C.orgId, `bulk-${i}`, `bulk ${i}`, NOW.getTime());
    }
    await db.run(
      `INSERT INTO saved_searches (org_id, id, name, filters_json, scope_json, created_at, updated_at) VALUES ${values.join(', ')}`,
      params,
    );
    assert.equal((await post(C.read, { name: '500th', filters: {} })).statusCode, 201);
    const full = await post(C.read, { id: 'one-more', name: '501st', filters: {} });
    assert.equal(full.statusCode, 409, full.body);
    assert.equal(full.json().code, 'conflict');
    assert.equal((await post(C.read, { id: 'bulk-7', name: 'replaced', filters: { tier: 1 } })).statusCode, 200);
    assert.equal((await list(C.read)).length, 500);
    // Other orgs are not affected by C's count.
    assert.equal((await post(B.read, { name: 'fine', filters: {} })).statusCode, 201);
  });
});
