// One TAXII collection per organisation and key scope: keys of the same org and
// slice share it, any other org or slice has its own, and a collection id that is not the
// key's own is 404 on every collection endpoint. A scoped collection holds only its slice.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { admin, ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { BATCH_A, BATCH_B, expectedItems, expectedPages, ingestedAt, taxiiGet, TAXII } from './fixture.js';

describe('TAXII collections: one per org and scope, isolated (issue 14)', () => {
  let t: TestApp;
  let org: OrgKeys;
  let other: OrgKeys;
  let amazon: string;
  let amazonPaypal: string;
  let paypalAmazon: string;
  let secondRead: string;

  const collectionOf = async (key: string) => {
    const res = await taxiiGet(t.app, key, '/taxii2/api/collections/');
    assert.equal(res.statusCode, 200, res.body);
    const { collections } = res.json();
    assert.equal(collections.length, 1);
    return collections[0] as { id: string; title: string; description: string };
  };

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro', 'Acme');
    other = await newOrg(t.app, 'pro', 'Other bank');
    amazon = await scopedKey(t.app, org.orgId, { impersonated_brand: ['Amazon'] });
    amazonPaypal = await scopedKey(t.app, org.orgId, { impersonated_brand: ['Amazon', 'PayPal'] });
    paypalAmazon = await scopedKey(t.app, org.orgId, { impersonated_brand: ['paypal', 'amazon'] });
    secondRead = (await admin(t.app, 'POST', `/api/admin/orgs/${org.orgId}/keys`, { name: 'r2', role: 'read' })).json().key;
    await ingest(t.app, org.ingest, [...BATCH_A, ...BATCH_B]);
    // The other org has calls of the same sids and values: none of them may show in Acme's collection.
    await ingest(t.app, other.ingest, BATCH_A);
    t.setNow(new Date(Date.now() + 60_000));
  });
  after(() => t.close());

  it('keys of one org and slice share a collection; other orgs and slices have their own', async () => {
    const whole = await collectionOf(org.read);
    assert.equal((await collectionOf(secondRead)).id, whole.id);
    const a = await collectionOf(amazon);
    const ap = await collectionOf(amazonPaypal);
    assert.equal((await collectionOf(paypalAmazon)).id, ap.id, 'the same slice in another order and case');
    const o = await collectionOf(other.read);
    assert.equal(new Set([whole.id, a.id, ap.id, o.id]).size, 4);
    assert.equal(whole.title, 'Acme');
    assert.equal(a.title, 'Acme (impersonated_brand: amazon)');
    assert.equal(ap.title, 'Acme (impersonated_brand: amazon, paypal)');
    assert.equal(o.title, 'Other bank');
  });

  it("another org's or slice's collection id is 404 on every endpoint, as a TAXII error", async () => {
    const ids = {
      whole: (await collectionOf(org.read)).id,
      amazon: (await collectionOf(amazon)).id,
      other: (await collectionOf(other.read)).id,
    };
    const someObject = 'identity--00000000-0000-5000-8000-000000000000';
    const cases: [string, string][] = [
      [other.read, ids.whole],
      [org.read, ids.other],
      [amazon, ids.whole],
      [org.read, ids.amazon],
      [amazonPaypal, ids.amazon],
      [org.read, '00000000-0000-0000-0000-000000000000'],
      [org.read, 'not-a-uuid'],
    ];
    for (const [key, id] of cases) {
      for (const suffix of ['', 'objects/', 'manifest/', `objects/${someObject}/`]) {
        const res = await taxiiGet(t.app, key, `/taxii2/api/collections/${id}/${suffix}`);
        assert.equal(res.statusCode, 404, `${id}/${suffix}: ${res.body}`);
        assert.equal(res.headers['content-type'], TAXII);
        const body = res.json();
        assert.equal(body.http_status, '404');
        assert.equal(body.error_code, 'not_found');
        assert.equal(typeof body.title, 'string');
        assert.equal(typeof body.description, 'string');
      }
    }
    // Upper-case hex names the same collection.
    assert.equal((await taxiiGet(t.app, org.read, `/taxii2/api/collections/${ids.whole.toUpperCase()}/`)).statusCode, 200);
  });

  it("a scoped collection holds its slice's calls only, and first sightings within the slice", async () => {
    const at = await ingestedAt(t.db, org.orgId);
    const id = (await collectionOf(amazon)).id;
    const slice = [...BATCH_A, ...BATCH_B].filter((c) => String(c.extraction.impersonated_brand).toLowerCase() === 'amazon');
    const items = expectedItems(org.orgId, slice, at);
    const res = await taxiiGet(t.app, amazon, `/taxii2/api/collections/${id}/objects/?limit=1000`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().objects,
      expectedPages(items, 1000)[0].map((i) => i.object),
    );
    assert.ok(!res.body.includes('PayPal') && !res.body.includes('99887766'));

    const whole = await taxiiGet(t.app, org.read, `/taxii2/api/collections/${(await collectionOf(org.read)).id}/objects/?limit=1000`);
    assert.deepEqual(
      whole.json().objects,
      expectedPages(expectedItems(org.orgId, [...BATCH_A, ...BATCH_B], at), 1000)[0].map((i) => i.object),
    );

    const otherAt = await ingestedAt(t.db, other.orgId);
    const theirs = await taxiiGet(t.app, other.read, `/taxii2/api/collections/${(await collectionOf(other.read)).id}/objects/?limit=1000`);
    assert.deepEqual(
      theirs.json().objects,
      expectedPages(expectedItems(other.orgId, BATCH_A, otherAt), 1000)[0].map((i) => i.object),
    );
  });

  it('a next of one collection is refused by another (400)', async () => {
    const mine = (await collectionOf(org.read)).id;
    const first = (await taxiiGet(t.app, org.read, `/taxii2/api/collections/${mine}/objects/?limit=2`)).json();
    assert.equal(first.more, true);
    const amazonId = (await collectionOf(amazon)).id;
    const res = await taxiiGet(t.app, amazon, `/taxii2/api/collections/${amazonId}/objects/?limit=2&next=${first.next}`);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().http_status, '400');
    assert.equal(res.json().error_code, 'validation_failed');
  });
});
