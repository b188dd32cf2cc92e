// The pure stages of the call list: filter parse, canonical form, saved-search merge, cursor,
// match snippet.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalFilters, mergeFilters, parseCallFilters, pickFilters } from '../../src/domain/callFilters.js';
import { ApiError } from '../../src/errors.js';
import { MAX_CURSOR_LENGTH, decodeCursor, encodeCursor } from '../../src/features/calls/cursor.js';
import { CALL_SORTS } from '../../src/storage/queries/calls.js';
import type { KeyValue, SortOrder } from '../../src/storage/queries/keyset.js';
import { TIER1_SORTS } from '../../src/storage/queries/tier1.js';
import { SNIPPET_MAX, excerpt, matchIn, snippetOf } from '../../src/domain/snippet.js';

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
    assert.throws(
      () => parseCallFilters({ range: '0d' }, NOW),
      (e: unknown) => e instanceof ApiError && e.code === 'invalid_range',
    );
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
    assert.deepEqual(mergeFilters(saved, { impersonated_brand: ['PayPal'] }), {
      range: '30d',
      impersonated_brand: ['PayPal'],
      hooked: true,
    });
    assert.deepEqual(mergeFilters(saved, { start: '2026-11-01' }), { impersonated_brand: ['Amazon'], hooked: true, start: '2026-11-01' });
    assert.deepEqual(mergeFilters({ start: '2026-11-01', end: '2026-11-02' }, { range: '24h' }), { range: '24h' });
  });
});

describe('cursor', () => {
  const byTime = CALL_SORTS.get('-started_at')!;
  const byConfidence = CALL_SORTS.get('auditor_confidence')!;
  const byBank = TIER1_SORTS.get('-mule_bank_name')!;

  it('round-trips a position of every key kind, nulls where a key may be null', () => {
    const cases: [SortOrder, KeyValue[]][] = [
      [byTime, [1_795_000_000_123, 'CA-9f_0']],
      [byConfidence, [0.30000000000000004, 1_795_000_000_123, 'x']],
      [byConfidence, [null, 1, 'x']],
      [byBank, ['Banco "Ñ" \\ 💳 \u0001', 2, 'y']],
      [byBank, [null, 2, 'y']],
      [byBank, ['b'.repeat(512), 2, 'y'.repeat(64)]],
    ];
    for (const [order, pos] of cases) {
      const raw = encodeCursor(order, pos);
      assert.match(raw, /^[A-Za-z0-9_-]+$/);
      assert.ok(raw.length <= MAX_CURSOR_LENGTH);
      assert.deepEqual(decodeCursor(raw, order), pos);
    }
    // The longest text a position can hold, escaped at 6 bytes a character, still fits.
    assert.ok(encodeCursor(byBank, ['\u0001'.repeat(512), Number.MAX_SAFE_INTEGER, 'y'.repeat(64)]).length <= MAX_CURSOR_LENGTH);
  });

  it('is bound to its sort', () => {
    const raw = encodeCursor(byTime, [1, 'a']);
    const asc = CALL_SORTS.get('started_at')!;
    assert.throws(
      () => decodeCursor(raw, asc),
      (e: unknown) => e instanceof ApiError && e.code === 'validation_failed' && /another sort/.test(e.message),
    );
    assert.throws(() => decodeCursor(encodeCursor(byBank, ['x', 1, 'a']), TIER1_SORTS.get('mule_bank_name')!), ApiError);
  });

  it('rejects anything it did not issue', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    const bad: [string, SortOrder][] = [
      ['', byTime],
      ['!!', byTime],
      [b64('["-started_at",1,"a"]') + '=', byTime],
      [b64('["-started_at",1,"a",2]'), byTime],
      [b64('["-started_at",-0.5,"a"]'), byTime],
      [b64('["-started_at",1,""]'), byTime],
      [b64('["-started_at",null,"a"]'), byTime], // started_at is never null
      [b64('["-started_at",1,"bad sid"]'), byTime],
      [b64('[1,"a"]'), byTime], // the old two-value form
      [b64('{"0":1}'), byTime],
      [b64(' ["-started_at",1,"a"]'), byTime],
      [b64('["-started_at", 1,"a"]'), byTime],
      [b64('["auditor_confidence","0.5",1,"a"]'), byConfidence],
      [b64('["-mule_bank_name",5,1,"a"]'), byBank],
      [b64(`["-mule_bank_name","${'b'.repeat(513)}",1,"a"]`), byBank],
      // Values no stored row holds: NUL or a lone surrogate in text, numbers past the column.
      [b64('["-mule_bank_name","a\\u0000b",1,"a"]'), byBank],
      [b64('["-mule_bank_name","\\ud800",1,"a"]'), byBank],
      [b64('["auditor_confidence",1e308,1,"a"]'), byConfidence],
      [b64('["-started_at",1e308,"a"]'), byTime],
      ['A'.repeat(MAX_CURSOR_LENGTH + 4), byTime],
    ];
    for (const [raw, order] of bad) {
      assert.throws(
        () => decodeCursor(raw, order),
        (e: unknown) => e instanceof ApiError && e.code === 'validation_failed',
        raw.slice(0, 80),
      );
    }
  });
});

describe('snippet', () => {
  it('maps a match found in lower-cased text back to the original, also when lower-casing lengthens it', () => {
    // 'İ' lower-cases to two units ('i̇'): offsets after it shift by one in the lower-cased text.
    const text = 'İstanbul GIFT card';
    assert.deepEqual(matchIn(text, 'gift'), { start: 9, end: 13 });
    assert.equal(text.slice(9, 13), 'GIFT');
    // A match that starts inside the lengthened character covers all of it.
    assert.deepEqual(matchIn(text, '\u0307stan'), { start: 0, end: 5 });
    assert.equal(matchIn(text, 'nope'), null);
    assert.deepEqual(matchIn('💳 Card', 'card'), { start: 3, end: 7 });
  });

  it('takes the first matching turn, and null when no single turn holds q', () => {
    const turns = [
      { speaker: 'persona' as const, text: 'who is this' },
      { speaker: 'caller' as const, text: 'Buy a GIFT card' },
      { speaker: 'persona' as const, text: 'a gift?' },
    ];
    assert.deepEqual(snippetOf(turns, 'gift'), { speaker: 'caller', text: 'Buy a GIFT card', match_start: 6, match_length: 4 });
    assert.equal(snippetOf(turns, 'this\nbuy'), null);
  });

  it('cuts long text to 160 units around the match, never splitting a surrogate pair', () => {
    const text = `${'🏦'.repeat(100)}MATCH${'💳'.repeat(100)}`;
    const m = matchIn(text, 'match')!;
    const s = excerpt(text, m.start, m.end);
    assert.ok(s.text.length <= SNIPPET_MAX);
    assert.equal(s.text.slice(s.match_start, s.match_start + s.match_length), 'MATCH');
    assert.ok(s.text.startsWith('…🏦') && s.text.endsWith('💳…'), s.text);
    assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s.text), 'no lone surrogate');
    // A match longer than the excerpt is cut to what fits.
    const long = excerpt('a'.repeat(50) + 'b'.repeat(300), 50, 350);
    assert.equal(long.text.length, SNIPPET_MAX);
    assert.equal(long.text.slice(long.match_start, long.match_start + long.match_length), 'b'.repeat(158));
    // Near the end, the window slides back so the excerpt stays full.
    const end = excerpt('a'.repeat(300) + 'END', 300, 303);
    assert.equal(end.text, `…${'a'.repeat(155)}END`);
    assert.equal(end.match_start, 156);
  });
});
