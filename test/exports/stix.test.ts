// GET /api/exports/stix: hand-worked calls → the bundle's objects, valid against the OASIS STIX
// 2.1 schemas with every ref resolving; ids stable across exports and windows; slices and orgs
// kept apart; more tier-1 calls than a page; errors as problem+json.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from '@scure/base';
import { DEFAULT_MARKING, staticObjects } from '../../src/intel/stix/index.js';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { bundleProblems, schemaErrors, type Obj } from '../fixtures/stix/check.js';

const NOW = Date.parse('2026-11-20T14:07:30.500Z');
const DAY = 86_400_000;
const STIX = 'application/stix+json;version=2.1';

const call = (sid: string, at: string, extra: Record<string, unknown>, extraction: Record<string, unknown> | null) => ({
  call_sid: sid,
  started_at: at,
  duration_sec: 100,
  ...extra,
  extraction,
});
const ACCOUNT = {
  mule_bank_account_number: '111222333',
  mule_bank_routing_number: '021000021',
  mule_account_holder_name: 'Ann Lee',
  mule_bank_name: 'Mule Credit Union',
};
const ODD = "It's\\odd";
/** Valid segwit v0 addresses (BIP-173), made here so the checksum is right. */
const segwit = (byte: number) => bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(byte))]);
const SHARED = segwit(1);
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // the USDT TRC-20 contract
const BAD_WALLET = 'bc1qnotachecksum';

// Org A. Default window (7d before NOW): c1–c5. c7 is older: the account's first sighting.
const CALLS_A = [
  call(
    'c1',
    '2026-11-18T09:00:00Z',
    {
      caller_id: '+15550001111',
      transcript: [
        { speaker: 'persona', text: 'Hello?', offset_sec: 0 },
        { speaker: 'caller', text: 'Send it to account 111 222 333 now', offset_sec: 20 },
      ],
    },
    { impersonated_brand: 'Amazon', ...ACCOUNT, auditor_confidence: 0.9 },
  ),
  call(
    'c2',
    '2026-11-19T10:00:00Z',
    {
      caller_id: '+15550001111',
      transcript: [{ speaker: 'caller', text: `or the wallet ${SHARED}`, offset_sec: 5 }],
    },
    { impersonated_brand: 'Amazon', ...ACCOUNT, crypto_wallet_address: SHARED, crypto_chain: 'bitcoin' },
  ),
  call(
    'c3',
    '2026-11-18T12:00:00Z',
    {
      caller_id: '+15550002222',
      transcript: [{ speaker: 'caller', text: `account ${ODD}, wallet ${SHARED.toUpperCase()}`, offset_sec: 7 }],
    },
    { impersonated_brand: 'Microsoft', mule_bank_account_number: ODD, crypto_wallet_address: SHARED, crypto_chain: 'Bitcoin' },
  ),
  call('c4', '2026-11-17T08:00:00Z', {}, { impersonated_brand: 'Microsoft', crypto_wallet_address: TRON, crypto_chain: 'tron' }),
  call('c5', '2026-11-16T08:00:00Z', {}, { impersonated_brand: 'Amazon', gift_card_brand: 'Apple' }),
  call('c6', '2026-11-16T09:00:00Z', { caller_id: '+15559999999' }, { phishing_url: 'https://x.example' }),
  call('c8', '2026-11-16T10:00:00Z', {}, { crypto_wallet_address: BAD_WALLET, crypto_chain: 'bitcoin' }),
  call('c7', '2026-10-01T08:00:00Z', { caller_id: '+15550001111' }, { impersonated_brand: 'Amazon', ...ACCOUNT }),
];

const qs = (q: Record<string, string>) => {
  const s = new URLSearchParams(q).toString();
  return s ? `?${s}` : '';
};
const ofType = (objs: Obj[], t: string) => objs.filter((o) => o.type === t);
const counts = (objs: Obj[]) => {
  const out: Record<string, number> = {};
  for (const o of objs) out[o.type] = (out[o.type] ?? 0) + 1;
  return out;
};

describe('GET /api/exports/stix', () => {
  let h: TestApp;
  let a: OrgKeys;
  let b: OrgKeys;
  let big: OrgKeys;
  let amazonKey: string;

  const exportOf = async (key: string, q: Record<string, string> = {}) => {
    const res = await get(h.app, key, `/api/exports/stix${qs(q)}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], STIX);
    const bundle = res.json();
    assert.deepEqual(schemaErrors(bundle), [], JSON.stringify(q));
    assert.deepEqual(bundleProblems(bundle.objects), [], JSON.stringify(q));
    return { res, bundle, objects: bundle.objects as Obj[] };
  };

  before(async () => {
    h = await testApp({ HONEYPOT_RATE_GENERAL: '100000/60' });
    h.setNow(new Date(NOW));
    a = await newOrg(h.app, 'pro', 'A');
    b = await newOrg(h.app, 'pro', 'B');
    big = await newOrg(h.app, 'pro', 'Big');
    amazonKey = await scopedKey(h.app, a.orgId, { impersonated_brand: ['amazon'] });
    assert.equal((await ingest(h.app, a.ingest, CALLS_A)).statusCode, 200);
    const callsB = [call('b1', '2026-11-19T10:00:00Z', { caller_id: '+15550001111' }, { ...ACCOUNT, impersonated_brand: 'Amazon' })];
    assert.equal((await ingest(h.app, b.ingest, callsB)).statusCode, 200);
    // 2345 tier-1 calls over 40 timestamps (pages end inside ties), 40 caller IDs and 50 wallets shared across pages.
    const bigCalls = Array.from({ length: 2345 }, (_, i) =>
      call(
        `S${i}`,
        new Date(NOW - DAY + (i % 40) * 60_000).toISOString(),
        { caller_id: `+1555100${String(i % 40).padStart(4, '0')}` },
        {
          crypto_wallet_address: segwit(100 + (i % 50)),
          crypto_chain: 'bitcoin',
        },
      ),
    );
    assert.equal((await ingest(h.app, big.ingest, bigCalls)).statusCode, 200);
  });

  after(() => h.close());

  it('the default window: the objects of c1–c5 and c8, worked by hand', async () => {
    const { res, objects, bundle } = await exportOf(a.read);
    assert.match(bundle.id, /^bundle--[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="stix-20261113T140730.500Z-20261120T140730.500Z.json"');
    assert.deepEqual(counts(objects), {
      identity: 3, // ours, Amazon, Microsoft
      'extension-definition': 1,
      'marking-definition': 1, // TLP:AMBER, the default
      campaign: 1, // c1–c2 share the account, c2–c3 the wallet (docs/campaigns.md)
      'phone-number': 2, // c6's caller is not tier-1
      'bank-account': 2,
      'cryptocurrency-wallet': 3, // 'Bitcoin' and 'bitcoin' are one chain; c8's wallet fails its checksum: no indicator
      indicator: 4,
      relationship: 8, // 5 related-to a brand; the campaign indicated by c1–c3's 3 indicators (account, ODD, wallet)
      'observed-data': 5, // c5 revealed nothing observable
      sighting: 6,
      note: 4,
    });
    assert.deepEqual(objects.slice(0, 3), staticObjects(DEFAULT_MARKING));
    // Every object built from calls is marked TLP:AMBER (TLP 2.0).
    for (const o of objects.slice(3))
      assert.deepEqual(o.object_marking_refs, ['marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421'], o.id);
    assert.deepEqual(
      ofType(objects, 'phone-number')
        .map((o) => o.value)
        .sort(),
      ['+15550001111', '+15550002222'],
    );
    assert.deepEqual(
      ofType(objects, 'identity')
        .map((o) => o.name)
        .sort(),
      ['Amazon', 'Honeypot Intel', 'Microsoft'],
    );
    const indicators = new Map(ofType(objects, 'indicator').map((o) => [o.pattern as string, o]));
    assert.deepEqual([...indicators.keys()].sort(), [
      "[bank-account:account_number = '111222333']",
      "[bank-account:account_number = 'It\\'s\\\\odd']",
      `[cryptocurrency-wallet:value = '${TRON}']`,
      `[cryptocurrency-wallet:value = '${SHARED}']`,
    ]);
    // valid_from = created: the first sighting in the org, whatever the window — when a call revealing the
    // value was first stored (one batch here; test/exports/versioning.test.ts orders ingests).
    const [{ t: storedAt }] = await h.db.all(`SELECT max(ingested_at) AS t FROM calls WHERE org_id = $1`, [a.orgId]);
    for (const i of indicators.values())
      assert.deepEqual([i.valid_from, i.created], Array(2).fill(new Date(Number(storedAt)).toISOString()));
    // Sightings: per indicator, one per call that revealed it.
    const byId = new Map(objects.map((o) => [o.id, o]));
    const sightedPatterns = ofType(objects, 'sighting')
      .map((s) => byId.get(s.sighting_of_ref as string)!.pattern)
      .sort();
    assert.deepEqual(sightedPatterns, [
      "[bank-account:account_number = '111222333']",
      "[bank-account:account_number = '111222333']",
      "[bank-account:account_number = 'It\\'s\\\\odd']",
      `[cryptocurrency-wallet:value = '${TRON}']`,
      `[cryptocurrency-wallet:value = '${SHARED}']`,
      `[cryptocurrency-wallet:value = '${SHARED}']`,
    ]);
    // modified: when the call was stored (the store's clock, not the app's injectable one).
    const [{ t }] = await h.db.all(`SELECT max(ingested_at) AS t FROM calls WHERE org_id = $1`, [a.orgId]);
    const stored = new Date(Number(t)).toISOString();
    const observed = ofType(objects, 'observed-data').map((o) => [
      o.first_observed,
      o.last_observed,
      o.modified,
      (o.object_refs as string[]).map((r) => byId.get(r)!.type),
    ]);
    assert.deepEqual(observed, [
      ['2026-11-19T10:00:00.000Z', '2026-11-19T10:01:40.000Z', stored, ['phone-number', 'bank-account', 'cryptocurrency-wallet']],
      ['2026-11-18T12:00:00.000Z', '2026-11-18T12:01:40.000Z', stored, ['phone-number', 'bank-account', 'cryptocurrency-wallet']],
      ['2026-11-18T09:00:00.000Z', '2026-11-18T09:01:40.000Z', stored, ['phone-number', 'bank-account']],
      ['2026-11-17T08:00:00.000Z', '2026-11-17T08:01:40.000Z', stored, ['cryptocurrency-wallet']],
      ['2026-11-16T10:00:00.000Z', '2026-11-16T10:01:40.000Z', stored, ['cryptocurrency-wallet']],
    ]);
    assert.ok(ofType(objects, 'cryptocurrency-wallet').some((o) => o.value === BAD_WALLET));
    assert.ok(ofType(objects, 'indicator').every((o) => !(o.pattern as string).includes(BAD_WALLET)));
    assert.deepEqual(
      ofType(objects, 'note')
        .map((n) => n.content)
        .sort(),
      [
        'caller at 20s: Send it to account 111 222 333 now',
        `caller at 5s: or the wallet ${SHARED}`,
        `caller at 7s: account ${ODD}, wallet ${SHARED.toUpperCase()}`,
        `caller at 7s: account ${ODD}, wallet ${SHARED.toUpperCase()}`,
      ],
    );
    const campaignName = String(ofType(objects, 'campaign')[0].name);
    const rels = ofType(objects, 'relationship').map(
      (r) => `${byId.get(r.source_ref as string)!.pattern} → ${byId.get(r.target_ref as string)!.name}`,
    );
    assert.deepEqual(
      rels.sort(),
      [
        "[bank-account:account_number = '111222333'] → Amazon",
        "[bank-account:account_number = 'It\\'s\\\\odd'] → Microsoft",
        `[cryptocurrency-wallet:value = '${TRON}'] → Microsoft`,
        `[cryptocurrency-wallet:value = '${SHARED}'] → Amazon`,
        `[cryptocurrency-wallet:value = '${SHARED}'] → Microsoft`,
        // indicates, to the campaign of c1–c3 (test/campaigns/campaignExports.test.ts works them out)
        `[bank-account:account_number = '111222333'] → ${campaignName}`,
        `[bank-account:account_number = 'It\\'s\\\\odd'] → ${campaignName}`,
        `[cryptocurrency-wallet:value = '${SHARED}'] → ${campaignName}`,
      ].sort(),
    );
  });

  it('ids and content are stable across exports and windows', async () => {
    const one = await exportOf(a.read, { range: '30d' });
    const two = await exportOf(a.read, { range: '30d' });
    assert.notEqual(one.bundle.id, two.bundle.id);
    assert.deepEqual(two.objects, one.objects);
    // A window holding c2 alone: every object it has is in the 30-day export, identical.
    const narrow = await exportOf(a.read, { start: '2026-11-19T10:00:00Z', end: '2026-11-19T10:00:01Z' });
    assert.equal(ofType(narrow.objects, 'observed-data').length, 1);
    const wide = new Map(one.objects.map((o) => [o.id, o]));
    for (const o of narrow.objects) assert.deepEqual(o, wide.get(o.id), o.id);
    // c7 (October) is in a 60-day window: its account is the same bank-account and indicator.
    const long = await exportOf(a.read, { range: '60d' });
    assert.equal(ofType(long.objects, 'observed-data').length, 6);
    assert.deepEqual(ofType(long.objects, 'indicator'), ofType(one.objects, 'indicator'));
    assert.deepEqual(ofType(long.objects, 'bank-account'), ofType(one.objects, 'bank-account'));
  });

  it('a scoped key sees its slice only, first sightings included', async () => {
    const { objects } = await exportOf(amazonKey);
    assert.deepEqual(counts(objects), {
      identity: 2,
      'extension-definition': 1,
      'marking-definition': 1,
      'phone-number': 1,
      'bank-account': 1,
      'cryptocurrency-wallet': 1,
      indicator: 2,
      relationship: 2,
      'observed-data': 2,
      sighting: 3,
      note: 2,
    });
    const text = JSON.stringify(objects);
    for (const hidden of ['Microsoft', '+15550002222', TRON, 'odd']) assert.ok(!text.includes(hidden), hidden);
    // The wallet's relationship to Microsoft (c3, out of the slice) is not there.
    assert.equal(ofType(objects, 'relationship').length, 2);
  });

  it('orgs are apart: shared SCOs, their own indicators', async () => {
    const ofA = await exportOf(a.read);
    const ofB = await exportOf(b.read);
    assert.deepEqual(counts(ofB.objects), {
      identity: 2,
      'extension-definition': 1,
      'marking-definition': 1,
      'phone-number': 1,
      'bank-account': 1,
      indicator: 1,
      relationship: 1,
      'observed-data': 1,
      sighting: 1,
    });
    // The same account and caller ID are the same SCOs (STIX ids from the values) ...
    const idsOf = (objs: Obj[], t: string) => ofType(objs, t).map((o) => o.id);
    assert.ok(idsOf(ofA.objects, 'bank-account').includes(idsOf(ofB.objects, 'bank-account')[0]));
    assert.ok(idsOf(ofA.objects, 'phone-number').includes(idsOf(ofB.objects, 'phone-number')[0]));
    // ... but B's indicator is B's, and nothing of A's calls is in B's bundle.
    assert.ok(!idsOf(ofA.objects, 'indicator').includes(idsOf(ofB.objects, 'indicator')[0]));
    const aPerCall = new Set([...ofType(ofA.objects, 'observed-data'), ...ofType(ofA.objects, 'sighting')].map((o) => o.id));
    assert.ok(ofB.objects.every((o) => !aPerCall.has(o.id)));
    assert.ok(!JSON.stringify(ofB.objects).includes(SHARED));
  });

  it('streams every call across pages, each shared object once', async () => {
    const { objects } = await exportOf(big.read, { range: '2d' });
    assert.deepEqual(counts(objects), {
      identity: 1,
      'extension-definition': 1,
      'marking-definition': 1,
      campaign: 50, // the calls of each wallet
      'phone-number': 40,
      'cryptocurrency-wallet': 50,
      indicator: 50,
      relationship: 50, // each wallet's indicator indicates its campaign
      'observed-data': 2345,
      sighting: 2345,
    });
    // Newest first, ties by call_sid: the Tier-1 table's order; every call once.
    const starts = ofType(objects, 'observed-data').map((o) => Date.parse(o.first_observed as string));
    assert.ok(starts.every((t, i) => i === 0 || starts[i - 1] >= t));
  });

  it('a window without tier-1 calls is the static objects alone', async () => {
    const { objects } = await exportOf(a.read, { start: '2020-01-01', end: '2020-01-02' });
    assert.deepEqual(objects, staticObjects(DEFAULT_MARKING));
  });

  it('errors are problem+json: auth, tier, role, window', async () => {
    const none = await h.app.inject({ method: 'GET', url: '/api/exports/stix' });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'unauthorized');
    const free = await newOrg(h.app, 'free', 'Free');
    const tier = await get(h.app, free.read, '/api/exports/stix');
    assert.equal(tier.statusCode, 403);
    assert.match(String(tier.headers['content-type']), /^application\/problem\+json/);
    assert.deepEqual([tier.json().code, tier.json().required_tier], ['tier_required', 'pro']);
    const ingestKey = await get(h.app, a.ingest, '/api/exports/stix');
    assert.equal(ingestKey.statusCode, 403);
    assert.equal(ingestKey.json().code, 'forbidden');
    for (const q of ['range=3q', 'start=2026-11-20&end=2026-11-19', 'range=500d', `start=${'9'.repeat(100)}`]) {
      const res = await get(h.app, a.read, `/api/exports/stix?${q}`);
      assert.equal(res.statusCode, 400, q);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.ok(['invalid_range', 'validation_failed'].includes(res.json().code), `${q}: ${res.body}`);
    }
  });
});
