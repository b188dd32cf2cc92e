// GET /api/campaigns, GET /api/campaigns/{id} and GET /api/calls?campaign_id= over a hand-made
// fixture whose campaigns were worked out by hand (below): figures, ids, links, related signals,
// growth, paging, re-ingest that removes and restores a link, other orgs never linked, a scoped
// key that sees only campaigns of its slice, and every error as problem+json.
//
// The window is [2026-11-01, 2026-11-08); the previous period [2026-10-25, 2026-11-01).
//
//   X = {A1, A2, A3, A4}: A1–A2 share a wallet (case differs: an EVM address is case-insensitive),
//       A2–A3 a drop address (spelled differently), A3–A4 a phishing URL's registered domain.
//       P1, in the previous period, carries the wallet: previous_calls 1, growth 4 − 1 = 3.
//   A5 shares only the routing number with A3 (a routing number alone never links).
//   B  = {B1, B2}: the same agent (synthetic org + fake agent name) AND the same caller ID.
//   B3 has the same agent but another caller ID: related to B, not in it.
//   C  = {A5, B3}: the same callback number, given in the call in two spellings.

import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const NOW = new Date('2026-11-08T00:00:00Z');
const WINDOW = 'start=2026-11-01&end=2026-11-08';
const WALLET = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';

const idOf = (orgId: string, kind: string, value: string) =>
  `cmp_${createHash('sha256').update(`${orgId}\n${kind}\n${value}`).digest('hex').slice(0, 16)}`;

type Rec = Record<string, unknown> & { call_sid: string };

const call = (
  sid: string,
  started: string,
  caller: string | null,
  extraction: Record<string, unknown>,
  transcript: string[] = [],
): Rec => ({
  call_sid: sid,
  started_at: started,
  duration_sec: 120,
  caller_id: caller,
  transcript: transcript.map((text, i) => ({ speaker: 'caller', text, offset_sec: i })),
  extraction,
});

const A1 = call('A1', '2026-11-02T10:00:00Z', '+12025550143', {
  impersonated_brand: 'Amazon',
  lure_category: 'REFUND',
  payment_method: 'crypto',
  crypto_wallet_address: WALLET,
  dollar_asks: [500, 1500],
});
const A2 = call('A2', '2026-11-03T10:00:00Z', '+12125550111', {
  impersonated_brand: 'PayPal',
  lure_category: 'REFUND',
  payment_method: 'crypto',
  crypto_wallet_address: WALLET.toLowerCase(),
  physical_mule_drop_address: '12 Oak Street, Apt. 4, Dover, DE 19901',
  dollar_asks: [250.5],
});
const A3 = call('A3', '2026-11-04T10:00:00Z', '+12125550122', {
  impersonated_brand: 'PayPal',
  lure_category: 'TECH_SUPPORT',
  payment_method: 'wire',
  mule_bank_routing_number: '021000021',
  mule_bank_account_number: '12345678',
  physical_mule_drop_address: '12 oak st apt 4 dover de 19901',
  phishing_url: 'https://login.secure-refunds.com/verify',
  dollar_asks: [100],
});
const A4 = call('A4', '2026-11-05T09:00:00Z', null, {
  impersonated_brand: 'Amazon',
  lure_category: 'REFUND',
  phishing_url: 'secure-refunds.com/other',
});
const A5 = call(
  'A5',
  '2026-11-05T12:00:00Z',
  null,
  { lure_category: 'IRS', mule_bank_routing_number: '021000021', mule_bank_account_number: '87654321' },
  ['Please call us back at (888) 555-0142 before five.'],
);
const agent = { synthetic_org: 'Refund Dept', fake_agent_name: 'Kevin', impersonated_brand: 'Microsoft', lure_category: 'TECH_SUPPORT' };
const B1 = call('B1', '2026-11-06T09:00:00Z', '+13125550100', agent);
const B2 = call('B2', '2026-11-06T11:00:00Z', '+13125550100', agent);
const B3 = call('B3', '2026-11-06T12:00:00Z', '+13125550199', agent, ['Our line is 1-888-555-0142, ask for Kevin.']);
const P1 = call('P1', '2026-10-28T10:00:00Z', null, { crypto_wallet_address: WALLET });
const FIXTURE = [A1, A2, A3, A4, A5, B1, B2, B3, P1];

let t: TestApp;
let org: OrgKeys;
let other: OrgKeys;
let X: string;
let B: string;
let C: string;

const list = async (key: string, query = '') => {
  const res = await get(t.app, key, `/api/campaigns?${WINDOW}${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};
const sidsOf = async (key: string, id: string): Promise<string[]> => {
  const res = await get(t.app, key, `/api/calls?${WINDOW}&campaign_id=${id}&limit=200`);
  assert.equal(res.statusCode, 200, res.body);
  return res
    .json()
    .items.map((c: { call_sid: string }) => c.call_sid)
    .sort();
};

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  org = await newOrg(t.app, 'pro', 'Fraud team');
  other = await newOrg(t.app, 'pro', 'Other team');
  assert.equal((await ingest(t.app, org.ingest, FIXTURE)).statusCode, 200);
  // Another org meets the same wallet, drop and callback number: never linked to this org's calls.
  const theirs = [
    call('O1', '2026-11-02T11:00:00Z', null, { crypto_wallet_address: WALLET }),
    call('O2', '2026-11-04T11:00:00Z', null, {
      crypto_wallet_address: WALLET,
      physical_mule_drop_address: '12 Oak St Apt 4 Dover DE 19901',
    }),
  ];
  assert.equal((await ingest(t.app, other.ingest, theirs)).statusCode, 200);
  X = idOf(org.orgId, 'wallet', WALLET.toLowerCase());
  B = idOf(org.orgId, 'agent+caller_id', 'refund dept|kevin & +13125550100');
  C = idOf(org.orgId, 'callback_number', '+18885550142');
});
after(() => t.close());

describe('GET /api/campaigns', () => {
  it('lists the window’s campaigns of 3+ calls by default, with their figures', async () => {
    const body = await list(org.read);
    assert.deepEqual(body.range, { start_utc: '2026-11-01T00:00:00Z', end_utc: '2026-11-08T00:00:00Z', label: 'custom' });
    assert.equal(body.next_cursor, null);
    assert.deepEqual(body.items, [
      {
        id: X,
        calls: 4,
        first_seen: '2026-11-02T10:00:00Z',
        last_seen: '2026-11-05T09:00:00Z',
        brands: ['Amazon', 'PayPal'],
        lures: ['REFUND', 'TECH_SUPPORT'],
        payment_methods: ['crypto', 'wire'],
        states: ['NY', 'DC'],
        total_dollars_asked: 2350.5,
        identifiers: {
          mule_account: [{ value: '021000021/12345678', calls: 1 }],
          wallet: [{ value: WALLET.toLowerCase(), calls: 2 }],
          drop_address: [{ value: '12 oak st apt 4 dover de 19901', calls: 2 }],
          phishing_domain: [{ value: 'secure-refunds.com', calls: 2 }],
          callback_number: [],
        },
        growth: 3,
        previous_calls: 1,
      },
    ]);
  });

  it('min_calls=2 adds the two-call campaigns; sorts by calls, then id; pages with a cursor', async () => {
    const all = await list(org.read, '&min_calls=2');
    const small = [B, C].sort();
    assert.deepEqual(
      all.items.map((r: { id: string; calls: number }) => [r.id, r.calls]),
      [[X, 4], ...small.map((id) => [id, 2])],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(org.read, `&min_calls=2&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      assert.ok(page.items.length <= 1);
      seen.push(...page.items.map((r: { id: string }) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, [X, ...small]);
  });

  it('sorts by dollars_asked, last_seen and growth', async () => {
    const ids = async (sort: string) => (await list(org.read, `&min_calls=2&sort=${sort}`)).items.map((r: { id: string }) => r.id);
    const small = [B, C].sort();
    assert.deepEqual(await ids('dollars_asked'), [X, ...small]); // 2350.5, then 0 and 0
    assert.deepEqual(await ids('last_seen'), [C, B, X]); // B3 12:00 > B2 11:00 > A4
    assert.deepEqual(await ids('growth'), [X, ...small]); // 3, 2, 2
  });

  it('never links calls of another org: theirs is a campaign of their own, with another id', async () => {
    const mine = await list(org.read, '&min_calls=2');
    assert.equal(mine.items.find((r: { id: string }) => r.id === X).calls, 4);
    const theirs = await list(other.read, '&min_calls=2');
    assert.equal(theirs.items.length, 1);
    assert.equal(theirs.items[0].calls, 2);
    assert.equal(theirs.items[0].id, idOf(other.orgId, 'wallet', WALLET.toLowerCase()));
    assert.deepEqual(await sidsOf(other.read, theirs.items[0].id), ['O1', 'O2']);
    assertProblem(await get(t.app, other.read, `/api/campaigns/${X}?${WINDOW}`), 404, 'not_found');
    assertProblem(await get(t.app, other.read, `/api/calls?${WINDOW}&campaign_id=${X}`), 404, 'not_found');
  });
});

describe('GET /api/campaigns/{id} and GET /api/calls?campaign_id=', () => {
  it('gives the row plus timeline, links and related signals', async () => {
    const res = await get(t.app, org.read, `/api/campaigns/${X}?${WINDOW}`);
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json();
    assert.equal(d.id, X);
    assert.equal(d.calls, 4);
    assert.deepEqual(
      d.timeline.map((p: { day: string; calls: number }) => [p.day.slice(0, 10), p.calls]),
      [
        ['2026-11-01', 0],
        ['2026-11-02', 1],
        ['2026-11-03', 1],
        ['2026-11-04', 1],
        ['2026-11-05', 1],
        ['2026-11-06', 0],
        ['2026-11-07', 0],
      ],
    );
    assert.deepEqual(d.links, [
      { kind: 'wallet', value: WALLET.toLowerCase(), calls: 2, call_sids: ['A1', 'A2'] },
      { kind: 'drop_address', value: '12 oak st apt 4 dover de 19901', calls: 2, call_sids: ['A2', 'A3'] },
      { kind: 'phishing_domain', value: 'secure-refunds.com', calls: 2, call_sids: ['A3', 'A4'] },
    ]);
    assert.deepEqual(d.related, []);
    assert.deepEqual(await sidsOf(org.read, X), ['A1', 'A2', 'A3', 'A4']);
  });

  it('joins calls by two weak signals that agree, and shows one weak signal as related only', async () => {
    const d = (await get(t.app, org.read, `/api/campaigns/${B}?${WINDOW}`)).json();
    assert.deepEqual(d.links, [{ kind: 'agent+caller_id', value: 'refund dept|kevin & +13125550100', calls: 2, call_sids: ['B1', 'B2'] }]);
    assert.deepEqual(d.related, [{ kind: 'agent', value: 'refund dept|kevin', campaign_calls: 2, other_calls: 1, other_campaigns: [C] }]);
    assert.deepEqual(await sidsOf(org.read, B), ['B1', 'B2']);
    const c = (await get(t.app, org.read, `/api/campaigns/${C}?${WINDOW}`)).json();
    assert.deepEqual(c.links, [{ kind: 'callback_number', value: '+18885550142', calls: 2, call_sids: ['A5', 'B3'] }]);
    assert.deepEqual(await sidsOf(org.read, C), ['A5', 'B3']);
  });

  it('composes with the other call filters and counts total', async () => {
    const res = await get(t.app, org.read, `/api/calls?${WINDOW}&campaign_id=${X}&impersonated_brand=PayPal`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().total, 2);
    assert.deepEqual(
      res.json().items.map((c: { call_sid: string }) => c.call_sid),
      ['A3', 'A2'],
    );
  });

  it('is computed from the window: outside it the campaign is not there', async () => {
    assertProblem(await get(t.app, org.read, `/api/campaigns/${X}?start=2026-11-06&end=2026-11-08`), 404, 'not_found');
    assertProblem(await get(t.app, org.read, `/api/calls?start=2026-11-06&end=2026-11-08&campaign_id=${X}`), 404, 'not_found');
  });
});

describe('scoped keys', () => {
  it('see only campaigns computed from their slice, never a call outside it', async () => {
    const key = await scopedKey(t.app, org.orgId, { impersonated_brand: ['PayPal'] });
    // In the slice: A2 and A3 only. They share the drop; the wallet and the domain reach outside.
    const body = await list(key, '&min_calls=2');
    const S = idOf(org.orgId, 'drop_address', '12 oak st apt 4 dover de 19901');
    assert.deepEqual(
      body.items.map((r: { id: string; calls: number; brands: string[] }) => [r.id, r.calls, r.brands]),
      [[S, 2, ['PayPal']]],
    );
    assert.deepEqual(body.items[0].identifiers.wallet, [{ value: WALLET.toLowerCase(), calls: 1 }]);
    assert.equal(body.items[0].previous_calls, 0); // P1 has no brand: outside the slice
    const d = await get(t.app, key, `/api/campaigns/${S}?${WINDOW}`);
    assert.equal(d.statusCode, 200, d.body);
    assert.doesNotMatch(d.body, /"A1"|"A4"|"A5"|"B\d"|"P1"/);
    assert.deepEqual(await sidsOf(key, S), ['A2', 'A3']);
    // The org-wide campaign does not exist for this key.
    assertProblem(await get(t.app, key, `/api/campaigns/${X}?${WINDOW}`), 404, 'not_found');
    assertProblem(await get(t.app, key, `/api/calls?${WINDOW}&campaign_id=${X}`), 404, 'not_found');
  });
});

describe('re-ingest', () => {
  it('removing a link splits the campaign; restoring it gives back the same id', async () => {
    const { crypto_wallet_address: _w, physical_mule_drop_address: _d, ...bare } = A2.extraction as Record<string, unknown>;
    assert.equal((await ingest(t.app, org.ingest, [{ ...A2, extraction: bare }])).statusCode, 200);
    const split = await list(org.read, '&min_calls=2');
    const Y = idOf(org.orgId, 'phishing_domain', 'secure-refunds.com');
    assert.deepEqual(
      split.items.map((r: { id: string; calls: number }) => [r.id, r.calls]).sort(),
      [
        [B, 2],
        [C, 2],
        [Y, 2],
      ].sort(),
    );
    assert.deepEqual(await sidsOf(org.read, Y), ['A3', 'A4']);
    assertProblem(await get(t.app, org.read, `/api/campaigns/${X}?${WINDOW}`), 404, 'not_found');

    assert.equal((await ingest(t.app, org.ingest, [A2])).statusCode, 200);
    assert.deepEqual(await sidsOf(org.read, X), ['A1', 'A2', 'A3', 'A4']);
  });
});

describe('access and errors', () => {
  it('is pro only, read keys only', async () => {
    const free = await newOrg(t.app, 'free', 'Free team');
    const body = assertProblem(await get(t.app, free.read, `/api/campaigns?${WINDOW}`), 403, 'tier_required');
    assert.equal(body.required_tier, 'pro');
    assertProblem(await get(t.app, free.read, `/api/campaigns/${X}`), 403, 'tier_required');
    assertProblem(await get(t.app, free.read, `/api/calls?campaign_id=${X}`), 403, 'tier_required');
    assertProblem(await get(t.app, org.ingest, '/api/campaigns'), 403, 'forbidden');
    const anon = await t.app.inject({ method: 'GET', url: '/api/campaigns' });
    assertProblem(anon, 401, 'unauthorized');
  });

  it('validates every parameter', async () => {
    for (const q of ['sort=size', 'min_calls=1', 'min_calls=x', 'limit=0', 'limit=201', 'cursor=%21%21', 'cursor=WyJjYWxscyJd']) {
      assertProblem(await get(t.app, org.read, `/api/campaigns?${q}`), 400, 'validation_failed');
    }
    const first = await list(org.read, '&min_calls=2&limit=1');
    assertProblem(
      await get(t.app, org.read, `/api/campaigns?${WINDOW}&min_calls=2&sort=growth&cursor=${first.next_cursor}`),
      400,
      'validation_failed',
    );
    assertProblem(await get(t.app, org.read, '/api/campaigns?range=1y'), 400, 'invalid_range');
    assertProblem(await get(t.app, org.read, '/api/campaigns/nope'), 400, 'validation_failed');
    assertProblem(await get(t.app, org.read, `/api/campaigns/cmp_0000000000000000?${WINDOW}`), 404, 'not_found');
    assertProblem(await get(t.app, org.read, '/api/calls?campaign_id=nope'), 400, 'validation_failed');
  });
});
