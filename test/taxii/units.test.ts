// Pieces of the TAXII server on their own: Accept parsing, the `next` cursor's
// tamper check, and the per-request scan bound of the collection reader (a filter matching
// little gives short pages with `next` instead of reading the whole org in one request).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeNext, encodeNext } from '../../src/features/taxii/cursor.js';
import { NO_FILTERS, readPage, type Item } from '../../src/features/taxii/feed.js';
import { acceptsTaxii, isTaxiiContentType } from '../../src/features/taxii/negotiation.js';
import type { Principal } from '../../src/domain/principal.js';
import { DEFAULT_MARKING } from '../../src/intel/stix/index.js';
import { ingest, newOrg, testApp, type TestApp } from '../helpers/app.js';
import { BATCH_A, expectedItems, ingestedAt } from './fixture.js';

describe('Accept: does it allow application/taxii+json;version=2.1?', () => {
  const cases: [string | undefined, boolean][] = [
    [undefined, true],
    ['', true],
    ['  ', true],
    ['*/*', true],
    ['application/*', true],
    ['application/taxii+json', true],
    ['application/taxii+json;version=2.1', true],
    ['application/taxii+json ; version = 2.1', true], // spaces around "=" are not RFC 9110's, but harmless
    ['application/taxii+json;version="2.1"', true],
    ['application/taxii+json;version=2.1;q=1.000', true],
    ['application/taxii+json;version=2.1;q=0.001', true],
    ['application/taxii+json;version=2.1;q=0', false],
    ['application/taxii+json;version=2.1;q=0.000, */*', false], // the most specific range decides
    ['application/taxii+json;q=0, application/taxii+json;version=2.1', true],
    ['application/taxii+json;version=2.1;q=2', false], // not a qvalue: the range is ignored
    ['application/taxii+json;version=2.0', false],
    ['application/taxii+json;version=2.1;charset=utf-8', false],
    ['application/json', false],
    ['text/*, application/json', false],
    ['*/json', false],
    ['application/taxii+json;version="2.1, x"', false],
    ['text/plain;a="x,y", application/taxii+json', true], // a comma inside quotes does not split
    ['application/taxii+json;version=', false],
    ['application/taxii+json;version="2.1', false],
    [',,,', false],
  ];
  for (const [accept, ok] of cases) {
    it(`${JSON.stringify(accept)} → ${ok}`, () => assert.equal(acceptsTaxii(accept), ok));
  }

  it('Content-Type: TAXII with version 2.1 or none', () => {
    assert.equal(isTaxiiContentType('application/taxii+json;version=2.1'), true);
    assert.equal(isTaxiiContentType('application/taxii+json'), true);
    assert.equal(isTaxiiContentType('application/taxii+json;version=2.0'), false);
    assert.equal(isTaxiiContentType('application/json'), false);
    assert.equal(isTaxiiContentType('*/*'), false);
  });
});

describe('next: only what we issued, for the filters it was issued with', () => {
  const c = { ingestedAt: 1_790_000_000_123, callSid: 'CA-1_x', skip: 3 };

  it('round-trips', () => {
    assert.deepEqual(decodeNext(encodeNext(c, 'bind'), 'bind'), c);
    const first = { ingestedAt: 5, callSid: '', skip: 0 };
    assert.deepEqual(decodeNext(encodeNext(first, 'b'), 'b'), first);
  });

  it('refuses any change, another binding, and values we never issue', () => {
    const next = encodeNext(c, 'bind');
    assert.throws(() => decodeNext(next, 'other'), /another collection/);
    for (let i = 0; i < next.length; i++) {
      const ch = next[i] === 'A' ? 'B' : 'A';
      assert.throws(() => decodeNext(next.slice(0, i) + ch + next.slice(i + 1), 'bind'), /next is not valid/, `position ${i}`);
    }
    assert.throws(() => decodeNext(`${next}A`, 'bind'), /next is not valid/);
    for (const bad of [
      { ingestedAt: -1, callSid: 'a', skip: 0 },
      { ingestedAt: 1.5, callSid: 'a', skip: 0 },
      { ingestedAt: 1, callSid: 'a b', skip: 0 },
      { ingestedAt: 1, callSid: 'a', skip: -1 },
      { ingestedAt: 1, callSid: 'a', skip: 10_001 },
    ]) {
      assert.throws(() => decodeNext(encodeNext(bad, 'bind'), 'bind'), /next is not valid/, JSON.stringify(bad));
    }
  });
});

describe('the collection reader reads a bounded number of calls per request', () => {
  let t: TestApp;
  let principal: Principal;
  before(async () => {
    t = await testApp();
    const org = await newOrg(t.app, 'pro');
    await ingest(t.app, org.ingest, BATCH_A);
    principal = { orgId: org.orgId, tier: 'pro', keyId: 'k', role: 'read', scope: null };
  });
  after(() => t.close());

  it('a filter matching the last call only: one call per page, next to the end', async () => {
    const at = await ingestedAt(t.db, principal.orgId);
    const items = expectedItems(principal.orgId, BATCH_A, at);
    const target = items.filter((i) => i.object.type === 'observed-data').at(-1)!.object.id;
    const tier1Calls = BATCH_A.filter((c) => Object.keys(c.extraction).some((f) => /mule|crypto|gift/.test(f))).length;
    const found: Item[] = [];
    let start = null;
    let pages = 0;
    for (;;) {
      const page = await readPage({
        db: t.db,
        principal,
        marking: DEFAULT_MARKING,
        addedAfter: null,
        limit: 10,
        start,
        filters: { ...NO_FILTERS, ids: new Set([target]) },
        now: Date.now() + 60_000,
        scanCalls: 1,
      });
      pages++;
      found.push(...page.items);
      if (!page.more) break;
      assert.ok(page.next);
      start = page.next;
    }
    assert.deepEqual(
      found.map((i) => i.object.id),
      [target],
    );
    // One call a page, then one that finds nothing left.
    assert.equal(pages, tier1Calls + 1);
  });
});
