// A TAXII 2.1 client against the server: discovery → API root → the key's
// collection; objects polled with limit + next to the end, then, after a second ingest, again
// with added_after = the last X-TAXII-Date-Added-Last, which must bring exactly the new calls'
// objects (and the static objects every poll opens with). The manifest pages as the objects do.
// Expected objects come from test/taxii/fixture.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { StixObject } from '../../src/intel/stix/index.js';
import { ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { bundleProblems, schemaErrors, type Obj } from '../fixtures/stix/check.js';
import {
  BATCH_A,
  BATCH_B,
  expectedItems,
  expectedPages,
  ingestedAt,
  sleep,
  TAXII,
  taxiiGet,
  taxiiTime,
  versionOf,
  type Expected,
} from './fixture.js';

interface Polled {
  pages: { objects: StixObject[]; first?: string; last?: string; more: boolean }[];
  lastAdded: string | undefined;
}

/** Follows `next` from `url` to the end, as a TAXII client does. */
async function poll(t: TestApp, key: string, url: string): Promise<Polled> {
  const pages: Polled['pages'] = [];
  let next: string | undefined;
  let lastAdded: string | undefined;
  for (let i = 0; i < 200; i++) {
    const res = await taxiiGet(t.app, key, next ? `${url}${url.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}` : url);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], TAXII);
    const body = res.json();
    assert.equal(typeof body.more, 'boolean');
    if (body.objects !== undefined) assert.ok(body.objects.length > 0, 'an empty list is never sent');
    const first = res.headers['x-taxii-date-added-first'] as string | undefined;
    const last = res.headers['x-taxii-date-added-last'] as string | undefined;
    pages.push({ objects: body.objects ?? [], first, last, more: body.more });
    if (last) lastAdded = last;
    if (!body.more) {
      assert.equal(body.next, undefined);
      return { pages, lastAdded };
    }
    assert.equal(typeof body.next, 'string');
    next = body.next;
  }
  throw new Error('more than 200 pages');
}

/** The served pages equal the expected ones, headers included. */
function assertPages(polled: Polled, expected: Expected[][], limit: number): void {
  const got = polled.pages.filter((p) => p.objects.length > 0);
  assert.equal(got.length, expected.length, `pages: ${got.map((p) => p.objects.length)} vs ${expected.map((p) => p.length)}`);
  got.forEach((page, i) => {
    assert.ok(page.objects.length <= limit);
    assert.deepEqual(
      page.objects,
      expected[i].map((e) => e.object),
      `page ${i}`,
    );
    assert.equal(page.first, taxiiTime(expected[i][0].dateAdded));
    assert.equal(page.last, taxiiTime(expected[i][expected[i].length - 1].dateAdded));
  });
}

describe('TAXII 2.1 client: discovery, paging, added_after across two ingests (issue 14)', () => {
  let t: TestApp;
  let org: OrgKeys;
  let base: string;
  const settled = () => t.setNow(new Date(Date.now() + 60_000)); // past the 5 s settle time

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro', 'Acme Bank fraud team');
  });
  after(() => t.close());

  it('discovery names the API root, which lists the one collection of the key', async () => {
    const disc = await taxiiGet(t.app, org.read, '/taxii2/');
    assert.equal(disc.statusCode, 200, disc.body);
    assert.equal(disc.headers['content-type'], TAXII);
    const d = disc.json();
    // No HONEYPOT_PUBLIC_URL: a path (test/taxii/collections.test.ts sets one).
    assert.equal(d.default, '/taxii2/api/');
    assert.deepEqual(d.api_roots, [d.default]);
    const root = (await taxiiGet(t.app, org.read, '/taxii2/api/')).json();
    assert.deepEqual(root.versions, [TAXII]);
    assert.equal(root.max_content_length, 0);
    const cols = (await taxiiGet(t.app, org.read, '/taxii2/api/collections/')).json();
    assert.equal(cols.collections.length, 1);
    const c = cols.collections[0];
    assert.match(c.id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(c.title, 'Acme Bank fraud team');
    assert.equal(c.can_read, true);
    assert.equal(c.can_write, false);
    assert.deepEqual(c.media_types, ['application/stix+json;version=2.1']);
    assert.deepEqual((await taxiiGet(t.app, org.read, `/taxii2/api/collections/${c.id}/`)).json(), c);
    base = `/taxii2/api/collections/${c.id}`;
  });

  it('an empty collection answers {more: false} without objects or date headers', async () => {
    const res = await taxiiGet(t.app, org.read, `${base}/objects/`);
    assert.deepEqual(res.json(), { more: false });
    assert.equal(res.headers['x-taxii-date-added-first'], undefined);
  });

  it('calls are served once settled (5 s after their ingest)', async () => {
    assert.equal((await ingest(t.app, org.ingest, BATCH_A)).json().accepted, BATCH_A.length);
    t.setNow(new Date());
    assert.deepEqual((await taxiiGet(t.app, org.read, `${base}/objects/`)).json(), { more: false });
    settled();
    assert.ok((await taxiiGet(t.app, org.read, `${base}/objects/`)).json().objects.length > 0);
  });

  let firstPollLast: string | undefined;

  it('pages with limit + next to the end: every object of every tier-1 call, in added order', async () => {
    const at = await ingestedAt(t.db, org.orgId);
    const items = expectedItems(org.orgId, BATCH_A, at);
    // The fixture exercises what it should: a call with no objects, shared objects, several pages.
    assert.ok(items.length > 20, `${items.length} objects`);
    for (const limit of [1, 7, 1000]) {
      const polled = await poll(t, org.read, `${base}/objects/?limit=${limit}`);
      assertPages(polled, expectedPages(items, limit), limit);
      if (limit === 7) firstPollLast = polled.lastAdded;
    }
    // Default limit 100: one page here.
    const all = await poll(t, org.read, `${base}/objects/`);
    assertPages(all, expectedPages(items, 100), 100);
    // (Calls of other tiers are in no expected page: the pages above hold nothing of theirs.)
    assert.equal(firstPollLast, taxiiTime(items[items.length - 1].dateAdded));
  });

  it('the manifest pages as the objects: same ids, versions and date_added', async () => {
    const items = expectedItems(org.orgId, BATCH_A, await ingestedAt(t.db, org.orgId));
    for (const limit of [5, 100]) {
      const objects = await poll(t, org.read, `${base}/objects/?limit=${limit}`);
      const manifest = await poll(t, org.read, `${base}/manifest/?limit=${limit}`);
      assert.equal(manifest.pages.length, objects.pages.length);
      const pages = expectedPages(items, limit);
      manifest.pages.forEach((mp, i) => {
        const op = objects.pages[i];
        assert.deepEqual(
          mp.objects.map((r) => ({ ...r })),
          pages[i].map((e) => ({
            id: e.object.id,
            date_added: taxiiTime(e.dateAdded),
            version: versionOf(e),
            media_type: 'application/stix+json;version=2.1',
          })),
        );
        assert.deepEqual(
          mp.objects.map((r) => r.id),
          op.objects.map((o) => o.id),
        );
        for (const r of mp.objects) assert.match(r.date_added as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
        assert.equal(mp.first, op.first);
        assert.equal(mp.last, op.last);
        assert.equal(mp.objects[0]?.date_added, op.first);
      });
    }
  });

  it('after a second ingest, added_after = the last X-TAXII-Date-Added-Last brings exactly the new objects', async () => {
    const atA = await ingestedAt(t.db, org.orgId);
    while (Date.now() <= Math.max(...atA.values())) await sleep(2);
    assert.equal((await ingest(t.app, org.ingest, BATCH_B)).json().accepted, BATCH_B.length);
    settled();
    const at = await ingestedAt(t.db, org.orgId);
    const addedAfter = Date.parse(firstPollLast!);
    const items = expectedItems(org.orgId, [...BATCH_A, ...BATCH_B], at, addedAfter);
    // Only B's calls (one batch), opened by the static objects; B1 repeats A's account, brand
    // and indicator, which come again as new versions (the last call revealing them is B1).
    assert.deepEqual([...new Set(items.map((i) => i.dateAdded))], [at.get('TX-B1')]);
    assert.deepEqual(
      items.slice(0, 3).map((i) => i.object.type),
      ['identity', 'extension-definition', 'marking-definition'],
    );
    assert.ok(items.some((i) => i.object.type === 'indicator' && i.object.pattern === "[bank-account:account_number = '12345678']"));
    for (const limit of [3, 100]) {
      const polled = await poll(t, org.read, `${base}/objects/?limit=${limit}&added_after=${encodeURIComponent(firstPollLast!)}`);
      assertPages(polled, expectedPages(items, limit), limit);
    }
    // The whole collection now: A then B, and nothing after B.
    const everything = expectedItems(org.orgId, [...BATCH_A, ...BATCH_B], at);
    assertPages(await poll(t, org.read, `${base}/objects/?limit=9`), expectedPages(everything, 9), 9);
    const later = await taxiiGet(t.app, org.read, `${base}/objects/?added_after=${taxiiTime(at.get('TX-B1')!)}`);
    assert.deepEqual(later.json(), { more: false });
  });

  it('every object served validates against the OASIS STIX 2.1 schemas, once, and every reference resolves in the collection', async () => {
    const served = (await poll(t, org.read, `${base}/objects/?limit=13`)).pages.flatMap((p) => p.objects);
    assert.deepEqual(schemaErrors(served as Obj[]), []);
    assert.equal(new Set(served.map((o) => o.id)).size, served.length, 'each object once (one version each here)');
    assert.deepEqual(bundleProblems(served as Obj[]), []);
  });

  it('match[type] and match[id] filter; get an object by id', async () => {
    const at = await ingestedAt(t.db, org.orgId);
    const everything = expectedItems(org.orgId, [...BATCH_A, ...BATCH_B], at);
    const indicators = everything.filter((i) => i.object.type === 'indicator' || i.object.type === 'sighting');
    const polled = await poll(t, org.read, `${base}/objects/?match[type]=indicator,sighting&limit=2`);
    assertPages(polled, expectedPages(indicators, 2), 2);
    // Repeated parameters add up.
    const same = await poll(t, org.read, `${base}/objects/?match[type]=indicator&match[type]=sighting&limit=2`);
    assert.deepEqual(same.pages, polled.pages);

    const account = everything.find((i) => i.object.type === 'indicator' && String(i.object.pattern).includes('12345678'))!;
    const one = await taxiiGet(t.app, org.read, `${base}/objects/${account.object.id}/`);
    assert.equal(one.statusCode, 200, one.body);
    // Three calls carry it (A0, A1, B1): it is added with the last, at that version.
    assert.deepEqual(one.json(), { more: false, objects: [account.object] });
    assert.equal(one.headers['x-taxii-date-added-first'], taxiiTime(at.get('TX-B1')!));
    assert.equal(account.object.modified, new Date(at.get('TX-B1')!).toISOString());
    const versions = await taxiiGet(t.app, org.read, `${base}/objects/${account.object.id}/versions/`);
    assert.equal(versions.statusCode, 200, versions.body);
    assert.deepEqual(versions.json(), { more: false, versions: [account.version] });
    const noVersions = await taxiiGet(t.app, org.read, `${base}/objects/indicator--00000000-0000-4000-8000-000000000000/versions/`);
    assert.equal(noVersions.statusCode, 404);
    const sightings = everything.filter((i) => i.object.type === 'sighting');
    const withSighting = everything.filter((i) => i.object.id === account.object.id || i.object.type === 'sighting');
    const ids = [account.object.id, ...new Set(sightings.map((i) => i.object.id))];
    assertPages(await poll(t, org.read, `${base}/objects/?match[id]=${ids.join(',')}&limit=2`), expectedPages(withSighting, 2), 2);

    const byId = await poll(t, org.read, `${base}/objects/?match[id]=${account.object.id}`);
    assert.deepEqual(
      byId.pages.map((p) => p.objects),
      [[account.object]],
    );
    const v = await taxiiGet(t.app, org.read, `${base}/objects/${account.object.id}/?match[version]=${versionOf(account)}`);
    assert.equal(v.json().objects.length, 1);
    const otherVersion = await taxiiGet(t.app, org.read, `${base}/objects/${account.object.id}/?match[version]=2020-01-01T00:00:00Z`);
    assert.equal(otherVersion.statusCode, 404);
    for (const w of ['last', 'first', 'all']) {
      assert.deepEqual((await taxiiGet(t.app, org.read, `${base}/objects/${account.object.id}/?match[version]=${w}`)).json(), one.json());
    }
    assert.equal((await taxiiGet(t.app, org.read, `${base}/objects/${account.object.id}/?match[spec_version]=2.1`)).statusCode, 200);
    assert.equal((await taxiiGet(t.app, org.read, `${base}/objects/${account.object.id}/?match[spec_version]=2.0`)).statusCode, 404);

    const missing = await taxiiGet(t.app, org.read, `${base}/objects/indicator--00000000-0000-4000-8000-000000000000/`);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().http_status, '404');
  });

  it('a re-ingested call moves to the end with its new date_added', async () => {
    const atBefore = await ingestedAt(t.db, org.orgId);
    while (Date.now() <= Math.max(...atBefore.values())) await sleep(2);
    assert.equal((await ingest(t.app, org.ingest, [BATCH_A[2]])).json().updated, 1);
    settled();
    const at = await ingestedAt(t.db, org.orgId);
    assert.ok(at.get('TX-A2')! > atBefore.get('TX-B2')!);
    const since = await poll(t, org.read, `${base}/objects/?added_after=${taxiiTime(atBefore.get('TX-B2')!)}`);
    assert.deepEqual(
      since.pages.flatMap((p) => p.objects),
      // A2's wallet indicator keeps its first sighting (A2's first ingest): created never moves.
      expectedItems(org.orgId, [...BATCH_A, ...BATCH_B], at, atBefore.get('TX-B2')!, { first: atBefore }).map((i) => i.object),
    );
    assert.ok(since.pages[0].objects.some((o) => o.type === 'observed-data'));
  });
});
