// GET /api/calls and GET /api/calls/{call_sid}: every filter against an expectation computed
// here from the records themselves, keyset pagination across ties, cursor tampering, detail
// round-trip, and tenant/slice isolation.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T14:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

// ---------------------------------------------------------------------------------------------
// fixture: hand-made records and an independent model of what each one is

const STATES: Record<string, string> = { '202': 'DC', '212': 'NY', '310': 'CA', '305': 'FL' };
const CALLERS = ['+12025550143', '+12125550100', '+13105550100', '+18005550100', null, '+13055550100'];
const BRANDS = ['Amazon', 'PayPal', 'amazon', null, 'Microsoft'];
const LURES = ['REFUND', 'TECH_SUPPORT', null, 'IRS'];
const PAYMENTS = ['gift_card', null, 'wire', 'crypto', null];
const DURATIONS = [0, 14, 15, 60, 389, 1200, 5];
const TEXTS = [
  "Hello ma'am, this is Amazon calling about a refund",
  'You must buy a Gift Card today',
  'I am 100% sure, sir',
  'press_1 now to continue',
  'GIFT CARDS only, no checks',
  'nothing to see here',
];

type Rec = Record<string, unknown> & { call_sid: string; started_at: string; duration_sec: number };

function record(i: number, sid: string, startedMs: number): Rec {
  const hasExtraction = i % 7 !== 6;
  return {
    call_sid: sid,
    started_at: iso(startedMs),
    duration_sec: DURATIONS[i % DURATIONS.length],
    caller_id: CALLERS[i % CALLERS.length],
    persona: i % 2 ? 'margaret' : 'walter',
    disconnect_reason: i % 3 ? 'caller_hung_up_normal' : null,
    cleanly_closed: i % 2 === 0,
    transcript: [
      { speaker: 'caller', text: TEXTS[i % TEXTS.length], offset_sec: 0.4 },
      { speaker: 'persona', text: i % 4 === 0 ? 'Oh dear, what is a Gift card?' : 'Who is this?', offset_sec: 3 },
    ],
    extraction: hasExtraction
      ? {
          auditor_confidence: (i % 10) / 10,
          impersonated_brand: BRANDS[i % BRANDS.length],
          lure_category: LURES[i % LURES.length],
          payment_method: PAYMENTS[i % PAYMENTS.length],
          gift_card_brand: i % 5 === 0 ? 'Apple' : null,
          phishing_url: i % 4 === 1 ? 'https://example.test/pay' : null,
          dollar_asks: i % 3 === 0 ? [500, 1500] : [],
          dollars_dangled: i % 2 ? 399 : null,
        }
      : null,
  };
}

interface Model {
  sid: string;
  t: number;
  dur: number;
  brand: string | null;
  lure: string | null;
  pay: string | null;
  state: string | null;
  tier: number | null;
  hooked: boolean;
  text: string;
}

function model(r: Rec): Model {
  const e = r.extraction as Record<string, unknown> | null;
  const f = (k: string) => (e?.[k] as string | null | undefined) ?? null;
  const tier = f('gift_card_brand')
    ? 1
    : f('payment_method') || f('phishing_url')
      ? 2
      : f('impersonated_brand') || f('lure_category')
        ? 3
        : null;
  const intel = ['impersonated_brand', 'lure_category', 'payment_method', 'gift_card_brand', 'phishing_url'].some((k) => f(k));
  const caller = r.caller_id as string | null;
  return {
    sid: r.call_sid,
    t: Date.parse(r.started_at),
    dur: r.duration_sec,
    brand: f('impersonated_brand'),
    lure: f('lure_category'),
    pay: f('payment_method'),
    state: caller && caller.startsWith('+1') ? (STATES[caller.slice(2, 5)] ?? null) : null,
    tier: e ? tier : null,
    hooked: r.duration_sec >= 15 && intel,
    text: (r.transcript as { text: string }[]).map((x) => x.text).join('\n'),
  };
}

// 24 calls in the 7-day window, with two groups of identical started_at whose sids differ in
// ways that test code-point order ('-' < '0' < 'A' < '_' < 'a'); plus calls at the edges.
const TIE_A = ['a-tie', 'A_tie', '-tie', '0tie'];
const TIE_B = ['zz', 'ZZ', 'z_'];
function fixture(): Rec[] {
  const out: Rec[] = [];
  let i = 0;
  for (let h = 1; out.length < 17; h += 7) out.push(record(i++, `CA${String(i).padStart(3, '0')}`, NOW.getTime() - h * HOUR));
  for (const sid of TIE_A) out.push(record(i++, sid, NOW.getTime() - 30 * HOUR));
  for (const sid of TIE_B) out.push(record(i++, sid, NOW.getTime() - 50 * HOUR));
  out.push(record(i++, 'edge-start', NOW.getTime() - 7 * DAY)); // start is inclusive
  out.push(record(i++, 'edge-end', NOW.getTime())); // end is exclusive
  out.push(record(i, 'old', NOW.getTime() - 8 * DAY));
  return out;
}

const byListOrder = (a: Model, b: Model) => b.t - a.t || (a.sid < b.sid ? -1 : a.sid > b.sid ? 1 : 0);

let t: TestApp;
let A: OrgKeys;
let B: OrgKeys;
const RECORDS = fixture();
const MODELS = RECORDS.map(model);
const IN_WINDOW = MODELS.filter((m) => m.t >= NOW.getTime() - 7 * DAY && m.t < NOW.getTime());

/** Every page of a listing; asserts page sizes and that next_cursor is null exactly at the end. */
async function walk(key: string, qs: string, limit = 4): Promise<{ sids: string[]; pages: number; items: Record<string, unknown>[] }> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `/api/calls?limit=${limit}${qs ? `&${qs}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await get(t.app, key, url);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    pages++;
    if (body.next_cursor !== null) assert.equal(body.items.length, limit, 'a page before the last is full');
    assert.ok(body.items.length <= limit);
    items.push(...body.items);
    cursor = body.next_cursor;
    assert.ok(pages < 100, 'pagination terminates');
  } while (cursor);
  const sids = items.map((x) => x.call_sid as string);
  assert.equal(new Set(sids).size, sids.length, 'no call appears twice');
  return { sids, pages, items };
}

const expected = (pred: (m: Model) => boolean) =>
  IN_WINDOW.filter(pred)
    .sort(byListOrder)
    .map((m) => m.sid);

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  A = await newOrg(t.app, 'free', 'A');
  B = await newOrg(t.app, 'free', 'B');
  const res = await ingest(t.app, A.ingest, RECORDS);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().accepted, RECORDS.length);
  // Org B: a call with a sid that org A also has, and one of its own.
  const b = await ingest(t.app, B.ingest, [
    { ...record(1, 'CA001', NOW.getTime() - HOUR), persona: 'org-b' },
    record(2, 'only-in-b', NOW.getTime() - 2 * HOUR),
  ]);
  assert.equal(b.statusCode, 200, b.body);
});

after(async () => {
  await t.close();
});

describe('GET /api/calls: window and order', () => {
  it('defaults to the last 7 days, newest first, ties by call_sid in code-point order', async () => {
    const res = await get(t.app, A.read, '/api/calls?limit=200');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(body.range, { start_utc: '2026-11-13T14:00:00Z', end_utc: '2026-11-20T14:00:00Z', label: '7d' });
    assert.deepEqual(
      body.items.map((x: { call_sid: string }) => x.call_sid),
      expected(() => true),
    );
    assert.equal(body.next_cursor, null);
    const sids = body.items.map((x: { call_sid: string }) => x.call_sid);
    assert.ok(sids.includes('edge-start') && !sids.includes('edge-end') && !sids.includes('old'));
    // The tie group in code-point order.
    assert.deepEqual(
      sids.filter((s: string) => TIE_A.includes(s)),
      ['-tie', '0tie', 'A_tie', 'a-tie'],
    );
  });

  it('honours a custom window', async () => {
    const start = NOW.getTime() - 8 * DAY - HOUR;
    const end = NOW.getTime() - 30 * HOUR;
    const res = await get(t.app, A.read, `/api/calls?limit=200&start=${iso(start)}&end=${iso(end)}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().range.label, 'custom');
    const want = MODELS.filter((m) => m.t >= start && m.t < end)
      .sort(byListOrder)
      .map((m) => m.sid);
    assert.ok(want.includes('old') && !want.includes('a-tie'));
    assert.deepEqual(
      res.json().items.map((x: { call_sid: string }) => x.call_sid),
      want,
    );
  });

  it('shapes a list row', async () => {
    const res = await get(t.app, A.read, '/api/calls?limit=200');
    const row = res.json().items.find((x: { call_sid: string }) => x.call_sid === 'CA001');
    const r = RECORDS.find((x) => x.call_sid === 'CA001')!;
    const e = r.extraction as Record<string, unknown>;
    assert.deepEqual(row, {
      call_sid: 'CA001',
      started_at: r.started_at,
      duration_sec: r.duration_sec,
      caller_id: r.caller_id,
      caller_state: 'DC',
      persona: r.persona,
      disconnect_reason: r.disconnect_reason,
      cleanly_closed: r.cleanly_closed,
      tier: 1,
      hooked: false,
      has_intel: true,
      auditor_confidence: 0,
      impersonated_brand: 'Amazon',
      lure_category: 'REFUND',
      payment_method: 'gift_card',
      total_dollars_asked: 2000,
      dollars_dangled: null,
      snippet: null,
    });
    assert.equal(e.gift_card_brand, 'Apple');
  });
});

describe('GET /api/calls: pagination', () => {
  for (const limit of [1, 3, 4, 7, 50]) {
    it(`walks every call exactly once in order with limit=${limit}`, async () => {
      const { sids, pages } = await walk(A.read, '', limit);
      const want = expected(() => true);
      assert.deepEqual(sids, want);
      assert.equal(pages, Math.max(1, Math.ceil(want.length / limit)));
    });
  }

  it('paginates filtered results too', async () => {
    const { sids } = await walk(A.read, 'q=gift', 2);
    assert.deepEqual(
      sids,
      expected((m) => m.text.toLowerCase().includes('gift')),
    );
  });

  it('answers an empty page with next_cursor null', async () => {
    const res = await get(t.app, A.read, '/api/calls?q=no-such-words-anywhere');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().items, []);
    assert.equal(res.json().next_cursor, null);
  });

  it('rejects a malformed or tampered cursor with 400 validation_failed', async () => {
    const first = (await get(t.app, A.read, '/api/calls?limit=2')).json();
    const good: string = first.next_cursor;
    assert.equal(typeof good, 'string');
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const bad = [
      'not a cursor!',
      '%%%',
      `${good}x`,
      `${good}=`,
      b64('{"t":1,"s":"x"}'),
      b64('[1]'),
      b64('["1","CA001"]'),
      b64('[1.5,"CA001"]'),
      b64('[1,"bad sid"]'),
      b64('[1, "CA001"]'),
      b64('garbage'),
      'A'.repeat(300),
    ];
    for (const cursor of bad) {
      const res = await get(t.app, A.read, `/api/calls?cursor=${encodeURIComponent(cursor)}`);
      assert.equal(res.statusCode, 400, `cursor ${cursor}: ${res.body}`);
      assert.equal(res.json().code, 'validation_failed');
      assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    }
  });

  it('validates limit', async () => {
    for (const limit of ['0', '201', 'abc', '1.5']) {
      const res = await get(t.app, A.read, `/api/calls?limit=${limit}`);
      assert.equal(res.statusCode, 400, limit);
      assert.equal(res.json().code, 'validation_failed');
    }
    const res = await get(t.app, A.read, '/api/calls');
    assert.equal(res.json().items.length, Math.min(50, IN_WINDOW.length));
  });
});

describe('GET /api/calls: filters', () => {
  const cases: [string, string, (m: Model) => boolean][] = [
    ['q is a case-insensitive substring', 'q=gIfT%20cArD', (m) => m.text.toLowerCase().includes('gift card')],
    ['q matches the persona turns too', 'q=oh%20dear', (m) => m.text.toLowerCase().includes('oh dear')],
    ['q treats % literally', 'q=0%25%20s', (m) => m.text.toLowerCase().includes('0% s')],
    ['q treats _ literally', 'q=s_1', (m) => m.text.toLowerCase().includes('s_1')],
    ['q with a backslash', 'q=%5C', (m) => m.text.includes('\\')],
    ['impersonated_brand, case-insensitive', 'impersonated_brand=AMAZON', (m) => m.brand?.toLowerCase() === 'amazon'],
    [
      'impersonated_brand repeated is OR',
      'impersonated_brand=amazon&impersonated_brand=paypal',
      (m) => ['amazon', 'paypal'].includes(m.brand?.toLowerCase() ?? ''),
    ],
    ['lure_category', 'lure_category=refund', (m) => m.lure === 'REFUND'],
    ['payment_method repeated', 'payment_method=gift_card&payment_method=WIRE', (m) => m.pay === 'gift_card' || m.pay === 'wire'],
    ['caller_state', 'caller_state=ny', (m) => m.state === 'NY'],
    ['caller_state repeated', 'caller_state=DC&caller_state=fl', (m) => m.state === 'DC' || m.state === 'FL'],
    ['tier', 'tier=1', (m) => m.tier === 1],
    ['tier repeated', 'tier=2&tier=3', (m) => m.tier === 2 || m.tier === 3],
    ['hooked=true', 'hooked=true', (m) => m.hooked],
    ['hooked=false', 'hooked=false', (m) => !m.hooked],
    ['min_duration_sec is inclusive', 'min_duration_sec=15', (m) => m.dur >= 15],
    ['max_duration_sec is inclusive', 'max_duration_sec=14', (m) => m.dur <= 14],
    ['min and max', 'min_duration_sec=5&max_duration_sec=60', (m) => m.dur >= 5 && m.dur <= 60],
    [
      'filters combine with AND',
      'impersonated_brand=amazon&hooked=true&q=gift',
      (m) => m.brand?.toLowerCase() === 'amazon' && m.hooked && m.text.toLowerCase().includes('gift'),
    ],
  ];
  for (const [name, qs, pred] of cases) {
    it(name, async () => {
      const want = expected(pred);
      const res = await get(t.app, A.read, `/api/calls?limit=200&${qs}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        res.json().items.map((x: { call_sid: string }) => x.call_sid),
        want,
      );
    });
  }

  it('the fixture exercises every filter with non-trivial subsets', () => {
    for (const [name, , pred] of cases) {
      const n = IN_WINDOW.filter(pred).length;
      if (name.includes('backslash')) assert.equal(n, 0);
      else assert.ok(n > 0 && n < IN_WINDOW.length, `${name}: ${n} of ${IN_WINDOW.length}`);
    }
  });

  it('rejects bad filter values with 400', async () => {
    const bad: [string, string][] = [
      ['tier=4', 'validation_failed'],
      ['tier=one', 'validation_failed'],
      ['hooked=maybe', 'validation_failed'],
      ['min_duration_sec=-1', 'validation_failed'],
      ['max_duration_sec=86401', 'validation_failed'],
      ['min_duration_sec=60&max_duration_sec=15', 'validation_failed'],
      ['caller_state=New%20York', 'validation_failed'],
      ['impersonated_brand=', 'validation_failed'],
      ['q=', 'validation_failed'],
      ['q=a&q=b', 'validation_failed'],
      ['range=7x', 'invalid_range'],
      ['start=2026-11-20&end=2026-11-19', 'invalid_range'],
      ['saved_search_id=bad%20id', 'validation_failed'],
    ];
    for (const [qs, code] of bad) {
      const res = await get(t.app, A.read, `/api/calls?${qs}`);
      assert.equal(res.statusCode, 400, `${qs}: ${res.body}`);
      assert.equal(res.json().code, code, qs);
    }
  });

  it('needs a read key', async () => {
    assert.equal((await get(t.app, 'hpk_nope', '/api/calls')).statusCode, 401);
    assert.equal((await get(t.app, A.ingest, '/api/calls')).statusCode, 403);
  });
});

describe('tenancy and slices', () => {
  it('never lists another org’s calls', async () => {
    const a = await walk(A.read, '', 200);
    assert.ok(!a.sids.includes('only-in-b'));
    assert.ok(a.items.every((x) => x.persona !== 'org-b'));
    const b = await walk(B.read, '', 200);
    assert.deepEqual(b.sids, ['CA001', 'only-in-b']);
    assert.equal(b.items[0].persona, 'org-b');
  });

  it('a scoped key lists only its slice, and filters narrow it further', async () => {
    const key = await scopedKey(t.app, A.orgId, { impersonated_brand: ['Amazon'] });
    const inSlice = (m: Model) => m.brand?.toLowerCase() === 'amazon';
    assert.deepEqual((await walk(key, '', 3)).sids, expected(inSlice));
    // Asking for another brand does not widen the slice.
    assert.deepEqual((await walk(key, 'impersonated_brand=paypal')).sids, []);
    assert.deepEqual(
      (await walk(key, 'hooked=true')).sids,
      expected((m) => inSlice(m) && m.hooked),
    );
  });
});

describe('GET /api/calls/{call_sid}', () => {
  const full = {
    call_sid: 'CAdetail',
    started_at: '2026-11-19T10:03:11.250Z',
    duration_sec: 389,
    caller_id: '+12025550143',
    persona: 'margaret',
    disconnect_reason: 'caller_hung_up_normal',
    cleanly_closed: true,
    transcript: [
      { speaker: 'caller', text: "Hello ma'am, this is Amazon…", offset_sec: 0.4 },
      { speaker: 'persona', text: '  Oh my, a refund?  ' },
      { speaker: 'system', text: '', offset_sec: 12 },
    ],
    extraction: {
      auditor_confidence: 0.82,
      impersonated_brand: 'Amazon',
      lure_category: 'REFUND',
      payment_method: 'gift_card',
      impersonated_government_agency: null,
      mule_bank_name: null,
      mule_bank_routing_number: null,
      mule_bank_account_number: null,
      mule_account_holder_name: null,
      crypto_wallet_address: null,
      crypto_chain: null,
      gift_card_brand: 'Apple',
      phishing_url: null,
      remote_desktop_app: 'AnyDesk',
      synthetic_org: null,
      fake_agent_name: 'Kevin',
      physical_mule_drop_address: null,
      dollar_asks: [500, 1500.5],
      dollars_dangled: 399,
    },
  };

  before(async () => {
    const res = await ingest(t.app, A.ingest, [
      full,
      { call_sid: 'CAbare', started_at: '2026-11-19T11:00:00Z', duration_sec: 3 },
      {
        call_sid: 'CApartial',
        started_at: '2026-11-19T12:00:00Z',
        duration_sec: 30,
        extraction: { impersonated_brand: '  PayPal ', crypto_chain: '' },
      },
    ]);
    assert.equal(res.json().accepted, 3, res.body);
  });

  it('returns the whole call; transcript and extraction round-trip exactly', async () => {
    const res = await get(t.app, A.read, '/api/calls/CAdetail');
    assert.equal(res.statusCode, 200, res.body);
    const c = res.json();
    assert.deepEqual(c.transcript, full.transcript);
    // The extraction as sent, plus the indicator checks (neither a routing number nor a wallet here).
    assert.deepEqual(c.extraction, { ...full.extraction, validity: { mule_bank_routing_number: null, crypto_wallet_address: null } });
    assert.equal(c.started_at, '2026-11-19T10:03:11.250Z');
    assert.equal(c.tier, 1);
    assert.equal(c.hooked, true);
    assert.equal(c.caller_state, 'DC');
    assert.equal(c.caller_area_code, '202');
    assert.equal(c.total_dollars_asked, 2000.5);
    assert.equal(c.persona, 'margaret');
    assert.equal(c.cleanly_closed, true);
  });

  it('gives an empty transcript and a null extraction when the call had none', async () => {
    const c = (await get(t.app, A.read, '/api/calls/CAbare')).json();
    assert.deepEqual(c.transcript, []);
    assert.equal(c.extraction, null);
    assert.equal(c.tier, null);
    assert.equal(c.hooked, false);
    assert.equal(c.caller_id, null);
    assert.equal(c.caller_state, null);
    assert.equal(c.disconnect_reason, null);
    assert.equal(c.cleanly_closed, null);
    assert.equal(c.total_dollars_asked, 0);
  });

  it('fills every intel field of a partial extraction (trimmed; empty → null)', async () => {
    const c = (await get(t.app, A.read, '/api/calls/CApartial')).json();
    assert.equal(Object.keys(c.extraction).length, 20); // 16 intel fields, confidence, the two dollar fields, validity
    assert.equal(c.extraction.impersonated_brand, 'PayPal');
    assert.equal(c.extraction.crypto_chain, null);
    assert.equal(c.extraction.auditor_confidence, null);
    assert.deepEqual(c.extraction.dollar_asks, []);
    assert.equal(c.extraction.dollars_dangled, null);
    assert.equal(c.tier, 3);
    assert.equal(c.hooked, true);
  });

  it('answers 404 for an unknown sid, another org’s call, and a call outside the slice', async () => {
    const cases: [string, string][] = [
      [A.read, '/api/calls/nope'],
      [A.read, '/api/calls/only-in-b'],
      [await scopedKey(t.app, A.orgId, { impersonated_brand: ['paypal'] }), '/api/calls/CAdetail'],
      [await scopedKey(t.app, A.orgId, { caller_state: ['NY'] }), '/api/calls/CAbare'],
    ];
    for (const [key, url] of cases) {
      const res = await get(t.app, key, url);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().code, 'not_found');
    }
    const inSlice = await scopedKey(t.app, A.orgId, { impersonated_brand: ['AMAZON'] });
    assert.equal((await get(t.app, inSlice, '/api/calls/CAdetail')).statusCode, 200);
  });

  it('reads the caller’s own org when both orgs have the same sid', async () => {
    assert.equal((await get(t.app, B.read, '/api/calls/CA001')).json().persona, 'org-b');
    assert.notEqual((await get(t.app, A.read, '/api/calls/CA001')).json().persona, 'org-b');
  });

  it('rejects a malformed sid with 400', async () => {
    const res = await get(t.app, A.read, `/api/calls/${'x'.repeat(65)}`);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'validation_failed');
  });
});
