// GET /api/exports/tier1: RFC 4180 CSV of every tier-1 call of the window, equal to the
// Tier-1 table (and to the reference model), formula-neutralised, streamed in keyset pages.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Principal } from '../../src/domain/principal.js';
import { parseWindow } from '../../src/domain/window.js';
import { csvCell, csvRecord } from '../../src/features/exports/csv.js';
import { tier1Pages } from '../../src/storage/queries/tier1.js';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { DAY, prng, pick, randomCall, refTier1, rfc3339, stored, type Call, type RawCall } from '../kpis/reference.js';

const NOW = Date.parse('2026-11-20T14:07:30.500Z');
const HEADER = [
  'call_sid',
  'call_started_at',
  'auditor_confidence',
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
];

/** A strict RFC 4180 parser: CRLF record ends, quotes only around whole fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote at ${i}`);
        cell += text[i++];
      }
    }
    row.push(cell);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      if (i === text.length) return rows;
      continue;
    }
    throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
  }
}

/** What a JSON Tier-1 row becomes in the CSV. */
const neutral = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const asCsv = (row: Record<string, unknown>) =>
  HEADER.map((f) => {
    const v = row[f];
    return v === null ? '' : typeof v === 'number' ? String(v) : neutral(v as string);
  });

const qs = (q: Record<string, string>) => {
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : '';
};

describe('csv cells', () => {
  it('quotes, doubles quotes and neutralises formulas', () => {
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(0.7), '0.7');
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell('cr\rhere'), '"cr\rhere"');
    assert.equal(csvCell('=1+1'), "'=1+1");
    assert.equal(csvCell('+1 555'), "'+1 555");
    assert.equal(csvCell('-5'), "'-5");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('\tx'), "'\tx");
    assert.equal(csvCell('\rx'), `"'\rx"`);
    assert.equal(csvCell('=HYPERLINK("x","y")'), `"'=HYPERLINK(""x"",""y"")"`);
    assert.equal(csvCell("'=already"), "'=already");
    assert.equal(csvCell('a=b'), 'a=b');
    assert.equal(csvRecord(['a', null, 1]), 'a,,1\r\n');
  });
});

describe('GET /api/exports/tier1', () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;
  let big: OrgKeys;
  let brandKey: string;
  let callsA: Call[];
  let callsB: Call[];
  let callsBig: Call[];

  const csv = async (key: string, q: Record<string, string>) => {
    const res = await get(h.app, key, `/api/exports/tier1${qs(q)}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    const rows = parseCsv(res.body);
    assert.deepEqual(rows[0], HEADER);
    return { res, rows: rows.slice(1) };
  };

  before(async () => {
    h = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60' });
    h.setNow(new Date(NOW));
    a = await newOrg(h.app, 'pro', 'A');
    b = await newOrg(h.app, 'pro', 'B');
    big = await newOrg(h.app, 'pro', 'Big');
    brandKey = await scopedKey(h.app, a.orgId, { impersonated_brand: ['amazon'] });

    const rand = prng(7);
    const span = 40 * DAY;
    const gen = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => randomCall(rand, `${prefix}${i}`, NOW - span + Math.floor(rand() * (span + DAY))));
    const at = Date.parse('2026-11-18T09:00:00Z');
    const nasty: RawCall[] = [
      {
        ms: at,
        json: {
          call_sid: '-dash',
          started_at: rfc3339(at),
          duration_sec: 30,
          extraction: {
            impersonated_brand: 'Amazon',
            mule_bank_name: '=SUM(A1:A9)',
            mule_bank_routing_number: '+021000021',
            mule_bank_account_number: "'quoted",
            mule_account_holder_name: '@me',
            crypto_wallet_address: '-0x12',
            gift_card_brand: 'Apple, "Gift"',
            physical_mule_drop_address: 'Line 1\r\nLine 2\t=x',
            auditor_confidence: 0.123456789,
          },
        },
      },
      { ms: at, json: { call_sid: 'plain', started_at: rfc3339(at, 60), duration_sec: 1, extraction: { crypto_chain: 'tron' } } },
    ];
    const rawA = [...gen('CA', 500), ...nasty];
    assert.equal(
      (
        await ingest(
          h.app,
          a.ingest,
          rawA.map((r) => r.json),
        )
      ).statusCode,
      200,
    );
    callsA = stored([rawA]);
    const rawB = gen('CA', 300); // same call_sids as org A
    assert.equal(
      (
        await ingest(
          h.app,
          b.ingest,
          rawB.map((r) => r.json),
        )
      ).statusCode,
      200,
    );
    callsB = stored([rawB]);

    // More tier-1 calls than a page, many sharing a timestamp, so pages end inside ties.
    const stamps = Array.from({ length: 40 }, (_, i) => NOW - DAY + i * 60_000);
    const rawBig: RawCall[] = Array.from({ length: 2345 }, (_, i) => {
      const ms = pick(rand, stamps);
      return {
        ms,
        json: {
          call_sid: `S${Math.floor(rand() * 1e9).toString(36)}_${i}`,
          started_at: rfc3339(ms),
          duration_sec: 60,
          extraction: { gift_card_brand: pick(rand, ['Apple', 'Target', '=Steam']), auditor_confidence: i % 3 ? 0.9 : null },
        },
      };
    });
    assert.equal(
      (
        await ingest(
          h.app,
          big.ingest,
          rawBig.map((r) => r.json),
        )
      ).statusCode,
      200,
    );
    callsBig = stored([rawBig]);
  });

  after(() => h.close());

  it('is the Tier-1 table of the same window, for the org and a scoped key', async () => {
    const windows: Record<string, string>[] = [
      {},
      { range: '30d' },
      { start: '2026-11-01T00:00:00-04:00', end: '2026-11-18T09:00:00.001Z' },
      { end: '2026-11-10', range: '1w' },
    ];
    for (const q of windows) {
      for (const key of [a.read, brandKey]) {
        const table = (await get(h.app, key, `/api/kpis/tier1${qs({ ...q, limit: '1000' })}`)).json();
        assert.ok(table.total < 1000);
        const { rows } = await csv(key, q);
        assert.deepEqual(rows, table.items.map(asCsv), JSON.stringify(q));
      }
    }
  });

  it('matches the reference model and leaves other orgs out', async () => {
    const w = { start: NOW - 30 * DAY, end: NOW };
    const expected = refTier1(callsA, w);
    assert.ok(expected.length > 50);
    assert.deepEqual((await csv(a.read, { range: '30d' })).rows, expected.map(asCsv));
    const expectedB = refTier1(callsB, w);
    assert.ok(expectedB.length > 20);
    assert.deepEqual((await csv(b.read, { range: '30d' })).rows, expectedB.map(asCsv));
  });

  it('neutralises formulas and quotes awkward fields', async () => {
    const { res, rows } = await csv(a.read, { start: '2026-11-18T09:00:00Z', end: '2026-11-18T09:00:00.001Z' });
    assert.deepEqual(rows, [
      [
        "'-dash", // call_sid
        '2026-11-18T09:00:00Z',
        '0.123456789',
        "'=SUM(A1:A9)",
        "'+021000021",
        "'quoted", // starts with a quote, not a formula: left alone
        "'@me",
        "'-0x12",
        '', // crypto_chain
        'Apple, "Gift"',
        'Line 1\r\nLine 2\t=x',
      ],
      ['plain', '2026-11-18T09:00:00Z', '', '', '', '', '', '', 'tron', '', ''],
    ]);
    assert.ok(res.body.includes(",'=SUM(A1:A9),"));
    assert.ok(res.body.includes('"Apple, ""Gift"""'));
    assert.ok(res.body.includes('"Line 1\r\nLine 2\t=x"'));
  });

  it('streams every row across pages, ties included', async () => {
    const { rows } = await csv(big.read, { range: '2d' });
    const expected = refTier1(callsBig, { start: NOW - 2 * DAY, end: NOW });
    assert.equal(expected.length, 2345);
    assert.deepEqual(rows, expected.map(asCsv));
    const table = (await get(h.app, big.read, '/api/kpis/tier1?range=2d&limit=1000')).json();
    assert.equal(table.total, 2345);
    assert.deepEqual(rows.slice(0, 1000), table.items.map(asCsv));
  });

  it('pages by (started_at, call_sid) without gaps or repeats at any page size', async () => {
    const principal: Principal = { orgId: big.orgId, tier: 'pro', keyId: 'test', role: 'read', scope: null };
    const w = parseWindow({ range: '2d' }, new Date(NOW));
    const expected = refTier1(callsBig, { start: w.start.getTime(), end: w.end.getTime() });
    for (const size of [1, 7, 58, 1000, 5000]) {
      const got = [];
      let pages = 0;
      for await (const page of tier1Pages(h.app.deps.storage.db, principal, w, size)) {
        assert.ok(page.length <= size);
        got.push(...page);
        pages++;
        if (size === 1 && pages > 300) break;
      }
      assert.deepEqual(got, size === 1 ? expected.slice(0, 301) : expected, `page size ${size}`);
    }
  });

  it('names the attachment after the window', async () => {
    const { res } = await csv(a.read, {});
    assert.equal(res.headers['content-disposition'], 'attachment; filename="tier1-20261113T140730.500Z-20261120T140730.500Z.csv"');
    const custom = await csv(a.read, { start: '2026-11-01', end: '2026-11-02T12:00:00+02:00' });
    assert.equal(custom.res.headers['content-disposition'], 'attachment; filename="tier1-20261101T000000Z-20261102T100000Z.csv"');
  });

  it('an empty window is the header alone', async () => {
    const res = await get(h.app, a.read, '/api/exports/tier1?start=2020-01-01&end=2020-01-02');
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, `${HEADER.join(',')}\r\n`);
  });

  it('errors are problem+json: auth, tier, window', async () => {
    const none = await h.app.inject({ method: 'GET', url: '/api/exports/tier1' });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'unauthorized');
    const free = await newOrg(h.app, 'free', 'Free');
    const tier = await get(h.app, free.read, '/api/exports/tier1');
    assert.equal(tier.statusCode, 403);
    assert.deepEqual([tier.json().code, tier.json().required_tier], ['tier_required', 'pro']);
    const ingestKey = await get(h.app, a.ingest, '/api/exports/tier1');
    assert.equal(ingestKey.statusCode, 403);
    assert.equal(ingestKey.json().code, 'forbidden');
    for (const q of ['range=3q', 'start=2026-11-20&end=2026-11-19', 'range=500d']) {
      const res = await get(h.app, a.read, `/api/exports/tier1?${q}`);
      assert.equal(res.statusCode, 400, q);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.equal(res.json().code, 'invalid_range');
    }
  });
});
