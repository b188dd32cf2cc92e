// Campaigns in the exports (issue 28 item 4): the STIX bundle holds a `campaign` SDO per
// campaign of the window (3+ calls) and an `indicates` relationship from each indicator its
// calls revealed, valid against the OASIS schemas; ids are deterministic UUIDv5; a scoped key's
// bundle holds only the campaigns of its slice; GET /api/exports/misp?campaign_id= is one
// campaign's MISP event.
//
// The fixture, worked by hand. Window [2026-11-01, 2026-11-08).
//
//   K1 Nov 2  Amazon  wallet W1
//   K2 Nov 3  PayPal  wallet W1, account 021000021/111222333
//   K3 Nov 4  PayPal  account 021000021/111222333, drop D
//   K4 Nov 5  Amazon  drop D (tier 1, no indicator: drops get none)
//   K5 Nov 6  PayPal  account 021000021/111222333
//   L1, L2    Nov 6   wallet W2 (a campaign of 2 calls: below 3, not exported)
//   M1        Nov 6   wallet W3 (alone)
//
//   Org-wide: Y = {K1..K5} (W1 joins K1–K2, the account K2–K3–K5, the drop K3–K4); its id
//   comes from K1's wallet. Indicators: W1 (K1, K2), the account (K2, K3, K5), W2, W3. So Y is
//   indicated by exactly two: W1's and the account's.
//   Scoped to PayPal: K2, K3, K5 joined by the account (W1 and D link nothing inside the slice):
//   one campaign S of 3 calls, id from K2's account; indicated by W1's (K2 reveals it) and the
//   account's. Y does not exist for that key.
//   Org B meets W1 in three calls: its own campaign, never in org A's bundle.

import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bech32 } from '@scure/base';
import { get, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';
import { bundleProblems, schemaErrors, type Obj } from '../fixtures/stix/check.js';

const NOW = new Date('2026-11-08T00:00:00Z');
const WINDOW = 'start=2026-11-01&end=2026-11-08';

/** Valid segwit v0 addresses (BIP-173): the STIX export gives an indicator only for a wallet passing its checksum. */
const segwit = (byte: number) => bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(byte))]);
const W1 = segwit(1);
const W2 = segwit(2);
const W3 = segwit(3);
const ACCOUNT = { mule_bank_routing_number: '021000021', mule_bank_account_number: '111222333' };
const DROP = '12 Oak St Apt 4 Dover DE 19901';

const call = (sid: string, started: string, brand: string, extraction: Record<string, unknown>) => ({
  call_sid: sid,
  started_at: started,
  duration_sec: 120,
  transcript: [],
  extraction: { impersonated_brand: brand, ...extraction },
});
const FIXTURE = [
  call('K1', '2026-11-02T10:00:00Z', 'Amazon', { crypto_wallet_address: W1, crypto_chain: 'bitcoin' }),
  call('K2', '2026-11-03T10:00:00Z', 'PayPal', { crypto_wallet_address: W1, crypto_chain: 'bitcoin', ...ACCOUNT }),
  call('K3', '2026-11-04T10:00:00Z', 'PayPal', { ...ACCOUNT, physical_mule_drop_address: DROP }),
  call('K4', '2026-11-05T10:00:00Z', 'Amazon', { physical_mule_drop_address: DROP }),
  call('K5', '2026-11-06T10:00:00Z', 'PayPal', ACCOUNT),
  call('L1', '2026-11-06T11:00:00Z', 'Visa', { crypto_wallet_address: W2, crypto_chain: 'bitcoin' }),
  call('L2', '2026-11-06T12:00:00Z', 'Visa', { crypto_wallet_address: W2, crypto_chain: 'bitcoin' }),
  call('M1', '2026-11-06T13:00:00Z', 'Visa', { crypto_wallet_address: W3, crypto_chain: 'bitcoin' }),
];

/** The campaign id (docs/campaigns.md): cmp_ + 16 hex of SHA-256 over org, kind and value of its earliest key. */
const cmpId = (orgId: string, kind: string, value: string) =>
  `cmp_${createHash('sha256').update(`${orgId}\n${kind}\n${value}`).digest('hex').slice(0, 16)}`;

/** UUIDv5 (RFC 9562 §5.5), written here apart from src/intel/stix/ids.ts. */
function uuid5(name: string, namespace: string): string {
  const h = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name)
    .digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.toString('hex', 0, 16);
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
/** Our SDO namespace and naming (src/intel/stix/ids.ts documents it): the type and parts, JSON-quoted, NUL-joined. */
const HONEYPOT_NAMESPACE = '8a83f389-40ad-4cdd-a694-cb06cf9ff33b';
const sdo = (type: string, ...parts: string[]) =>
  `${type}--${uuid5([type, ...parts].map((p) => JSON.stringify(p)).join('\u0000'), HONEYPOT_NAMESPACE)}`;

let t: TestApp;
let org: OrgKeys;
let orgB: OrgKeys;
let paypalKey: string;
let Y: string;
let S: string;

const bundleOf = async (key: string, window = WINDOW) => {
  const res = await get(t.app, key, `/api/exports/stix?${window}`);
  assert.equal(res.statusCode, 200, res.body);
  const bundle = res.json();
  assert.deepEqual(schemaErrors(bundle), []);
  assert.deepEqual(bundleProblems(bundle.objects), []);
  return bundle.objects as Obj[];
};
const ofType = (objs: Obj[], type: string) => objs.filter((o) => o.type === type);
const indicatorOf = (objs: Obj[], value: string) => {
  const found = ofType(objs, 'indicator').filter((o) => String(o.pattern).includes(`'${value}'`));
  assert.equal(found.length, 1, value);
  return found[0].id;
};
/** The indicates relationships as "indicator id → campaign id", sorted. */
const indicates = (objs: Obj[]) =>
  ofType(objs, 'relationship')
    .filter((r) => r.relationship_type === 'indicates')
    .map((r) => `${String(r.source_ref)} → ${String(r.target_ref)}`)
    .sort();

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  org = await newOrg(t.app, 'pro', 'Fraud team');
  orgB = await newOrg(t.app, 'pro', 'Other team');
  paypalKey = await scopedKey(t.app, org.orgId, { impersonated_brand: ['paypal'] });
  assert.equal((await ingest(t.app, org.ingest, FIXTURE)).statusCode, 200);
  const theirs = ['B1', 'B2', 'B3'].map((sid, i) =>
    call(sid, `2026-11-0${2 + i}T09:00:00Z`, 'Amazon', { crypto_wallet_address: W1, crypto_chain: 'bitcoin' }),
  );
  assert.equal((await ingest(t.app, orgB.ingest, theirs)).statusCode, 200);
  Y = cmpId(org.orgId, 'wallet', W1);
  S = cmpId(org.orgId, 'mule_account', '021000021/111222333');
});
after(() => t.close());

describe('campaigns in the STIX bundle', () => {
  it('holds one campaign SDO per campaign of 3+ calls, as worked by hand, valid against the OASIS schemas', async () => {
    const list = await get(t.app, org.read, `/api/campaigns?${WINDOW}`);
    assert.deepEqual(
      list.json().items.map((c: { id: string; calls: number }) => [c.id, c.calls]),
      [[Y, 5]],
    );
    const objs = await bundleOf(org.read);
    const campaigns = ofType(objs, 'campaign');
    assert.equal(campaigns.length, 1);
    const c = campaigns[0];
    assert.equal(c.id, sdo('campaign', org.orgId, Y));
    assert.deepEqual(c.aliases, [Y]);
    assert.equal(c.name, `Scam-call campaign ${Y}`);
    assert.equal(c.spec_version, '2.1');
    assert.equal(c.first_seen, '2026-11-02T10:00:00.000Z');
    assert.equal(c.last_seen, '2026-11-06T10:00:00.000Z');
    assert.equal(c.created, '2026-11-02T10:00:00.000Z');
    assert.equal(c.modified, '2026-11-06T10:00:00.000Z');
    assert.equal((c.object_marking_refs as string[]).length, 1);
  });

  it('links each indicator its calls revealed to it with indicates (indicator → campaign), and no other', async () => {
    const objs = await bundleOf(org.read);
    const campaign = sdo('campaign', org.orgId, Y);
    const w1 = indicatorOf(objs, W1);
    const account = indicatorOf(objs, '111222333');
    indicatorOf(objs, W2); // indicators of calls outside any exported campaign stay, unrelated
    indicatorOf(objs, W3);
    assert.deepEqual(indicates(objs), [`${w1} → ${campaign}`, `${account} → ${campaign}`].sort());
    for (const r of ofType(objs, 'relationship').filter((o) => o.relationship_type === 'indicates')) {
      assert.equal(r.id, sdo('relationship', String(r.source_ref), 'indicates', campaign));
    }
    // attributed-to would go campaign → intrusion-set/threat-actor: none is made.
    assert.equal(ofType(objs, 'relationship').filter((r) => r.relationship_type === 'attributed-to').length, 0);
  });

  it('gives the same ids in every export and window holding the same campaign', async () => {
    const first = await bundleOf(org.read);
    const again = await bundleOf(org.read);
    const wider = await bundleOf(org.read, 'start=2026-11-01&end=2026-11-20');
    const ids = (objs: Obj[]) =>
      objs
        .filter((o) => o.type === 'campaign' || (o.type === 'relationship' && o.relationship_type === 'indicates'))
        .map((o) => o.id)
        .sort();
    assert.equal(ids(first).length, 3);
    assert.deepEqual(ids(again), ids(first));
    assert.deepEqual(ids(wider), ids(first));
  });

  it("holds, for a scoped key, only the campaign computed from its slice, with that campaign's own id", async () => {
    const objs = await bundleOf(paypalKey);
    const campaigns = ofType(objs, 'campaign');
    assert.deepEqual(
      campaigns.map((c) => c.aliases),
      [[S]],
    );
    const campaign = sdo('campaign', org.orgId, S);
    assert.equal(campaigns[0].id, campaign);
    assert.equal(campaigns[0].first_seen, '2026-11-03T10:00:00.000Z');
    assert.equal(campaigns[0].last_seen, '2026-11-06T10:00:00.000Z');
    assert.deepEqual(indicates(objs), [`${indicatorOf(objs, W1)} → ${campaign}`, `${indicatorOf(objs, '111222333')} → ${campaign}`].sort());
    assert.ok(!JSON.stringify(objs).includes(Y), 'the org-wide campaign is not in the slice');
  });

  it('never holds another org’s campaign', async () => {
    const theirs = await bundleOf(orgB.read);
    const mine = await bundleOf(org.read);
    const bId = cmpId(orgB.orgId, 'wallet', W1);
    assert.deepEqual(
      ofType(theirs, 'campaign').map((c) => c.aliases),
      [[bId]],
    );
    assert.ok(!JSON.stringify(mine).includes(bId));
  });
});

describe('GET /api/exports/misp?campaign_id=', () => {
  const misp = (key: string, q: string) => get(t.app, key, `/api/exports/misp?${WINDOW}${q}`);
  const callsOf = (event: { Object: { comment: string }[] }) =>
    [...new Set(event.Object.map((o) => /^Scam call (\S+)/.exec(o.comment)![1]))].sort();

  it("is one campaign's event: the objects of its tier-1 calls only, under its own uuid", async () => {
    const res = await misp(org.read, `&campaign_id=${Y}`);
    assert.equal(res.statusCode, 200, res.body);
    const event = res.json().Event;
    assert.equal(event.info, `Honeypot Intel: scam-call campaign ${Y}`);
    // K4 gave only a drop address: MISP gets no object for it (no bank account, wallet or caller ID).
    assert.deepEqual(callsOf(event), ['K1', 'K2', 'K3', 'K5']);
    const whole = (await misp(org.read, '')).json().Event;
    assert.deepEqual(callsOf(whole), ['K1', 'K2', 'K3', 'K5', 'L1', 'L2', 'M1']);
    assert.notEqual(event.uuid, whole.uuid);
    assert.equal((await misp(org.read, `&campaign_id=${Y}`)).json().Event.uuid, event.uuid, 'deterministic');
    const uuids = new Set(whole.Object.map((o: { uuid: string }) => o.uuid));
    assert.ok(
      event.Object.every((o: { uuid: string }) => !uuids.has(o.uuid)),
      'no object uuid shared with the window event',
    );
  });

  it('is computed in the caller’s slice: the slice’s campaign is found, the org-wide one is 404', async () => {
    const res = await misp(paypalKey, `&campaign_id=${S}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(callsOf(res.json().Event), ['K2', 'K3', 'K5']);
    assertProblem(await misp(paypalKey, `&campaign_id=${Y}`), 404, 'not_found');
  });

  it('answers 404 for a campaign of no call of the window or of another org, 400 for a malformed id', async () => {
    assertProblem(await misp(org.read, `&campaign_id=cmp_0123456789abcdef`), 404, 'not_found');
    assertProblem(await misp(org.read, `&campaign_id=${cmpId(orgB.orgId, 'wallet', W1)}`), 404, 'not_found');
    assertProblem(await misp(org.read, '&campaign_id=nope'), 400, 'validation_failed');
  });
});
