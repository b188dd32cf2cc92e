// Every overview endpoint against the independent model in ./reference.ts, over seeded random
// calls full of edge cases, for the whole org and for scoped keys, in several windows
// (named, custom, cutting buckets in half, aligned on Mondays). Another org holds calls with
// the same call_sids, which must never be counted.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import {
  BUCKET_NAMES,
  DAY,
  HOUR,
  METRICS,
  MINUTE,
  WEEK,
  approxEqual,
  inSlice,
  pick,
  prng,
  randomCall,
  refAskHistogram,
  refDisconnects,
  refDurationHistogram,
  refGeo,
  refSummary,
  refTier1,
  refTimeseries,
  refTopn,
  rfc3339,
  stored,
  utc,
  type Call,
  type IntelName,
  type RawCall,
  type TestScope,
  type Win,
} from './reference.js';

const NOW = Date.parse('2026-11-20T14:07:30.500Z'); // a Friday, mid-bucket for every width

interface Case extends Win {
  name: string;
  query: Record<string, string>;
  label: string;
}

const t = (s: string) => Date.parse(s);
/** A tier-1 page with its opaque next_cursor reduced to whether there is one (tier1Table.test.ts walks them). */
const hasNext = (body: Record<string, unknown>) => {
  assert.ok(body.next_cursor === null || typeof body.next_cursor === 'string');
  return { ...body, next_cursor: body.next_cursor !== null };
};
const WINDOWS: Case[] = [
  { name: 'default 7d', query: {}, start: NOW - 7 * DAY, end: NOW, label: '7d' },
  { name: 'range=30d', query: { range: '30d' }, start: NOW - 30 * DAY, end: NOW, label: '30d' },
  {
    name: 'Monday to Monday',
    query: { start: '2026-11-02', end: '2026-11-16' },
    start: t('2026-11-02T00:00:00Z'),
    end: t('2026-11-16T00:00:00Z'),
    label: 'custom',
  },
  {
    name: 'offsets cutting every bucket',
    query: { start: '2026-11-04T09:07:00.250-05:00', end: '2026-11-18T03:22:10Z' },
    start: t('2026-11-04T14:07:00.250Z'),
    end: t('2026-11-18T03:22:10Z'),
    label: 'custom',
  },
  {
    name: 'end + range',
    query: { end: '2026-11-10', range: '48h' },
    start: t('2026-11-08T00:00:00Z'),
    end: t('2026-11-10T00:00:00Z'),
    label: '48h',
  },
  {
    name: 'start only, + offset',
    query: { start: '2026-11-19T13:30:00+01:00' },
    start: t('2026-11-19T12:30:00Z'),
    end: NOW,
    label: 'custom',
  },
  {
    name: '1 ms into a week',
    query: { end: '2026-11-16T00:00:00.001Z', range: '1w' },
    start: t('2026-11-09T00:00:00.001Z'),
    end: t('2026-11-16T00:00:00.001Z'),
    label: '1w',
  },
];

/** Instants on window and bucket edges, and one millisecond either side. */
const EDGES: number[] = (() => {
  const base = [
    ...WINDOWS.flatMap((w) => [w.start, w.end]),
    t('2026-11-02T00:00:00Z'),
    t('2026-11-09T00:00:00Z'),
    t('2026-11-16T00:00:00Z'),
    t('2026-11-17T00:00:00Z'),
    t('2026-11-17T13:00:00Z'),
    t('2026-11-19T12:45:00Z'),
    t('2026-11-19T23:59:59Z'),
    NOW + HOUR, // future: in no named window
  ];
  return base.flatMap((x) => [x - 1, x, x, x + 1]);
})();

const SCOPES: Record<string, TestScope | null> = {
  org: null,
  'scoped brand': { impersonated_brand: ['amazon'] },
  'scoped state+lure': { caller_state: ['NY', 'dc'], lure_category: ['refund', 'irs'] },
};

const TOPN: Record<string, IntelName> = {
  impersonated_brand: 'impersonated_brand',
  lure_category: 'lure_category',
  payment_method: 'payment_method',
  impersonated_government_agency: 'impersonated_government_agency',
  mule_bank_name: 'mule_bank_name',
  mule_bank_routing: 'mule_bank_routing_number',
  crypto_chain: 'crypto_chain',
  gift_card_brand: 'gift_card_brand',
  remote_desktop_app: 'remote_desktop_app',
  synthetic_org: 'synthetic_org',
  fake_agent_name: 'fake_agent_name',
};

function dataset(seed: number, n: number): RawCall[] {
  const rand = prng(seed);
  const from = t('2026-10-18T00:00:00Z');
  const to = t('2026-11-21T00:00:00Z');
  return Array.from({ length: n }, (_, i) => {
    const ms = rand() < 0.35 ? pick(rand, EDGES) : from + Math.floor(rand() * (to - from));
    return randomCall(rand, `CA${String(i).padStart(4, '0')}`, ms);
  });
}

/** Hand-made calls: ties in every ordering, code points beyond UTF-16 order, tier-1 ties. */
function crafted(): RawCall[] {
  const at = t('2026-11-17T12:00:00Z');
  const out: RawCall[] = [];
  const orgs: [string, number][] = [
    ['TD Bank', 3],
    ['Target', 3],
    ['Ｚeta', 2], // U+FF3A: after "z" by code point…
    ['🏦 Org', 2], // …and before U+1F3E6, though UTF-16 order says otherwise
    ['zeta', 2],
    ['Zeta', 2],
    ['Éclair', 2],
  ];
  let i = 0;
  for (const [name, n] of orgs) {
    for (let k = 0; k < n; k++) {
      out.push({
        ms: at + i * MINUTE,
        json: {
          call_sid: `ORG${i++}`,
          started_at: rfc3339(at + (i - 1) * MINUTE),
          duration_sec: 20,
          caller_id: '+12025550101',
          extraction: { synthetic_org: ` ${name} `, lure_category: 'IRS' },
        },
      });
    }
  }
  // Tier-1 calls at one instant: ordered by call_sid code point ('-' < digits < upper < '_' < lower).
  for (const sid of ['Ta', 'T_1', 't1', 'T', 'TA', 'T1', 'T-1']) {
    const ms = t('2026-11-17T12:30:00Z');
    out.push({
      ms,
      json: {
        call_sid: sid,
        started_at: rfc3339(ms, -300),
        duration_sec: 300,
        caller_id: '7185550100',
        extraction: { impersonated_brand: 'Amazon', crypto_chain: 'bitcoin', dollar_asks: [99.5, 10000], auditor_confidence: 0.7 },
      },
    });
  }
  return out;
}

const qs = (q: Record<string, string | number>) => {
  const s = Object.entries(q)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return s ? `?${s}` : '';
};

describe('overview KPIs against the reference model', () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;
  const keys: Record<string, string> = {};
  let callsA: Call[];
  let callsB: Call[];

  before(async () => {
    h = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60' });
    h.setNow(new Date(NOW));
    a = await newOrg(h.app, 'free', 'A');
    b = await newOrg(h.app, 'free', 'B');
    keys.org = a.read;
    keys['scoped brand'] = await scopedKey(h.app, a.orgId, SCOPES['scoped brand']!);
    keys['scoped state+lure'] = await scopedKey(h.app, a.orgId, SCOPES['scoped state+lure']!);

    // Org A: random calls, hand-made ones, then a second batch replacing some call_sids
    // (one of them twice within the batch: the last wins).
    const first = [...dataset(1, 700), ...crafted()];
    const rand = prng(99);
    const replacements = Array.from({ length: 60 }, (_, i) => randomCall(rand, `CA${String(i * 7).padStart(4, '0')}`, pick(rand, EDGES)));
    replacements.push(randomCall(rand, 'CA0007', t('2026-11-18T10:00:00Z')));
    for (const batch of [first, replacements]) {
      const res = await ingest(
        h.app,
        a.ingest,
        batch.map((r) => r.json),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().rejected, []);
    }
    callsA = stored([first, replacements]);

    // Org B: different calls under the same call_sids.
    const other = dataset(2, 400);
    const res = await ingest(
      h.app,
      b.ingest,
      other.map((r) => r.json),
    );
    assert.equal(res.statusCode, 200, res.body);
    callsB = stored([other]);
  });

  after(() => h.close());

  it('the data exercises what it should', () => {
    const w = WINDOWS[0];
    const inside = callsA.filter((c) => c.ms >= w.start && c.ms < w.end);
    assert.ok(inside.length > 100);
    assert.ok(
      inside.some((c) => c.ms === w.start),
      'a call exactly on the window start',
    );
    assert.ok(
      callsA.some((c) => c.ms === w.end),
      'a call exactly on the window end',
    );
    assert.ok(inside.some((c) => c.tier === 1) && inside.some((c) => c.state === null && c.callerId !== null));
    assert.ok(inside.filter((c) => inSlice(c, SCOPES['scoped brand'])).length > 10);
    assert.ok(inside.filter((c) => inSlice(c, SCOPES['scoped state+lure'])).length > 3);
    assert.ok(callsB.filter((c) => c.ms >= w.start && c.ms < w.end).length > 50, 'org B has calls in the window');
  });

  for (const [keyName, scope] of Object.entries(SCOPES)) {
    describe(keyName, () => {
      const slice = () => callsA.filter((c) => inSlice(c, scope));
      for (const w of WINDOWS) {
        describe(w.name, () => {
          const range = { start_utc: utc(w.start), end_utc: utc(w.end), label: w.label };
          const fetch = async (path: string, extra: Record<string, string | number> = {}) => {
            const res = await get(h.app, keys[keyName], `${path}${qs({ ...w.query, ...extra })}`);
            assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
            return res.json();
          };

          it('timeseries: every metric and bucket', async () => {
            for (const bucket of BUCKET_NAMES) {
              for (const metric of METRICS) {
                const body = await fetch(`/api/kpis/timeseries/${metric}`, { bucket });
                const expected = { metric, bucket, range, points: refTimeseries(slice(), w, metric, bucket) };
                approxEqual(body, expected, `${metric}/${bucket}`);
              }
            }
          });

          it('timeseries: bucket defaults to day', async () => {
            const body = await fetch('/api/kpis/timeseries/calls');
            assert.deepEqual(body, { metric: 'calls', bucket: 'day', range, points: refTimeseries(slice(), w, 'calls', 'day') });
          });

          it('topn: every field', async () => {
            for (const [field, column] of Object.entries(TOPN)) {
              const body = await fetch(`/api/kpis/topn/${field}`);
              assert.deepEqual(body, { field, range, items: refTopn(slice(), w, column, 10) }, field);
            }
            for (const n of [1, 3, 4, 50]) {
              const body = await fetch('/api/kpis/topn/synthetic_org', { n });
              assert.deepEqual(body.items, refTopn(slice(), w, 'synthetic_org', n), `n=${n}`);
            }
          });

          it('arrivals (default window 24h)', async () => {
            const body = await fetch('/api/kpis/arrivals');
            // Without range and start, arrivals' own default (24h) applies.
            const aw = w.query.range || w.query.start ? w : { ...w, start: w.end - 24 * HOUR, label: '24h' };
            const points = refTimeseries(slice(), aw, 'calls', '15min');
            assert.deepEqual(body, {
              range: { start_utc: utc(aw.start), end_utc: utc(aw.end), label: aw.label },
              granularity: '15min',
              buckets: points.map((p) => ({ bucket_start_utc: p.timestamp, count: p.value })),
            });
          });

          it('duration and ask histograms', async () => {
            const d = await fetch('/api/kpis/duration-histogram');
            assert.deepEqual(d.range, range);
            assert.deepEqual(
              d.buckets.map(({ min_sec, max_sec, count }: Record<string, number | null>) => ({ min_sec, max_sec, count })),
              refDurationHistogram(slice(), w),
            );
            const k = await fetch('/api/kpis/ask-histogram');
            assert.deepEqual(k.range, range);
            assert.deepEqual(
              k.buckets.map(({ min, max, count }: Record<string, number | null>) => ({ min, max, count })),
              refAskHistogram(slice(), w),
            );
          });

          it('tier1', async () => {
            const all = refTier1(slice(), w);
            assert.deepEqual(hasNext(await fetch('/api/kpis/tier1')), {
              range,
              total: all.length,
              items: all.slice(0, 100),
              next_cursor: all.length > 100,
            });
            assert.deepEqual(hasNext(await fetch('/api/kpis/tier1', { limit: 3 })), {
              range,
              total: all.length,
              items: all.slice(0, 3),
              next_cursor: all.length > 3,
            });
            const big = await fetch('/api/kpis/tier1', { limit: 1000 });
            assert.deepEqual(big.items, all.slice(0, 1000));
            // field order of a row is the seed's
            if (big.items.length) {
              assert.deepEqual(Object.keys(big.items[0]), [
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
                'validity',
              ]);
            }
          });

          it('attacker-geo and disconnect-breakdown', async () => {
            assert.deepEqual(await fetch('/api/kpis/attacker-geo'), { range, items: refGeo(slice(), w) });
            assert.deepEqual(await fetch('/api/kpis/disconnect-breakdown'), { range, ...refDisconnects(slice(), w) });
          });

          it('summary', async () => {
            approxEqual(await fetch('/api/kpis/summary'), { range, ...refSummary(slice(), w) });
          });
        });
      }
    });
  }

  it('org B sees its own calls only', async () => {
    const w = WINDOWS[1];
    const range = { start_utc: utc(w.start), end_utc: utc(w.end), label: w.label };
    const fetch = async (path: string) => (await get(h.app, b.read, `${path}${qs(w.query)}`)).json();
    approxEqual(await fetch('/api/kpis/timeseries/total_dollars_asked'), {
      metric: 'total_dollars_asked',
      bucket: 'day',
      range,
      points: refTimeseries(callsB, w, 'total_dollars_asked', 'day'),
    });
    assert.deepEqual(await fetch('/api/kpis/topn/impersonated_brand'), {
      field: 'impersonated_brand',
      range,
      items: refTopn(callsB, w, 'impersonated_brand', 10),
    });
    const all = refTier1(callsB, w);
    assert.deepEqual(hasNext(await fetch('/api/kpis/tier1')), {
      range,
      total: all.length,
      items: all.slice(0, 100),
      next_cursor: all.length > 100,
    });
    assert.deepEqual(await fetch('/api/kpis/attacker-geo'), { range, items: refGeo(callsB, w) });
  });

  it('labels of the histograms', async () => {
    const d = (await get(h.app, a.read, '/api/kpis/duration-histogram')).json();
    assert.deepEqual(
      d.buckets.map((x: { label: string }) => x.label),
      ['0–14s', '15–29s', '30–59s', '1m–1m59s', '2m–4m59s', '5m–9m59s', '10m–19m59s', '20m–29m59s', '30m+'],
    );
    const k = (await get(h.app, a.read, '/api/kpis/ask-histogram')).json();
    assert.deepEqual(
      k.buckets.map((x: { label: string }) => x.label),
      ['$0–$99', '$100–$499', '$500–$999', '$1,000–$2,499', '$2,500–$4,999', '$5,000–$9,999', '$10,000+'],
    );
  });

  it('topn orders ties by code point, not by locale or UTF-16', async () => {
    const body = (
      await get(h.app, a.read, `/api/kpis/topn/synthetic_org${qs({ start: '2026-11-17T12:00:00Z', end: '2026-11-17T12:16:00Z', n: 50 })}`)
    ).json();
    assert.deepEqual(
      body.items.map((x: { label: string; count: number }) => [x.label, x.count]),
      [
        ['TD Bank', 3],
        ['Target', 3],
        ['Zeta', 2],
        ['zeta', 2],
        ['Éclair', 2],
        ['Ｚeta', 2],
        ['🏦 Org', 2],
      ],
    );
    assert.equal(body.items[0].pct_of_total, 3 / 16);
  });

  it('tier1 ties by call_sid code point', async () => {
    const body = (
      await get(h.app, a.read, `/api/kpis/tier1${qs({ start: '2026-11-17T12:30:00Z', end: '2026-11-17T12:30:00.001Z' })}`)
    ).json();
    assert.deepEqual(
      body.items.map((r: { call_sid: string }) => r.call_sid),
      ['T', 'T-1', 'T1', 'TA', 'T_1', 'Ta', 't1'],
    );
    assert.equal(body.items[0].call_started_at, '2026-11-17T12:30:00Z');
  });

  it('a 10,000-bucket window is allowed and one more bucket is not', async () => {
    const start = t('2026-01-01T00:00:00Z');
    const ok = await get(
      h.app,
      a.read,
      `/api/kpis/timeseries/calls${qs({ bucket: '15min', start: utc(start), end: utc(start + 10_000 * 15 * MINUTE) })}`,
    );
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().points.length, 10_000);
    const over = await get(
      h.app,
      a.read,
      `/api/kpis/timeseries/calls${qs({ bucket: '15min', start: utc(start), end: utc(start + 10_000 * 15 * MINUTE + 1) })}`,
    );
    assert.equal(over.statusCode, 400);
    assert.equal(over.json().code, 'invalid_range');
    const weeks = await get(h.app, a.read, `/api/kpis/timeseries/calls${qs({ bucket: 'week', range: '400d' })}`);
    assert.equal(weeks.statusCode, 200);
    assert.equal(weeks.json().points[0].timestamp, utc(Math.floor((NOW - 400 * DAY - 4 * DAY) / WEEK) * WEEK + 4 * DAY));
  });
});
