// GET /api/calls additions: sort (with nulls and long tie runs) walked page by page
// against a reference order computed here, total, the match snippet, the value filters of
// every top-N field (query and saved search), and the cursor bound to its sort.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { VALUE_FILTERS } from '../../src/domain/valueFilters.js';
import { TOPN_COLUMNS } from '../../src/storage/queries/topn.js';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';
import { cmpCodePoint } from '../kpis/reference.js';

const NOW = Date.parse('2026-11-20T14:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

// The eight new filters, each with values in a cycle (nulls and case variants included).
const NEW_FILTERS: Record<string, (string | null)[]> = {
  impersonated_government_agency: ['IRS', null, 'irs', 'SSA', null],
  mule_bank_name: [null, 'TD Bank', 'Chase', 'td bank'],
  mule_bank_routing_number: ['021000021', null, null, '026009593'],
  crypto_chain: [null, 'BTC', 'ETH', 'btc', null, null],
  gift_card_brand: ['Apple', null, 'Google Play'],
  remote_desktop_app: [null, null, 'AnyDesk', 'TeamViewer', 'anydesk'],
  synthetic_org: ['Acme Refunds', null, 'ACME REFUNDS', null, 'Geek Squad'],
  fake_agent_name: [null, 'Kevin', 'Steve', null, 'KEVIN', null, 'Mary'],
};
const TEXTS = ['Hello, this is Amazon', 'You must buy a GIFT card', 'ok', 'gift cards only, Gift Card!', 'bye'];
const LONG = `${'x'.repeat(300)} Wire the money to the gift card now ${'y'.repeat(300)}`;

interface Model {
  sid: string;
  t: number;
  dur: number;
  conf: number | null;
  values: Record<string, string | null>;
  turns: { speaker: string; text: string }[];
}

function fixture(): { records: Record<string, unknown>[]; models: Model[] } {
  const records: Record<string, unknown>[] = [];
  const models: Model[] = [];
  for (let i = 0; i < 40; i++) {
    // 12 calls share one instant; durations and confidences repeat in runs.
    const t = i < 12 ? NOW - 120 * MIN : NOW - (i * 53 + 7) * MIN;
    const sid = ['T', 'T-1', 'T1', 'TA', 'T_1', 'Ta', 't1', '-x', '0x', '_x', 'Zz', 'zZ'][i] ?? `CA${String(i).padStart(3, '0')}`;
    const dur = [60, 60, 5, 300, 60, 0][i % 6];
    const conf = [null, 0.5, 0.9, 0.5, null, 0.1, 1][i % 7];
    const values = Object.fromEntries(Object.entries(NEW_FILTERS).map(([k, cycle]) => [k, cycle[i % cycle.length]]));
    const turns = [
      { speaker: 'persona', text: i % 3 === 0 ? 'Who is calling about a gift?' : 'Hello?' },
      { speaker: 'caller', text: i === 39 ? LONG : TEXTS[i % TEXTS.length] },
    ];
    records.push({
      call_sid: sid,
      started_at: iso(t),
      duration_sec: dur,
      transcript: turns,
      extraction: { ...values, ...(conf === null ? {} : { auditor_confidence: conf }), impersonated_brand: i % 2 ? 'Amazon' : 'PayPal' },
    });
    models.push({ sid, t, dur, conf, values, turns });
  }
  return { records, models };
}

const { records: RECORDS, models: MODELS } = fixture();

function refSorted(models: Model[], sort: string): string[] {
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  const key = (m: Model) => (field === 'started_at' ? m.t : field === 'duration_sec' ? m.dur : m.conf);
  return [...models]
    .sort((x, y) => {
      const a = key(x);
      const b = key(y);
      if (a === null || b === null) {
        if (a !== b) return a === null ? 1 : -1;
      } else if (a !== b) return desc ? b - a : a - b;
      return y.t - x.t || cmpCodePoint(x.sid, y.sid);
    })
    .map((m) => m.sid);
}

let t: TestApp;
let A: OrgKeys;
let B: OrgKeys;

async function walk(key: string, qs: string, limit: number): Promise<{ items: Record<string, unknown>[]; totals: number[] }> {
  const items: Record<string, unknown>[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(t.app, key, `/api/calls?limit=${limit}&${qs}${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    totals.push(body.total);
    if (body.next_cursor !== null) assert.equal(body.items.length, limit);
    items.push(...body.items);
    cursor = body.next_cursor;
    assert.ok(totals.length < 200);
  } while (cursor);
  return { items, totals };
}
const sidsOf = (items: Record<string, unknown>[]) => items.map((x) => x.call_sid as string);

before(async () => {
  t = await testApp();
  t.setNow(new Date(NOW));
  A = await newOrg(t.app, 'free', 'A');
  B = await newOrg(t.app, 'free', 'B');
  const res = await ingest(t.app, A.ingest, [
    ...RECORDS,
    { call_sid: 'old', started_at: iso(NOW - 8 * 24 * 60 * MIN), duration_sec: 9999 },
  ]);
  assert.equal(res.json().accepted, RECORDS.length + 1, res.body);
  const b = await ingest(t.app, B.ingest, [
    { call_sid: 'b1', started_at: iso(NOW - MIN), duration_sec: 1, extraction: { mule_bank_name: 'TD Bank' } },
  ]);
  assert.equal(b.statusCode, 200);
});

after(async () => {
  await t.close();
});

describe('GET /api/calls: sort', () => {
  for (const sort of ['-started_at', 'started_at', '-duration_sec', 'duration_sec', '-auditor_confidence', 'auditor_confidence']) {
    it(`sort=${sort} pages through every call once, in order, nulls last`, async () => {
      const want = refSorted(MODELS, sort);
      for (const limit of [1, 7]) {
        const { items, totals } = await walk(A.read, `sort=${sort}`, limit);
        assert.deepEqual(sidsOf(items), want, `limit ${limit}`);
        assert.ok(totals.every((n) => n === MODELS.length));
      }
    });
  }

  it('the default is -started_at, and the row shape only gains snippet', async () => {
    const plain = (await get(t.app, A.read, '/api/calls?limit=200')).json();
    assert.deepEqual(sidsOf(plain.items), refSorted(MODELS, '-started_at'));
    assert.deepEqual((await get(t.app, A.read, '/api/calls?limit=200&sort=-started_at')).json(), plain);
    assert.deepEqual(Object.keys(plain), ['range', 'total', 'items', 'next_cursor']);
    assert.ok(plain.items.every((x: { snippet: unknown }) => x.snippet === null));
  });

  it('rejects an unknown sort, and a cursor of another sort, with 400 validation_failed', async () => {
    for (const sort of ['call_sid', 'caller_id', '--started_at', 'STARTED_AT', '']) {
      assertProblem(await get(t.app, A.read, `/api/calls?sort=${encodeURIComponent(sort)}`), 400, 'validation_failed');
    }
    const cursor = (await get(t.app, A.read, '/api/calls?limit=3&sort=duration_sec')).json().next_cursor;
    const res = assertProblem(await get(t.app, A.read, `/api/calls?sort=-duration_sec&cursor=${cursor}`), 400, 'validation_failed');
    assert.match(res.detail, /another sort/);
    assertProblem(await get(t.app, A.read, `/api/calls?cursor=${cursor}`), 400, 'validation_failed');
    const tampered = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    tampered[1] = 'sixty';
    assertProblem(
      await get(t.app, A.read, `/api/calls?sort=duration_sec&cursor=${Buffer.from(JSON.stringify(tampered)).toString('base64url')}`),
      400,
      'validation_failed',
    );
  });
});

describe('GET /api/calls: total', () => {
  it('equals the number of calls paged through, with filters, and for a scoped key', async () => {
    const cases: [string, string, (m: Model) => boolean][] = [
      [A.read, '', () => true],
      [A.read, 'q=gift', (m) => m.turns.some((x) => x.text.toLowerCase().includes('gift'))],
      [A.read, 'min_duration_sec=60', (m) => m.dur >= 60],
      [A.read, 'q=no-such-text', () => false],
      [await scopedKey(t.app, A.orgId, { impersonated_brand: ['amazon'] }), 'sort=duration_sec', (_m) => MODELS.indexOf(_m) % 2 === 1],
    ];
    for (const [key, qs, pred] of cases) {
      const { items, totals } = await walk(key, qs, 6);
      const want = MODELS.filter(pred).length;
      assert.equal(items.length, want, qs);
      assert.ok(
        totals.every((n) => n === want),
        `${qs}: ${totals.join(',')} ≠ ${want}`,
      );
    }
    assert.equal((await get(t.app, B.read, '/api/calls')).json().total, 1);
  });
});

describe('GET /api/calls: snippet', () => {
  it('points at the match of the first matching turn, case-insensitively', async () => {
    for (const q of ['gift', 'GIFT CARD', 'hello', 'Who is', 'money to the gift']) {
      const { items } = await walk(A.read, `q=${encodeURIComponent(q)}`, 50);
      const lower = q.toLowerCase();
      assert.ok(items.length > 0, q);
      for (const item of items) {
        const m = MODELS.find((x) => x.sid === item.call_sid)!;
        const turn = m.turns.find((x) => x.text.toLowerCase().includes(lower))!;
        const s = item.snippet as { speaker: string; text: string; match_start: number; match_length: number };
        assert.equal(s.speaker, turn.speaker, `${q} ${m.sid}`);
        assert.ok(s.text.length <= 160);
        assert.equal(s.text.slice(s.match_start, s.match_start + s.match_length).toLowerCase(), lower, `${q} ${m.sid}`);
        if (turn.text.length <= 160) {
          assert.equal(s.text, turn.text);
          assert.equal(s.match_start, turn.text.toLowerCase().indexOf(lower));
        } else {
          assert.ok(turn.text.includes(s.text.replace(/^…|…$/g, '')), 'an excerpt of the turn');
        }
      }
    }
  });

  it('cuts a long turn around the match with an ellipsis on each cut side', async () => {
    const body = (await get(t.app, A.read, '/api/calls?q=wire%20the%20MONEY')).json();
    assert.deepEqual(sidsOf(body.items), ['CA039']);
    const s = body.items[0].snippet;
    assert.equal(s.text.length, 160);
    assert.ok(s.text.startsWith('…x') && s.text.endsWith('y…'), s.text);
    assert.equal(s.text.slice(s.match_start, s.match_start + s.match_length), 'Wire the money');
  });

  it('comes from a saved search’s q too', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'cards', filters: { q: 'Gift Card' } },
      headers: { authorization: `Bearer ${A.read}` },
    });
    assert.equal(saved.statusCode, 201, saved.body);
    const body = (await get(t.app, A.read, `/api/calls?limit=200&saved_search_id=${saved.json().id}`)).json();
    assert.ok(body.items.length > 0);
    for (const item of body.items)
      assert.match(item.snippet.text.slice(item.snippet.match_start, item.snippet.match_start + item.snippet.match_length), /^gift card$/i);
  });
});

describe('GET /api/calls: the value filter of every top-N field', () => {
  it('every top-N column has a call filter of its name', () => {
    for (const column of Object.values(TOPN_COLUMNS)) assert.ok((VALUE_FILTERS as readonly string[]).includes(column), column);
  });

  for (const [name, cycle] of Object.entries(NEW_FILTERS)) {
    it(`${name}: case-insensitive exact value, repeatable (OR), in the query and in a saved search`, async () => {
      const distinct = [...new Set(cycle.filter((v): v is string => v !== null).map((v) => v.toLowerCase()))];
      const one = distinct[0];
      const has = (m: Model, vs: string[]) => m.values[name] !== null && vs.includes(m.values[name]!.toLowerCase());
      const want1 = refSorted(
        MODELS.filter((m) => has(m, [one])),
        '-started_at',
      );
      assert.ok(want1.length > 0 && want1.length < MODELS.length);
      const res = (await get(t.app, A.read, `/api/calls?limit=200&${name}=${encodeURIComponent(one.toUpperCase())}`)).json();
      assert.deepEqual(sidsOf(res.items), want1);
      assert.equal(res.total, want1.length);
      // A prefix is not a match (all but the last letter: "TD", a short prefix, is an alias of "TD Bank").
      assert.deepEqual((await get(t.app, A.read, `/api/calls?${name}=${encodeURIComponent(one.slice(0, -1))}`)).json().items, []);
      const both = distinct.slice(0, 2);
      const wantBoth = refSorted(
        MODELS.filter((m) => has(m, both)),
        '-started_at',
      );
      const qs = both.map((v) => `${name}=${encodeURIComponent(v)}`).join('&');
      assert.deepEqual(sidsOf((await get(t.app, A.read, `/api/calls?limit=200&${qs}`)).json().items), wantBoth);

      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name, filters: { [name]: [` ${both[0]} `, both[1], both[1]] } },
        headers: { authorization: `Bearer ${A.read}` },
      });
      assert.equal(saved.statusCode, 201, saved.body);
      assert.deepEqual(saved.json().filters, { [name]: [both[0], both[1]] });
      assert.deepEqual(
        sidsOf((await get(t.app, A.read, `/api/calls?limit=200&saved_search_id=${saved.json().id}`)).json().items),
        wantBoth,
      );
      // A single value is accepted in a saved search body too.
      const single = await t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name, filters: { [name]: one } },
        headers: { authorization: `Bearer ${A.read}` },
      });
      assert.equal(single.statusCode, 201, single.body);
      assert.deepEqual(single.json().filters, { [name]: [one] });
    });
  }

  it('filters combine with AND; a filter never reaches another org', async () => {
    const want = refSorted(
      MODELS.filter((m) => m.values.mule_bank_name?.toLowerCase() === 'td bank' && m.values.fake_agent_name?.toLowerCase() === 'kevin'),
      '-started_at',
    );
    const res = (await get(t.app, A.read, '/api/calls?limit=200&mule_bank_name=TD%20Bank&fake_agent_name=kevin')).json();
    assert.deepEqual(sidsOf(res.items), want);
    assert.deepEqual(sidsOf((await get(t.app, B.read, '/api/calls?mule_bank_name=td%20bank')).json().items), ['b1']);
  });

  it('rejects empty or oversized values and still rejects unknown names in a saved search', async () => {
    for (const qs of ['crypto_chain=', `synthetic_org=${'a'.repeat(513)}`, 'fake_agent_name=%20%20']) {
      assertProblem(await get(t.app, A.read, `/api/calls?${qs}`), 400, 'validation_failed');
    }
    for (const filters of [{ mule_bank_routing: ['1'] }, { crypto_wallet_address: ['x'] }, { gift_card_brand: [] }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: 'x', filters },
        headers: { authorization: `Bearer ${A.read}` },
      });
      assertProblem(res, 400, 'validation_failed');
    }
  });
});
