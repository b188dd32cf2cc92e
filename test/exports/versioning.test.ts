// STIX 2.1 §3.6 across exports and TAXII pages: three calls sharing an account and a
// wallet are ingested in every order, one at a time — so an older call comes after a newer one
// — then re-ingested, then one of them changed; after every step the STIX export and a TAXII
// walk are read, and across all of them: `created` of an object never changes (and is the
// first ingest of a call revealing it, as this test saw it), a change of content always raises
// `modified`, two copies with one (id, modified) are identical. A TLP change re-marks every
// object with a new version, and the MISP event carries the same TLP.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { admin, get, ingest, newOrg, testApp, type TestApp } from '../helpers/app.js';
import { bundleProblems, schemaErrors, type Obj } from '../fixtures/stix/check.js';
import { ingestedAt, sleep, taxiiGet, walkCollection, type FixtureCall } from '../taxii/fixture.js';

const ACCOUNT = '55501234';
const WALLET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'; // BIP-173's valid example
const CALLS: Record<string, FixtureCall> = {
  X: {
    call_sid: 'X',
    started_at: '2026-11-10T10:00:00Z',
    duration_sec: 100,
    caller_id: '+12025550101',
    extraction: { impersonated_brand: 'Amazon', mule_bank_account_number: ACCOUNT, mule_bank_routing_number: '021000021' },
  },
  Y: {
    call_sid: 'Y',
    started_at: '2026-11-15T10:00:00Z',
    duration_sec: 200,
    caller_id: '+12025550102',
    extraction: {
      impersonated_brand: 'Amazon',
      mule_bank_account_number: ACCOUNT,
      mule_bank_routing_number: '021000021',
      crypto_wallet_address: WALLET,
      crypto_chain: 'bitcoin',
      auditor_confidence: 0.6,
    },
  },
  Z: {
    call_sid: 'Z', // the oldest call
    started_at: '2026-11-05T10:00:00Z',
    duration_sec: 300,
    caller_id: '+12025550101',
    extraction: { impersonated_brand: 'Microsoft', crypto_wallet_address: WALLET, crypto_chain: 'Bitcoin' },
  },
};
const ORDERS = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'];
const AMBER = 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421';
const RED = 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1';

/** What was seen of the objects so far, and the §3.6 rules checked as each copy comes. */
class VersionLog {
  private created = new Map<string, string>();
  private byVersion = new Map<string, string>();
  private last = new Map<string, { json: string; modified: string }>();

  see(objects: Obj[], where: string): void {
    for (const o of objects) {
      const json = JSON.stringify(o, Object.keys(o).sort());
      if (typeof o.created === 'string') {
        const first = this.created.get(o.id);
        assert.equal(o.created, first ?? o.created, `${where}: created of ${o.id} moved`);
        this.created.set(o.id, o.created);
      }
      if (typeof o.modified !== 'string') continue;
      const key = `${o.id}|${o.modified}`;
      assert.equal(json, this.byVersion.get(key) ?? json, `${where}: two contents for ${key}`);
      this.byVersion.set(key, json);
      const prev = this.last.get(o.id);
      if (prev && prev.json !== json) {
        assert.ok(Date.parse(o.modified) > Date.parse(prev.modified), `${where}: ${o.id} changed without a newer modified`);
      }
      if (!prev || Date.parse(o.modified) >= Date.parse(prev.modified)) this.last.set(o.id, { json, modified: o.modified });
    }
  }

  createdOf(id: string): string | undefined {
    return this.created.get(id);
  }
}

describe('STIX versions in every ingest order (issue 27, STIX 2.1 §3.6)', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ HONEYPOT_RATE_GENERAL: '1000000/60' });
    t.setNow(new Date(Date.now() + 3_600_000)); // TAXII serves calls 5 s after ingest
  });
  after(() => t.close());

  const exportObjects = async (key: string) => {
    const res = await get(t.app, key, '/api/exports/stix?start=2026-10-01T00:00:00Z&end=2026-12-01T00:00:00Z');
    assert.equal(res.statusCode, 200, res.body);
    const objects = res.json().objects as Obj[];
    assert.deepEqual(schemaErrors(objects), []);
    assert.deepEqual(bundleProblems(objects), []);
    return objects;
  };

  for (const order of ORDERS) {
    it(`order ${order.split('').join(', ')}, then re-ingests and a change`, async () => {
      const org = await newOrg(t.app, 'pro', `Order ${order}`);
      const base = `/taxii2/api/collections/${(await taxiiGet(t.app, org.read, '/taxii2/api/collections/')).json().collections[0].id}`;
      const log = new VersionLog();
      const firstIngest = new Map<string, number>();
      const step = async (calls: FixtureCall[], name: string) => {
        await sleep(2);
        assert.equal((await ingest(t.app, org.ingest, calls)).statusCode, 200);
        for (const [sid, at] of await ingestedAt(t.db, org.orgId)) if (!firstIngest.has(sid)) firstIngest.set(sid, at);
        const exported = await exportObjects(org.read);
        log.see(exported, `${name}: export`);
        const walked = (await walkCollection(t.app, org.read, base, 'limit=3')).flatMap((p) => p.objects) as Obj[];
        log.see(walked, `${name}: TAXII`);
        // The indicators' created: the first ingest of a call revealing the value, as seen here.
        for (const [pattern, value] of [
          ['bank-account:account_number', ACCOUNT],
          ['cryptocurrency-wallet:value', WALLET],
        ]) {
          const revealing = Object.values(CALLS).filter((c) => JSON.stringify(c.extraction).includes(value) && firstIngest.has(c.call_sid));
          const indicator = exported.find((o) => o.type === 'indicator' && String(o.pattern) === `[${pattern} = '${value}']`);
          if (revealing.length === 0) {
            assert.equal(indicator, undefined);
            continue;
          }
          const first = Math.min(...revealing.map((c) => firstIngest.get(c.call_sid)!));
          assert.equal(indicator?.created, new Date(first).toISOString(), `${name}: ${value}`);
          assert.equal(indicator?.valid_from, indicator?.created);
        }
        return exported;
      };
      for (const sid of order) await step([CALLS[sid]], `ingest ${sid}`);
      // Re-ingest the first call (it moves to the end of the collection), then all three.
      await step([CALLS[order[0]]], `re-ingest ${order[0]}`);
      await step(Object.values(CALLS), 're-ingest all');
      // A change of content: Y's confidence.
      const changed = await step([{ ...CALLS.Y, extraction: { ...CALLS.Y.extraction, auditor_confidence: 0.9 } }], 'change Y');
      const sightingsOfY = changed.filter((o) => o.type === 'sighting' && o.confidence === 90);
      assert.equal(sightingsOfY.length, 2);

      // A new TLP: every object built from calls is re-marked, with a newer modified (SCOs have none).
      const before = new Map(changed.map((o) => [o.id, o]));
      const res = await admin(t.app, 'PATCH', `/api/admin/orgs/${org.orgId}`, { tlp: 'TLP:RED' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().tlp, 'TLP:RED');
      const red = await exportObjects(org.read);
      log.see(red, 'TLP:RED export');
      log.see((await walkCollection(t.app, org.read, base, 'limit=50')).flatMap((p) => p.objects) as Obj[], 'TLP:RED TAXII');
      assert.deepEqual(
        red.filter((o) => o.type === 'marking-definition').map((o) => [o.id, o.name]),
        [[RED, 'TLP:RED']],
      );
      for (const o of red.slice(3)) {
        assert.deepEqual(o.object_marking_refs, [RED], o.id);
        const was = before.get(o.id)!;
        assert.deepEqual(was.object_marking_refs, [AMBER]);
        if (typeof o.modified === 'string' && o.type !== 'identity')
          assert.ok(Date.parse(o.modified) > Date.parse(String(was.modified)), o.id);
        if (typeof o.created === 'string') assert.equal(o.created, log.createdOf(o.id));
      }
      const misp = await get(t.app, org.read, '/api/exports/misp?start=2026-10-01T00:00:00Z&end=2026-12-01T00:00:00Z');
      assert.deepEqual(misp.json().Event.Tag, [{ name: 'tlp:red' }]);
    });
  }

  it('the TLP is validated; the same TLP again changes nothing', async () => {
    const org = await newOrg(t.app, 'pro', 'TLP');
    for (const bad of [{ tlp: 'red' }, { tlp: 'TLP:WHITE' }, {}, { tlp: null }]) {
      const res = await admin(t.app, 'PATCH', `/api/admin/orgs/${org.orgId}`, bad);
      assert.equal(res.statusCode, 400, JSON.stringify(bad));
      assert.equal(res.json().code, 'validation_failed');
    }
    assert.equal((await ingest(t.app, org.ingest, [CALLS.X])).statusCode, 200);
    const amber = await exportObjects(org.read);
    assert.equal((await admin(t.app, 'PATCH', `/api/admin/orgs/${org.orgId}`, { tlp: 'TLP:AMBER' })).json().tlp, 'TLP:AMBER');
    assert.deepEqual(await exportObjects(org.read), amber);
    const misp = await get(t.app, org.read, '/api/exports/misp?start=2026-10-01T00:00:00Z&end=2026-12-01T00:00:00Z');
    assert.deepEqual(misp.json().Event.Tag, [{ name: 'tlp:amber' }]);
  });
});
