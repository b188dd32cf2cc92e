// The pure stages of the call list: filter parse, canonical form, saved-search merge, cursor.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalFilters, mergeFilters, parseCallFilters, pickFilters } from '../../src/domain/callFilters.js';
import { ApiError } from '../../src/errors.js';
import { decodeCursor, encodeCursor } from '../../src/features/calls/cursor.js';

const NOW = new Date('2026-11-20T14:00:00Z');

describe('parseCallFilters', () => {
  it('resolves the window and normalises values', () => {
    const f = parseCallFilters(
      { q: 'Gift CARD', impersonated_brand: [' Amazon', 'amazon', 'PayPal'], tier: [3, 1, 3], hooked: false, min_duration_sec: 0 },
      NOW,
    );
    assert.equal(f.window.start.toISOString(), '2026-11-13T14:00:00.000Z');
    assert.equal(f.window.label, '7d');
    assert.equal(f.q, 'gift card');
    assert.deepEqual(f.values, { impersonated_brand: ['amazon', 'paypal'] });
    assert.deepEqual(f.tiers, [1, 3]);
    assert.equal(f.hooked, false);
    assert.equal(f.minDurationSec, 0);
    assert.equal(f.maxDurationSec, null);
  });

  it('has no filters when none are given', () => {
    const f = parseCallFilters({}, NOW);
    assert.deepEqual([f.q, f.values, f.tiers, f.hooked, f.minDurationSec, f.maxDurationSec], [null, {}, null, null, null, null]);
  });

  it('rejects min > max with a field path under `at`', () => {
    assert.throws(
      () => parseCallFilters({ min_duration_sec: 2, max_duration_sec: 1 }, NOW, 'body.filters'),
      (e: unknown) => e instanceof ApiError && e.code === 'validation_failed' && e.errors?.[0].path === 'body.filters.min_duration_sec',
    );
    assert.doesNotThrow(() => parseCallFilters({ min_duration_sec: 5, max_duration_sec: 5 }, NOW));
  });

  it('reports a bad window as invalid_range', () => {
    assert.throws(() => parseCallFilters({ range: '0d' }, NOW), (e: unknown) => e instanceof ApiError && e.code === 'invalid_range');
  });
});

describe('canonicalFilters, pickFilters, mergeFilters', () => {
  it('keeps only filter names, in order, trimmed and de-duplicated', () => {
    const q = { limit: 50, cursor: 'x', saved_search_id: 'a', tier: [2, 1, 2], caller_state: ['ny', ' ny'], q: ' x ' };
    assert.deepEqual(pickFilters(q), { tier: [2, 1, 2], caller_state: ['ny', ' ny'], q: ' x ' });
    const c = canonicalFilters(q as never);
    assert.deepEqual(c, { q: ' x ', caller_state: ['ny'], tier: [1, 2] });
    assert.deepEqual(Object.keys(c), ['q', 'caller_state', 'tier']);
  });

  it('explicit filters replace saved ones by name; window params as a group', () => {
    const saved = { range: '30d', impersonated_brand: ['Amazon'], hooked: true };
    assert.deepEqual(mergeFilters(saved, {}), saved);
    assert.deepEqual(mergeFilters(saved, { impersonated_brand: ['PayPal'] }), { range: '30d', impersonated_brand: ['PayPal'], hooked: true });
    assert.deepEqual(mergeFilters(saved, { start: '2026-11-01' }), { impersonated_brand: ['Amazon'], hooked: true, start: '2026-11-01' });
    assert.deepEqual(mergeFilters({ start: '2026-11-01', end: '2026-11-02' }, { range: '24h' }), { range: '24h' });
  });
});

describe('cursor', () => {
  it('round-trips', () => {
    const pos = { startedAt: 1_795_000_000_123, callSid: 'CA-9f_0' };
    assert.deepEqual(decodeCursor(encodeCursor(pos)), pos);
    assert.match(encodeCursor(pos), /^[A-Za-z0-9_-]+$/);
  });

  it('rejects anything it did not issue', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const raw of ['', '!!', b64('[1,"a"]') + '=', b64('[1,"a",2]'), b64('[-0.5,"a"]'), b64('[1,""]'), b64('{"0":1}'), b64(' [1,"a"]')]) {
      assert.throws(() => decodeCursor(raw), (e: unknown) => e instanceof ApiError && e.code === 'validation_failed', raw);
    }
  });
});
