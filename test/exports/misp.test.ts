// GET /api/exports/misp : the tier-1 calls as one MISP event. Every export is validated with
// our JSON Schema of MISP's core format (test/fixtures/misp, ajv 2020-12), each object against
// its current MISP object template (../shared/misp-objects: name, uuid, template_version,
// meta-category, relations and their types, required relations, repeats) and every attribute's
// type and category against PyMISP's describeTypes.json (../shared/misp-format), and compared
// with objects worked out by hand from the fixture; no attribute repeats outside objects; uuids
// are deterministic; scoped keys see their slice; errors are problem+json.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { uuidV5 } from '../../src/features/exports/mispIds.js';
import { get, ingest, newOrg, scopedKey, type OrgKeys, type TestApp, testApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const schema = JSON.parse(readFileSync(new URL('../fixtures/misp/misp-core-event.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020.default({ strict: true, strictTypes: false, allErrors: true });
const validate = ajv.compile(schema);

// MISP's own files, read in place (never copied into the repository).
const SHARED = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared');
type Template = {
  name: string;
  uuid: string;
  version: number;
  'meta-category': string;
  attributes: Record<string, { 'misp-attribute': string; multiple?: boolean }>;
  required?: string[];
  requiredOneOf?: string[];
};
const template = (name: string): Template | null => {
  try {
    return JSON.parse(readFileSync(path.join(SHARED, 'misp-objects/objects', name, 'definition.json'), 'utf8'));
  } catch {
    return null;
  }
};
const TYPES = JSON.parse(readFileSync(path.join(SHARED, 'misp-format/describeTypes.json'), 'utf8')).result as {
  types: string[];
  category_type_mappings: Record<string, string[]>;
};

/** What MISP (and PyMISP's strict object loading) would refuse in an event; [] when none. */
function mispProblems(doc: Json): string[] {
  const problems: string[] = [];
  const attr = (a: Json, where: string) => {
    if (!TYPES.types.includes(a.type)) problems.push(`${where}: unknown type ${a.type}`);
    else if (!TYPES.category_type_mappings[a.category]?.includes(a.type)) problems.push(`${where}: ${a.type} not in ${a.category}`);
  };
  for (const o of doc.Event.Object) {
    const where = `${o.name} ${o.uuid}`;
    const t = template(o.name);
    if (!t) {
      problems.push(`${where}: no template`);
      continue;
    }
    if (o.template_uuid !== t.uuid) problems.push(`${where}: template_uuid ${o.template_uuid}`);
    if (o.template_version !== String(t.version)) problems.push(`${where}: template_version ${o.template_version}, current ${t.version}`);
    if (o['meta-category'] !== t['meta-category']) problems.push(`${where}: meta-category ${o['meta-category']}`);
    const relations = o.Attribute.map((a: Json) => a.object_relation);
    for (const a of o.Attribute) {
      attr(a, where);
      const rel = t.attributes[a.object_relation];
      if (!rel) problems.push(`${where}: relation ${a.object_relation} not in the template`);
      else if (rel['misp-attribute'] !== a.type)
        problems.push(`${where}: ${a.object_relation} typed ${a.type}, template ${rel['misp-attribute']}`);
      else if (!rel.multiple && relations.filter((r: string) => r === a.object_relation).length > 1)
        problems.push(`${where}: ${a.object_relation} twice`);
    }
    for (const r of t.required ?? []) if (!relations.includes(r)) problems.push(`${where}: required ${r} missing`);
    if (t.requiredOneOf && !t.requiredOneOf.some((r) => relations.includes(r))) problems.push(`${where}: none of ${t.requiredOneOf}`);
  }
  const outside = new Set<string>();
  for (const a of doc.Event.Attribute) {
    attr(a, 'event');
    const key = `${a.type}|${a.value}`;
    if (outside.has(key)) problems.push(`event: ${key} twice outside objects`);
    outside.add(key);
  }
  return problems;
}

function assertValid(doc: unknown) {
  assert.ok(validate(doc), JSON.stringify(validate.errors?.slice(0, 5), null, 1));
  assert.deepEqual(mispProblems(doc), []);
}

const NOW = new Date('2026-11-20T14:00:00Z');
const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR).toISOString();

const BTC = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'; // BIP-173 valid
const ETH_BAD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'; // EIP-55 example, last letter's case flipped
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // USDT TRC-20 contract
const IBAN = 'GB82WEST12345698765432'; // the ISO 13616 example (valid check digits)
const XMR = '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A';

type Rec = { sid: string; hoursAgo: number; dur?: number; caller?: string | null; ext: Record<string, unknown> };
const CALLS: Rec[] = [
  {
    sid: 'M-1',
    hoursAgo: 1,
    dur: 300,
    caller: '+12025550143',
    ext: {
      impersonated_brand: 'PayPal',
      mule_bank_name: 'Chase',
      mule_bank_routing_number: '021000021',
      mule_bank_account_number: '123456789',
      mule_account_holder_name: 'John Doe',
      crypto_wallet_address: BTC,
      crypto_chain: 'BTC',
    },
  },
  {
    sid: 'M-2',
    hoursAgo: 2,
    caller: null,
    ext: {
      impersonated_brand: 'Amazon',
      mule_bank_name: 'Wells Fargo Bank',
      mule_bank_routing_number: '021000022',
      mule_bank_account_number: '987654321',
    },
  },
  { sid: 'M-3', hoursAgo: 3, caller: '+13055550123', ext: { mule_bank_name: 'BofA', mule_bank_routing_number: '026009593' } },
  {
    sid: 'M-4',
    hoursAgo: 4,
    caller: 'anonymous',
    ext: { impersonated_brand: 'Coinbase', crypto_wallet_address: ETH_BAD, crypto_chain: 'ETH' },
  },
  {
    sid: 'M-5',
    hoursAgo: 5,
    caller: '2125550143',
    ext: { mule_bank_account_number: '5550001', crypto_wallet_address: TRON, crypto_chain: 'TRC20' },
  },
  { sid: 'M-6', hoursAgo: 6, caller: '+13055550199', ext: { impersonated_brand: 'Amazon', gift_card_brand: 'Apple' } },
  { sid: 'M-7', hoursAgo: 7, caller: '+12025550100', ext: { payment_method: 'wire' } }, // tier 2: not exported
  { sid: 'M-8', hoursAgo: 8 * 24, caller: '+12025550101', ext: { gift_card_brand: 'Apple' } }, // outside 7d
  { sid: 'M-9', hoursAgo: 9, caller: null, ext: { crypto_wallet_address: XMR, crypto_chain: 'XMR' } },
  // M-3's routing number again, without an account: no second event-level attribute.
  { sid: 'M-10', hoursAgo: 10, caller: null, ext: { mule_bank_name: 'BofA', mule_bank_routing_number: '026009593' } },
  { sid: 'M-11', hoursAgo: 11, caller: null, ext: { mule_bank_account_number: IBAN, mule_bank_routing_number: '021000021' } },
];

const record = (c: Rec) => ({
  call_sid: c.sid,
  started_at: at(c.hoursAgo),
  duration_sec: c.dur ?? 60,
  caller_id: c.caller,
  extraction: c.ext,
});

/** [relation]: [type, value, to_ids] */
type Attrs = Record<string, [string, string, boolean]>;
/**
 * Worked by hand, newest call first, per call bank-account, coin-address, phone:
 * - account numbers are IDS indicators (each is an indicator in the STIX export); an IBAN is typed iban;
 * - wallets by their checksum (BIP-173 address yes, flipped EIP-55 no, USDT contract yes, Monero not judged → no);
 * - caller IDs never; "anonymous" and absent ones give no phone-number object;
 * - bank names as stored (Chase → JPMorgan Chase, Wells Fargo Bank → Wells Fargo);
 * - M-3 and M-10 have a routing number without an account: one event-level attribute for both.
 */
const EXPECTED_OBJECTS: [string, string, Attrs][] = [
  [
    'Scam call M-1 impersonating PayPal',
    'bank-account',
    {
      account: ['bank-account-nr', '123456789', true],
      'aba-rtn': ['aba-rtn', '021000021', true],
      'institution-name': ['text', 'JPMorgan Chase', false],
      'account-name': ['text', 'John Doe', false],
    },
  ],
  ['Scam call M-1 impersonating PayPal', 'coin-address', { address: ['btc', BTC, true], symbol: ['text', 'BTC', false] }],
  ['Scam call M-1 impersonating PayPal', 'phone-number', { 'phone-number': ['phone-number', '+12025550143', false] }],
  [
    'Scam call M-2 impersonating Amazon',
    'bank-account',
    {
      account: ['bank-account-nr', '987654321', true],
      'aba-rtn': ['aba-rtn', '021000022', false],
      'institution-name': ['text', 'Wells Fargo', false],
    },
  ],
  ['Scam call M-3', 'phone-number', { 'phone-number': ['phone-number', '+13055550123', false] }],
  ['Scam call M-4 impersonating Coinbase', 'coin-address', { 'address-crypto': ['text', ETH_BAD, false], symbol: ['text', 'ETH', false] }],
  ['Scam call M-5', 'bank-account', { account: ['bank-account-nr', '5550001', true] }],
  ['Scam call M-5', 'coin-address', { 'address-crypto': ['text', TRON, true], symbol: ['text', 'TRX', false] }],
  ['Scam call M-5', 'phone-number', { 'phone-number': ['phone-number', '2125550143', false] }],
  ['Scam call M-6 impersonating Amazon', 'phone-number', { 'phone-number': ['phone-number', '+13055550199', false] }],
  ['Scam call M-9', 'coin-address', { 'address-crypto': ['text', XMR, false], symbol: ['text', 'XMR', false] }],
  ['Scam call M-11', 'bank-account', { iban: ['iban', IBAN, true], 'aba-rtn': ['aba-rtn', '021000021', true] }],
];

type Json = any;
const shapeOf = (event: Json) =>
  event.Object.map((o: Json) => [
    o.comment,
    o.name,
    Object.fromEntries(o.Attribute.map((a: Json) => [a.object_relation, [a.type, a.value, a.to_ids]])),
  ]);
const uuidsOf = (event: Json): string[] => [
  event.uuid,
  ...event.Object.flatMap((o: Json) => [o.uuid, ...o.Attribute.map((a: Json) => a.uuid)]),
  ...event.Attribute.map((a: Json) => a.uuid),
];

describe('GET /api/exports/misp', () => {
  let t: TestApp;
  let org: OrgKeys;
  let other: OrgKeys;

  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    org = await newOrg(t.app, 'pro', 'Fraud team');
    other = await newOrg(t.app, 'pro', 'Other team');
    assert.equal((await ingest(t.app, org.ingest, CALLS.map(record))).json().accepted, CALLS.length);
    // Another org with the same call_sid and other values: never in the first org's event.
    await ingest(t.app, other.ingest, [
      record({ sid: 'M-1', hoursAgo: 1, caller: '+14155550100', ext: { mule_bank_account_number: '42' } }),
    ]);
  });
  after(() => t.close());

  const exportOf = async (key: string, qs = '') => {
    const res = await get(t.app, key, `/api/exports/misp${qs}`);
    assert.equal(res.statusCode, 200, res.body);
    return { res, doc: JSON.parse(res.body) };
  };

  it('is a MISP event that validates against the core-format schema and round-trips', async () => {
    const { res, doc } = await exportOf(org.read);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="misp-20261113T140000Z-20261120T140000Z.json"');
    assertValid(doc);
    const again = JSON.parse(JSON.stringify(doc));
    assert.deepEqual(again, doc);
    assertValid(again);
    const e = doc.Event;
    assert.deepEqual(
      {
        date: e.date,
        timestamp: e.timestamp,
        threat_level_id: e.threat_level_id,
        analysis: e.analysis,
        distribution: e.distribution,
        published: e.published,
        Tag: e.Tag,
      },
      {
        date: '2026-11-20',
        timestamp: String(NOW.getTime() / 1000),
        threat_level_id: '2',
        analysis: '1',
        distribution: '0',
        published: false,
        Tag: [{ name: 'tlp:amber' }],
      },
    );
    assert.equal(e.info, 'Honeypot Intel: tier-1 scam-call indicators');
  });

  it('holds the objects worked out by hand, with to_ids only on valid indicators', async () => {
    const e = (await exportOf(org.read)).doc.Event;
    assert.deepEqual(shapeOf(e), EXPECTED_OBJECTS);
    assert.deepEqual(
      e.Attribute.map((a: Json) => [a.type, a.category, a.value, a.to_ids, a.comment]),
      [
        [
          'aba-rtn',
          'Financial fraud',
          '026009593',
          true,
          'Routing number (Bank of America) given without an account number, first on scam call M-3',
        ],
      ],
    );
    const m1 = e.Object[0];
    assert.deepEqual(
      [m1['meta-category'], m1.template_uuid, m1.template_version, m1.first_seen, m1.last_seen, m1.timestamp],
      [
        'financial',
        'b4712203-95a8-4883-80e9-b566f5df11c9',
        '3', // the current bank-account template
        '2026-11-20T13:00:00Z',
        '2026-11-20T13:05:00Z',
        String((NOW.getTime() - HOUR) / 1000),
      ],
    );
    for (const o of e.Object) for (const a of o.Attribute) assert.equal(a.category, 'Financial fraud');
  });

  it('gives the same uuids on every export, distinct within the event; v5 uuids of our namespace', async () => {
    const first = (await exportOf(org.read)).doc.Event;
    t.setNow(new Date(NOW.getTime() + 60_000));
    const second = (await exportOf(org.read, `?start=${encodeURIComponent(at(7 * 24))}&end=${encodeURIComponent(NOW.toISOString())}`)).doc
      .Event;
    t.setNow(NOW);
    assert.notEqual(second.timestamp, first.timestamp);
    assert.deepEqual(uuidsOf(second), uuidsOf(first));
    const ids = uuidsOf(first);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A narrower window: the calls it holds keep their object uuids.
    const narrow = (await exportOf(org.read, '?range=3h')).doc.Event;
    assert.equal(narrow.uuid, first.uuid);
    assert.deepEqual(
      narrow.Object.map((o: Json) => o.uuid),
      first.Object.slice(0, 5).map((o: Json) => o.uuid),
    );
  });

  it('uuidV5 matches the RFC 9562 example', () => {
    // RFC 9562 appendix A.4: UUIDv5 of "www.example.com" in the DNS namespace.
    assert.equal(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com'), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('a scoped key gets its slice alone, in an event of its own', async () => {
    const key = await scopedKey(t.app, org.orgId, { impersonated_brand: ['paypal'] });
    const e = (await exportOf(key)).doc.Event;
    assertValid({ Event: e });
    assert.deepEqual(shapeOf(e), EXPECTED_OBJECTS.slice(0, 3));
    assert.deepEqual(e.Attribute, []);
    assert.equal(e.info, 'Honeypot Intel: tier-1 scam-call indicators (scope impersonated_brand: paypal)');
    const whole = (await exportOf(org.read)).doc.Event;
    assert.notEqual(e.uuid, whole.uuid);
  });

  it('another org sees its own call only', async () => {
    const e = (await exportOf(other.read)).doc.Event;
    assert.deepEqual(shapeOf(e), [
      ['Scam call M-1', 'bank-account', { account: ['bank-account-nr', '42', true] }],
      ['Scam call M-1', 'phone-number', { 'phone-number': ['phone-number', '+14155550100', false] }],
    ]);
  });

  it('an empty window is an event with no objects', async () => {
    const { doc } = await exportOf(org.read, '?start=2020-01-01&end=2020-01-02');
    assertValid(doc);
    assert.deepEqual([doc.Event.Object, doc.Event.Attribute, doc.Event.date], [[], [], '2020-01-01']);
  });

  it('the schema rejects events that break the core format or a template', async () => {
    const base = (await exportOf(org.read)).doc;
    const broken: [string, (e: Json) => void][] = [
      ['to_ids as a string', (e) => (e.Object[0].Attribute[0].to_ids = 'true')],
      ['a bank account without its account relation', (e) => e.Object[0].Attribute.shift()],
      ['a btc attribute outside Financial fraud', (e) => (e.Object[1].Attribute[0].category = 'Network activity')],
      ['an address relation typed text', (e) => (e.Object[1].Attribute[0].type = 'text')],
      ['a threat level of 5', (e) => (e.threat_level_id = '5')],
      ['a date with a time', (e) => (e.date = '2026-11-20T00:00:00Z')],
      ['an object attribute without a relation', (e) => delete e.Object[2].Attribute[0].object_relation],
      ['an unknown attribute type', (e) => (e.Attribute[0].type = 'routing-number')],
      ['a stale template_version', (e) => (e.Object[0].template_version = '1')],
      ['the old phone object', (e) => (e.Object[2].name = 'phone')],
      ['an event-level attribute twice', (e) => e.Attribute.push({ ...e.Attribute[0], uuid: e.Object[0].uuid })],
      ['a bad uuid', (e) => (e.uuid = 'not-a-uuid')],
    ];
    for (const [what, breakIt] of broken) {
      const doc = JSON.parse(JSON.stringify(base));
      breakIt(doc.Event);
      assert.ok(!validate(doc) || mispProblems(doc).length > 0, what);
    }
  });

  it('errors are problem+json: auth, tier, role, window', async () => {
    assertProblem(await t.app.inject({ method: 'GET', url: '/api/exports/misp' }), 401, 'unauthorized');
    const free = await newOrg(t.app, 'free', 'Free');
    const tier = assertProblem(await get(t.app, free.read, '/api/exports/misp'), 403, 'tier_required');
    assert.equal(tier.required_tier, 'pro');
    assertProblem(await get(t.app, org.ingest, '/api/exports/misp'), 403, 'forbidden');
    for (const q of ['range=3q', 'start=2026-11-20&end=2026-11-19', 'range=500d']) {
      assertProblem(await get(t.app, org.read, `/api/exports/misp?${q}`), 400, 'invalid_range');
    }
  });
});

describe('GET /api/exports/misp across pages', () => {
  let t: TestApp;
  let org: OrgKeys;
  const N = 2_345; // more than two pages of 1,000

  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    org = await newOrg(t.app, 'pro', 'Bulk');
    // Every third call has a routing number without an account (an event-level attribute);
    // the others an account (a bank-account object). Each has a caller ID (a phone-number
    // object). The routing numbers are 400 values: one event-level attribute each.
    const records = Array.from({ length: N }, (_, i) => ({
      call_sid: `B${String(i).padStart(5, '0')}`,
      started_at: new Date(NOW.getTime() - 1000 - Math.floor(i / 3) * 1000).toISOString(), // runs of 3 share an instant
      duration_sec: 30,
      caller_id: `+1212555${String(i).padStart(4, '0')}`,
      extraction:
        i % 3 === 0 ? { mule_bank_routing_number: String(100_000_000 + (i % 400)) } : { mule_bank_account_number: String(100000 + i) },
    }));
    assert.equal((await ingest(t.app, org.ingest, records)).json().accepted, N);
  });
  after(() => t.close());

  it('writes every call once, in order, across pages', async () => {
    const res = await get(t.app, org.read, '/api/exports/misp?range=24h');
    const doc = JSON.parse(res.body);
    assertValid(doc);
    const calls = Math.ceil(N / 3); // i = 0, 3, 6, … < N
    const phones = doc.Event.Object.filter((o: Json) => o.name === 'phone-number');
    const banks = doc.Event.Object.filter((o: Json) => o.name === 'bank-account');
    assert.equal(phones.length, N);
    assert.equal(banks.length, N - calls);
    // i % 400 over multiples of 3 below N: every residue comes (gcd(3, 400) = 1, 782 > 400).
    assert.equal(doc.Event.Attribute.length, 400);
    // Newest first, ties by call_sid: B00000, B00001, B00002, B00003, …
    const sids = phones.map((o: Json) => o.comment.replace('Scam call ', ''));
    assert.deepEqual(
      sids,
      Array.from({ length: N }, (_, i) => `B${String(i).padStart(5, '0')}`),
    );
    const ids = uuidsOf(doc.Event);
    assert.equal(new Set(ids).size, ids.length);
  });
});
