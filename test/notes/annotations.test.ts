// Annotations and saved views: CRUD, validation (problem+json naming the member), the window
// of the annotation list, who wrote a note, the per-org isolation (another org's id is 404) and
// the scope they keep (a scoped key sees and deletes only those of exactly its scope).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { get, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T14:00:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let A: OrgKeys;
let B: OrgKeys;
let amazon: string;

const send = (method: 'POST' | 'DELETE', key: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${key}` } });

function problem(res: LightMyRequestResponse, status: number, code: string, path?: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.code, code);
  if (path)
    assert.ok(
      body.errors?.some((e: { path: string }) => e.path.startsWith(path)),
      `${path} named in ${res.body}`,
    );
  assert.doesNotMatch(res.body, /SELECT|at .*\.ts:\d+/, 'no SQL or stack in an error');
}

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  A = await newOrg(t.app, 'free', 'A');
  B = await newOrg(t.app, 'free', 'B');
  amazon = await scopedKey(t.app, A.orgId, { impersonated_brand: ['Amazon'] });
});
after(() => t.close());

describe('annotations', () => {
  it('marks moments, lists those of the window oldest first with who wrote them, deletes them', async () => {
    const at = (h: number) => new Date(NOW.getTime() - h * HOUR).toISOString();
    const made = [];
    for (const [h, text] of [
      [30, 'Persona v2 rolled out'],
      [2, '  Carrier outage  '],
      [200, 'Takedown of a mule ring'],
    ] as const) {
      const res = await send('POST', A.read, '/api/annotations', { at: at(h), text });
      assert.equal(res.statusCode, 201, res.body);
      made.push(res.json());
    }
    assert.equal(made[1].text, 'Carrier outage', 'text is trimmed');
    assert.deepEqual(made[0].created_by.name, 'read', "the writing key's name");
    assert.equal(made[0].at, '2026-11-19T08:00:00Z');

    const res = await get(t.app, A.read, '/api/annotations?range=7d');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.range.label, '7d');
    assert.deepEqual(
      body.items.map((a: { text: string }) => a.text),
      ['Persona v2 rolled out', 'Carrier outage'],
      'the 200-hour-old note is outside 7 days; oldest first',
    );
    const older = await get(t.app, A.read, '/api/annotations?range=12d');
    assert.equal(older.json().items.length, 3);

    // Another org sees none and cannot delete A's: its id is 404 there.
    assert.deepEqual((await get(t.app, B.read, '/api/annotations?range=30d')).json().items, []);
    problem(await send('DELETE', B.read, `/api/annotations/${made[0].id}`), 404, 'not_found');

    assert.equal((await send('DELETE', A.read, `/api/annotations/${made[0].id}`)).statusCode, 204);
    problem(await send('DELETE', A.read, `/api/annotations/${made[0].id}`), 404, 'not_found');
    assert.equal((await get(t.app, A.read, '/api/annotations?range=12d')).json().items.length, 2);
  });

  it('a scoped key sees and deletes only the notes of exactly its scope; an unscoped key sees all', async () => {
    const mine = (await send('POST', amazon, '/api/annotations', { at: '2026-11-20T10:00:00Z', text: 'Amazon desk note' })).json();
    const scopedView = (await get(t.app, amazon, '/api/annotations?range=30d')).json().items;
    assert.deepEqual(
      scopedView.map((a: { id: string }) => a.id),
      [mine.id],
    );
    const all = (await get(t.app, A.read, '/api/annotations?range=30d')).json().items.map((a: { id: string }) => a.id);
    assert.ok(all.includes(mine.id) && all.length > 1);
    const other = all.find((id: string) => id !== mine.id);
    problem(await send('DELETE', amazon, `/api/annotations/${other}`), 404, 'not_found');
    assert.equal((await send('DELETE', A.read, `/api/annotations/${mine.id}`)).statusCode, 204, 'the org-wide key may');
  });

  it('refuses bad input with problem+json naming the member', async () => {
    problem(await send('POST', A.read, '/api/annotations', { at: 'yesterday', text: 'x' }), 400, 'validation_failed', 'body.at');
    problem(await send('POST', A.read, '/api/annotations', { at: '1999-12-31T00:00:00Z', text: 'x' }), 400, 'validation_failed', 'body.at');
    problem(await send('POST', A.read, '/api/annotations', { at: '2026-11-23T00:00:00Z', text: 'x' }), 400, 'validation_failed', 'body.at');
    problem(await send('POST', A.read, '/api/annotations', { at: '2026-11-20T00:00:00Z', text: '   ' }), 400, 'validation_failed');
    problem(
      await send('POST', A.read, '/api/annotations', { at: '2026-11-20T00:00:00Z', text: 'x'.repeat(501) }),
      400,
      'validation_failed',
    );
    problem(await send('POST', A.read, '/api/annotations', { at: '2026-11-20T00:00:00Z', text: 'x', extra: 1 }), 400, 'validation_failed');
    problem(await send('DELETE', A.read, '/api/annotations/not-an-id'), 400, 'validation_failed');
    problem(await get(t.app, A.read, '/api/annotations?range=7x'), 400, 'invalid_range');
    problem(await send('POST', A.ingest, '/api/annotations', { at: '2026-11-20T00:00:00Z', text: 'x' }), 403, 'forbidden');
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/annotations' })).statusCode, 401);
  });
});

describe('saved views', () => {
  const state = {
    range: '30d',
    timezone: 'America/New_York',
    filters: [
      ['is', 'impersonated_brand', ['Amazon']],
      ['not', ['is', 'caller_state', ['TX']]],
    ],
    compare: 'year_earlier',
    panels: ['summary', 'topn:impersonated_brand'],
  };

  it('creates, reads back identically, replaces (created_at kept), lists newest first and deletes', async () => {
    const created = await send('POST', A.read, '/api/views', { name: ' Amazon, not Texas ', state });
    assert.equal(created.statusCode, 201, created.body);
    const view = created.json();
    assert.equal(view.name, 'Amazon, not Texas');
    assert.deepEqual(view.state, state);
    const read = await get(t.app, A.read, `/api/views/${view.id}`);
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.json(), view, 'a shared link opens exactly what was saved');

    t.setNow(new Date(NOW.getTime() + 60_000));
    const replaced = await send('POST', A.read, '/api/views', { id: view.id, name: 'Renamed', state: { range: '7d' } });
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.equal(replaced.json().created_at, view.created_at);
    assert.notEqual(replaced.json().updated_at, view.updated_at);
    assert.deepEqual(replaced.json().state, { range: '7d' });

    t.setNow(NOW);
    const second = (await send('POST', A.read, '/api/views', { id: 'my-view', name: 'Second', state: {} })).json();
    assert.equal(second.id, 'my-view', 'an id unknown to the org is created under it');
    const ids = (await get(t.app, A.read, '/api/views')).json().items.map((v: { id: string }) => v.id);
    assert.deepEqual(ids, [view.id, 'my-view'], 'newest updated_at first');

    // Another org: the same id is its own, A's views are 404 there.
    problem(await get(t.app, B.read, `/api/views/${view.id}`), 404, 'not_found');
    assert.equal((await send('POST', B.read, '/api/views', { id: 'my-view', name: 'B', state: {} })).statusCode, 201);
    assert.equal((await get(t.app, A.read, '/api/views/my-view')).json().name, 'Second', "B's upsert did not touch A's view");

    assert.equal((await send('DELETE', A.read, `/api/views/${view.id}`)).statusCode, 204);
    problem(await get(t.app, A.read, `/api/views/${view.id}`), 404, 'not_found');
  });

  it('a view keeps the scope of its key: a scoped key sees only its own, and cannot replace another', async () => {
    const scoped = (await send('POST', amazon, '/api/views', { name: 'Amazon desk', state: { range: '24h' } })).json();
    assert.deepEqual(
      (await get(t.app, amazon, '/api/views')).json().items.map((v: { id: string }) => v.id),
      [scoped.id],
    );
    problem(await get(t.app, amazon, '/api/views/my-view'), 404, 'not_found');
    problem(await send('POST', amazon, '/api/views', { id: 'my-view', name: 'hijack', state: {} }), 404, 'not_found');
    assert.equal((await get(t.app, A.read, '/api/views/my-view')).json().name, 'Second');
    assert.equal((await get(t.app, A.read, `/api/views/${scoped.id}`)).statusCode, 200, 'the org-wide key sees every view');
  });

  it('checks the state as a query would: bad filters, zones and windows are 400 naming body.state', async () => {
    const bad = async (s: unknown, path: string) =>
      problem(await send('POST', A.read, '/api/views', { name: 'x', state: s }), 400, 'validation_failed', path);
    await bad({ filters: [['is', 'impersonated_brnd', ['Amazon']]] }, 'body.state.filters[0]');
    await bad({ filters: [['gte', 'duration_sec', 'ten']] }, 'body.state.filters[0]');
    await bad({ timezone: 'Mars/Olympus' }, 'body.state.timezone');
    await bad({ compare: 'last_century' }, 'body.state');
    await bad({ panels: ['Bad Panel!'] }, 'body.state');
    await bad({ layout: 'grid' }, 'body.state');
    const res = await send('POST', A.read, '/api/views', { name: 'x', state: { range: '9999d' } });
    assert.equal(res.statusCode, 400, res.body);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  });
});
