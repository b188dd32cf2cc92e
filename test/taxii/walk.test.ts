// TAXII walks as a client pages them: at limits 1, 7, 100 and 1,000, with calls
// ingested while the walk goes on — new calls revealing known values, an older call, a
// re-ingested one — each (id, version) comes exactly once, everything an object refers to comes
// in the same walk, and nothing the collection holds at the end is missing. Polls from any
// added_after resolve every reference within the poll. A limit over the maximum answers the
// maximum.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from '@scure/base';
import { ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { refsOf, schemaErrors, type Obj } from '../fixtures/stix/check.js';
import { sleep, taxiiGet, walkCollection, type FixtureCall, type WalkedPage } from './fixture.js';

const segwit = (byte: number) => bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(byte))]);
const BRANDS = ['Amazon', 'PayPal', 'IRS'];

/** `n` tier-1 calls from `from` on, sharing caller IDs, accounts, wallets and brands across calls. */
function calls(prefix: string, n: number, from: number, startDay: number): FixtureCall[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const day = String(1 + ((startDay + i) % 27)).padStart(2, '0');
    return {
      call_sid: `${prefix}${String(i).padStart(4, '0')}`,
      started_at: `2026-11-${day}T${String(i % 24).padStart(2, '0')}:00:00Z`,
      duration_sec: 60 + (i % 100),
      caller_id: `+1202555${String(i % 7).padStart(4, '0')}`,
      transcript: [{ speaker: 'caller', text: `Pay account 4400${i % 5} or wallet ${segwit(1 + (i % 4))}`, offset_sec: 9 }],
      extraction: {
        impersonated_brand: BRANDS[i % 3],
        ...(i % 2 === 0 ? { mule_bank_account_number: `4400${i % 5}`, mule_bank_routing_number: '021000021' } : {}),
        ...(i % 3 !== 1 ? { crypto_wallet_address: segwit(1 + (i % 4)), crypto_chain: 'bitcoin' } : {}),
        auditor_confidence: 0.5,
      },
    };
  });
}

const keyOf = (r: { id: string; version: string }) => `${r.id}|${r.version}`;

/** The walk's records: the objects and the manifest agree page by page; (id, version) once; refs resolve. */
function checkWalk(pages: WalkedPage[], limit: number): Map<string, Obj> {
  const seen = new Map<string, Obj>();
  for (const [i, p] of pages.entries()) {
    assert.ok(p.objects.length <= limit, `page ${i}: ${p.objects.length} > ${limit}`);
    assert.deepEqual(
      p.manifest.map((r) => r.id),
      p.objects.map((o) => o.id),
      `page ${i}`,
    );
    p.manifest.forEach((r, j) => {
      const o = p.objects[j];
      // The manifest's version is the object's modified, or created (a marking definition); an SCO's is its own.
      if (o.modified ?? o.created) assert.equal(Date.parse(r.version), Date.parse(String(o.modified ?? o.created)), o.id);
      assert.ok(!seen.has(keyOf(r)), `${keyOf(r)} sent twice (page ${i})`);
      seen.set(keyOf(r), o as Obj);
    });
  }
  const objects = [...seen.values()];
  assert.deepEqual(schemaErrors(objects), []);
  const ids = new Set(objects.map((o) => o.id));
  for (const o of objects) for (const r of refsOf(o)) assert.ok(ids.has(r), `${o.id} refers to ${r}, not in the walk`);
  return seen;
}

describe('TAXII walks with ingest during the walk (issue 27)', () => {
  let t: TestApp;
  let small: OrgKeys;
  let big: OrgKeys;
  const collection = async (key: string) =>
    `/taxii2/api/collections/${(await taxiiGet(t.app, key, '/taxii2/api/collections/')).json().collections[0].id}`;
  const store = async (org: OrgKeys, batch: FixtureCall[]) => {
    await sleep(2); // a new ingest instant
    const res = await ingest(t.app, org.ingest, batch);
    assert.equal(res.json().accepted, batch.length, res.body);
  };

  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60' });
    small = await newOrg(t.app, 'pro', 'Small');
    big = await newOrg(t.app, 'pro', 'Big');
    // Several ingests, so the collection has several instants and shared values move between them.
    for (let b = 0; b < 3; b++) await store(small, calls('S', 5, b * 5, 0));
    for (let b = 0; b < 3; b++) await store(big, calls('B', 110, b * 110, 0));
    // Served calls are 5 s old: the clock runs a minute ahead, so calls ingested during a walk are served at once.
    t.setNow(new Date(Date.now() + 3_600_000));
  });
  after(() => t.close());

  for (const [limit, org, name] of [
    [1, () => small, 'S'],
    [7, () => small, 'S'],
    [100, () => big, 'B'],
    [1000, () => big, 'B'],
  ] as const) {
    it(`limit ${limit}: each (id, version) once, every reference in the walk, nothing of the end state missing`, async () => {
      const o = org();
      const base = await collection(o.read);
      const count = (await walkCollection(t.app, o.read, base, 'limit=1000')).reduce((n, p) => n + p.objects.length, 0);
      const half = Math.max(1, Math.floor(count / limit / 2));
      let n = 1000 * limit; // fresh call numbers per walk
      const pages = await walkCollection(t.app, o.read, base, `limit=${limit}`, async (i) => {
        if (i !== half - 1) return;
        // Mid-walk: new calls revealing known values, one older than every call, a re-ingest of the first call.
        await store(o, calls(name, 3, n, 0));
        n += 3;
        await store(o, [{ ...calls(name, 1, n, 0)[0], started_at: '2026-10-01T00:00:00Z' }]);
        await store(o, calls(name, 1, 0, 0));
      });
      assert.ok(pages.length > 1, `${pages.length} pages`);
      const walked = checkWalk(pages, limit);
      // What the collection holds now was all in the walk (a value that moved came again, as its new version).
      const end = checkWalk(await walkCollection(t.app, o.read, base, 'limit=1000'), 1000);
      for (const k of end.keys()) assert.ok(walked.has(k), `${k} missing from the walk`);
    });
  }

  it('added_after polls from every date_added resolve every reference within the poll', async () => {
    const base = await collection(small.read);
    const records = (await walkCollection(t.app, small.read, base, 'limit=1000')).flatMap((p) => p.manifest);
    const instants = [...new Set(records.map((r) => r.date_added))];
    assert.ok(instants.length >= 4, `${instants.length} instants`);
    for (const since of instants) {
      const polled = await walkCollection(t.app, small.read, base, `limit=20&added_after=${encodeURIComponent(since)}`);
      const objects = polled.flatMap((p) => p.objects);
      // The records added after it (the static three aside), opened by the static three.
      const expected = records.slice(3).filter((r) => Date.parse(r.date_added) > Date.parse(since)).length;
      if (expected === 0) {
        assert.equal(objects.length, 0);
        continue;
      }
      assert.equal(objects.length, expected + 3);
      checkWalk(polled, 20);
      assert.deepEqual(
        objects.slice(0, 3).map((o) => o.type),
        ['identity', 'extension-definition', 'marking-definition'],
      );
    }
  });

  it('limit=5000 answers at most the maximum, 1,000 objects, and goes on with next', async () => {
    const base = await collection(big.read);
    for (const endpoint of ['objects', 'manifest']) {
      const res = await taxiiGet(t.app, big.read, `${base}/${endpoint}/?limit=5000`);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.objects.length, 1000);
      assert.equal(body.more, true);
      assert.equal(typeof body.next, 'string');
    }
  });
});
