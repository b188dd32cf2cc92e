// GET /api/kpis/tier1 sort and cursor paging: every sort, both directions, walked
// page by page against a reference sort of the fixture computed here (nulls last, ties by
// call_started_at descending then call_sid by code point), over rows that share timestamps and
// values in long runs; bad sorts and cursors; slices and other orgs.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';
import { cmpCodePoint } from './reference.js';

const NOW = Date.parse('2026-11-20T14:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const TEXT_FIELDS = [
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
] as const;
const FIELDS = ['call_sid', 'call_started_at', 'auditor_confidence', ...TEXT_FIELDS] as const;
type Field = (typeof FIELDS)[number];
type Row = Record<Field, string | number | null> & { validity?: unknown };

/**
 * The fixture's validity, worked by hand: the three routing numbers pass the ABA checksum; no
 * wallet is well-formed, so each is false, except 'T9y' with no chain, which looks like no
 * chain's address and cannot be judged.
 */
function validityOf(ext: Record<string, string | number | null>) {
  const routing = ext.mule_bank_routing_number;
  const wallet = ext.crypto_wallet_address;
  return {
    mule_bank_routing_number: routing === null ? null : ['021000021', '026009593', '011000015'].includes(routing as string),
    crypto_wallet_address: wallet === null ? null : wallet === 'T9y' && ext.crypto_chain === null ? null : false,
  };
}

// Values with nulls and repeats in each column (cycle lengths differ, so the combinations vary),
// and texts whose code-point order differs from locale and UTF-16 order.
const CYCLES: Record<(typeof TEXT_FIELDS)[number], (string | null)[]> = {
  mule_bank_name: [null, 'TD Bank', 'Target', 'Éclair', '🏦 Bank', 'Ｚeta', 'zeta', 'Zeta'],
  mule_bank_routing_number: [null, '021000021', '026009593', null, '011000015'],
  mule_bank_account_number: ['12345', null, '9', '12345', '000'],
  mule_account_holder_name: [null, 'Ann', 'ann', 'Bob'],
  crypto_wallet_address: ['bc1qxy', null, '0xABC', null, null, '0xabc', 'T9y'],
  crypto_chain: ['BTC', null, 'ETH', 'BTC', 'TRON', null],
  gift_card_brand: [null, 'Apple', 'Google Play', 'Apple'],
  physical_mule_drop_address: [null, null, '1 Main St', '1 Main St\n2nd floor', 'Ünter'],
};
const CONFIDENCES = [null, 0.5, 0.9, 0.5, 0, 0.30000000000000004, 1, null, 0.5];
const TRICKY_SIDS = ['T', 'T-1', 'T1', 'TA', 'T_1', 'Ta', 't1', '-x', '0x', '_x', 'Zz', 'zZ'];

function fixture(): { records: Record<string, unknown>[]; rows: Row[] } {
  const records: Record<string, unknown>[] = [];
  const rows: Row[] = [];
  for (let i = 0; i < 48; i++) {
    // 14 calls share one instant, 9 another: long tie runs on call_started_at.
    const ms = i < 14 ? NOW - 90 * MIN : i < 23 ? NOW - 600 * MIN : NOW - i * 37 * MIN;
    const sid = i < TRICKY_SIDS.length ? TRICKY_SIDS[i] : `CA${String(i).padStart(3, '0')}`;
    const ext: Record<string, string | number | null> = {};
    for (const f of TEXT_FIELDS) ext[f] = CYCLES[f][i % CYCLES[f].length];
    if (TEXT_FIELDS.every((f) => ext[f] === null)) ext.gift_card_brand = 'Steam';
    const conf = CONFIDENCES[i % CONFIDENCES.length];
    records.push({
      call_sid: sid,
      started_at: iso(ms),
      duration_sec: 30 + i,
      extraction: { ...ext, ...(conf === null ? {} : { auditor_confidence: conf }), impersonated_brand: i % 2 ? 'Chase' : 'Wells Fargo' },
    });
    rows.push({ call_sid: sid, call_started_at: iso(ms), auditor_confidence: conf, ...ext, validity: validityOf(ext) } as Row);
  }
  return { records, rows };
}

const cmp = (field: Field, a: string | number, b: string | number): number => {
  if (field === 'call_started_at') return Date.parse(a as string) - Date.parse(b as string);
  if (field === 'auditor_confidence') return (a as number) - (b as number);
  return cmpCodePoint(a as string, b as string);
};

/** The reference order: the field (nulls last either way), then newest first, then call_sid by code point. */
function refSorted(rows: Row[], sort: string): Row[] {
  const desc = sort.startsWith('-');
  const field = (desc ? sort.slice(1) : sort) as Field;
  return [...rows].sort((x, y) => {
    const a = x[field];
    const b = y[field];
    if (a === null || b === null) {
      if (a !== b) return a === null ? 1 : -1;
    } else {
      const c = cmp(field, a, b);
      if (c !== 0) return desc ? -c : c;
    }
    return (
      Date.parse(y.call_started_at as string) - Date.parse(x.call_started_at as string) ||
      cmpCodePoint(x.call_sid as string, y.call_sid as string)
    );
  });
}

const SORTS = FIELDS.flatMap((f) => [f, `-${f}`]);

let t: TestApp;
let A: OrgKeys;
let B: OrgKeys;
const { records, rows: ROWS } = fixture();

/** Every page of a sort; asserts full pages before the last, total on each, next_cursor null only at the end. */
async function walk(key: string, qs: string, limit: number, total: number): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(t.app, key, `/api/kpis/tier1?limit=${limit}&${qs}${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    pages++;
    assert.equal(body.total, total);
    if (body.next_cursor !== null) assert.equal(body.items.length, limit, 'a page before the last is full');
    rows.push(...body.items);
    cursor = body.next_cursor;
    assert.ok(pages <= total + 1, 'paging ends');
  } while (cursor);
  return { rows, pages };
}

before(async () => {
  t = await testApp();
  t.setNow(new Date(NOW));
  A = await newOrg(t.app, 'free', 'A');
  B = await newOrg(t.app, 'free', 'B');
  const res = await ingest(t.app, A.ingest, [
    ...records,
    // Not tier 1, or outside the window: never listed.
    { call_sid: 'tier2', started_at: iso(NOW - 5 * MIN), duration_sec: 60, extraction: { payment_method: 'wire' } },
    { call_sid: 'old', started_at: iso(NOW - 8 * 24 * 60 * MIN), duration_sec: 60, extraction: { crypto_chain: 'BTC' } },
    { call_sid: 'at-end', started_at: iso(NOW), duration_sec: 60, extraction: { crypto_chain: 'BTC' } },
  ]);
  assert.equal(res.json().accepted, records.length + 3, res.body);
  // Org B holds a call with a sid org A also has, and one of its own.
  const b = await ingest(t.app, B.ingest, [
    { call_sid: 'T', started_at: iso(NOW - MIN), duration_sec: 9, extraction: { crypto_chain: 'B-org' } },
    { call_sid: 'only-b', started_at: iso(NOW - MIN), duration_sec: 9, extraction: { mule_bank_name: 'B-org' } },
  ]);
  assert.equal(b.statusCode, 200, b.body);
});

after(async () => {
  await t.close();
});

describe('GET /api/kpis/tier1: sort and paging', () => {
  it('the fixture has runs of ties and nulls in every column', () => {
    for (const f of FIELDS) {
      const values = ROWS.map((r) => r[f]);
      const distinct = new Set(values.filter((v) => v !== null));
      if (f === 'call_sid') continue;
      assert.ok(values.includes(null) || f === 'call_started_at', `${f} has nulls`);
      assert.ok(distinct.size >= 2 && distinct.size < values.length - 3, `${f} has repeated values`);
    }
  });

  it('keeps the default answer: newest first, 100 rows, the same as sort=-call_started_at', async () => {
    const body = (await get(t.app, A.read, '/api/kpis/tier1')).json();
    assert.deepEqual(Object.keys(body), ['range', 'total', 'items', 'next_cursor']);
    assert.equal(body.total, ROWS.length);
    assert.deepEqual(body.items, refSorted(ROWS, '-call_started_at'));
    assert.equal(body.next_cursor, null);
    assert.deepEqual((await get(t.app, A.read, '/api/kpis/tier1?sort=-call_started_at')).json(), body);
    // Row fields in the seed's order, then validity.
    assert.deepEqual(Object.keys(body.items[0]), [...FIELDS, 'validity']);
  });

  for (const sort of SORTS) {
    it(`sort=${sort} walks every row once, in order, to the last row`, async () => {
      const want = refSorted(ROWS, sort);
      const { rows, pages } = await walk(A.read, `sort=${encodeURIComponent(sort)}`, 5, ROWS.length);
      assert.deepEqual(rows, want);
      assert.equal(pages, Math.ceil(ROWS.length / 5));
      // One page of everything gives the same order.
      const one = (await get(t.app, A.read, `/api/kpis/tier1?limit=100&sort=${encodeURIComponent(sort)}`)).json();
      assert.deepEqual(one.items, want);
      assert.equal(one.next_cursor, null);
    });
  }

  it('a window of two days or less (its first page read in one scan, the count beside) answers as a longer one', async () => {
    // Every fixture row is within 48 hours of NOW, so range=48h holds the same tier-1 calls as 7d.
    for (const sort of SORTS) {
      for (const limit of [5, 100]) {
        const qs = `limit=${limit}&sort=${encodeURIComponent(sort)}`;
        const short = (await get(t.app, A.read, `/api/kpis/tier1?range=48h&${qs}`)).json();
        const long = (await get(t.app, A.read, `/api/kpis/tier1?range=7d&${qs}`)).json();
        assert.equal(short.total, ROWS.length);
        assert.deepEqual(short.items, long.items, sort);
        assert.deepEqual(short.items, refSorted(ROWS, sort).slice(0, limit), sort);
        assert.equal(short.next_cursor === null, limit >= ROWS.length);
      }
    }
    const empty = (await get(t.app, A.read, `/api/kpis/tier1?start=${iso(NOW - 30 * 60 * MIN)}&end=${iso(NOW - 29 * 60 * MIN)}`)).json();
    assert.deepEqual([empty.total, empty.items, empty.next_cursor], [0, [], null]);
  });

  it('pages of one row cross every tie run (14 calls at one instant, repeated bank names)', async () => {
    for (const sort of ['-call_started_at', 'mule_bank_name', '-auditor_confidence', 'crypto_chain']) {
      const { rows, pages } = await walk(A.read, `sort=${sort}`, 1, ROWS.length);
      assert.deepEqual(rows, refSorted(ROWS, sort), sort);
      assert.equal(pages, ROWS.length);
    }
  });

  it('puts nulls last in both directions', async () => {
    for (const sort of ['auditor_confidence', '-auditor_confidence', 'mule_bank_name', '-mule_bank_name']) {
      const items = (await get(t.app, A.read, `/api/kpis/tier1?limit=100&sort=${sort}`)).json().items as Row[];
      const field = sort.replace('-', '') as Field;
      const firstNull = items.findIndex((r) => r[field] === null);
      assert.ok(firstNull > 0, sort);
      assert.ok(
        items.slice(firstNull).every((r) => r[field] === null),
        `${sort}: nothing after the nulls`,
      );
    }
    // Code-point order, not locale order: 'TD Bank' < 'Target' < 'Zeta' < 'zeta' < 'Éclair' < 'Ｚeta' < '🏦 Bank'.
    const names = (await get(t.app, A.read, '/api/kpis/tier1?limit=100&sort=mule_bank_name'))
      .json()
      .items.map((r: Row) => r.mule_bank_name);
    assert.deepEqual([...new Set(names)], ['TD Bank', 'Target', 'Zeta', 'zeta', 'Éclair', 'Ｚeta', '🏦 Bank', null]);
  });

  it('another limit on the next page continues from the same place', async () => {
    const want = refSorted(ROWS, 'gift_card_brand');
    const first = (await get(t.app, A.read, '/api/kpis/tier1?limit=7&sort=gift_card_brand')).json();
    const second = (await get(t.app, A.read, `/api/kpis/tier1?limit=30&sort=gift_card_brand&cursor=${first.next_cursor}`)).json();
    assert.deepEqual([...first.items, ...second.items], want.slice(0, 37));
  });

  it('rejects an unknown sort with 400 validation_failed', async () => {
    for (const sort of ['caller_id', '--call_sid', 'CALL_SID', '', 'call_sid,auditor_confidence', '+call_sid', 'started_at']) {
      assertProblem(await get(t.app, A.read, `/api/kpis/tier1?sort=${encodeURIComponent(sort)}`), 400, 'validation_failed');
    }
  });

  it('rejects a cursor of another sort, or one it did not issue, with 400 validation_failed', async () => {
    const byName = (await get(t.app, A.read, '/api/kpis/tier1?limit=2&sort=mule_bank_name')).json().next_cursor as string;
    const byTime = (await get(t.app, A.read, '/api/kpis/tier1?limit=2')).json().next_cursor as string;
    const other = assertProblem(
      await get(t.app, A.read, `/api/kpis/tier1?sort=-mule_bank_name&cursor=${byName}`),
      400,
      'validation_failed',
    );
    assert.match(other.detail, /another sort/);
    assert.deepEqual(other.errors, [{ path: 'querystring.cursor', message: 'is not a valid cursor' }]);
    assertProblem(await get(t.app, A.read, `/api/kpis/tier1?cursor=${byName}`), 400, 'validation_failed');
    assertProblem(await get(t.app, A.read, `/api/kpis/tier1?sort=mule_bank_name&cursor=${byTime}`), 400, 'validation_failed');
    const decoded = JSON.parse(Buffer.from(byName, 'base64url').toString('utf8'));
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const tampered = [
      `${byName}x`,
      byName.slice(0, -2),
      b64([decoded[0], 7, decoded[2], decoded[3]]), // a number where the bank name goes
      b64([decoded[0], decoded[1], decoded[2]]), // a key missing
      b64([decoded[0], decoded[1], String(decoded[2]), decoded[3]]),
      b64([decoded[0], decoded[1], decoded[2], 'not a sid']),
      'A'.repeat(5000),
    ];
    for (const cursor of tampered) {
      assertProblem(
        await get(t.app, A.read, `/api/kpis/tier1?sort=mule_bank_name&cursor=${encodeURIComponent(cursor)}`),
        400,
        'validation_failed',
      );
    }
  });

  it('a scoped key pages through its slice only; another org never shows', async () => {
    const key = await scopedKey(t.app, A.orgId, { impersonated_brand: ['chase'] });
    const slice = ROWS.filter((_, i) => i % 2 === 1);
    for (const sort of ['-crypto_chain', 'call_sid']) {
      const { rows } = await walk(key, `sort=${sort}`, 4, slice.length);
      assert.deepEqual(rows, refSorted(slice, sort));
    }
    const { rows } = await walk(B.read, 'sort=call_sid', 1, 2);
    assert.deepEqual(
      rows.map((r) => [r.call_sid, r.crypto_chain, r.mule_bank_name]),
      [
        ['T', 'B-org', null],
        ['only-b', null, 'B-org'],
      ],
    );
  });

  it('pages a custom window with the same cursor mechanism', async () => {
    const start = NOW - 600 * MIN;
    const end = NOW - 89 * MIN;
    const inside = ROWS.filter((r) => Date.parse(r.call_started_at as string) >= start && Date.parse(r.call_started_at as string) < end);
    assert.ok(inside.length > 20);
    const { rows } = await walk(A.read, `start=${iso(start)}&end=${iso(end)}&sort=-mule_account_holder_name`, 6, inside.length);
    assert.deepEqual(rows, refSorted(inside, '-mule_account_holder_name'));
  });
});
