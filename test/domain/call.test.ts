import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasIntel, INTEL_FIELDS, isHooked, tierOf, type Extraction } from '../../src/domain/call.js';
import { validateCallRecord } from '../../src/domain/ingestRecord.js';
import { canonicalScope, inScope, parseScope, scopeJson } from '../../src/domain/scope.js';
import { ApiError } from '../../src/errors.js';

const empty = (): Extraction =>
  ({
    ...Object.fromEntries(INTEL_FIELDS.map((f) => [f, null])),
    auditor_confidence: null,
    dollar_asks: [],
    dollars_dangled: null,
  }) as unknown as Extraction;
const withFields = (fields: Partial<Extraction>): Extraction => ({ ...empty(), ...fields });

test('tiers are exclusive and the highest wins', () => {
  assert.equal(tierOf(null), null);
  assert.equal(tierOf(empty()), null);
  assert.equal(tierOf(withFields({ impersonated_brand: 'Amazon' })), 3);
  assert.equal(tierOf(withFields({ lure_category: 'REFUND' })), 3);
  assert.equal(tierOf(withFields({ impersonated_brand: 'Amazon', payment_method: 'zelle' })), 2);
  assert.equal(tierOf(withFields({ impersonated_government_agency: 'IRS' })), 2);
  assert.equal(tierOf(withFields({ phishing_url: 'x.example' })), 2);
  assert.equal(tierOf(withFields({ remote_desktop_app: 'AnyDesk', gift_card_brand: 'Apple' })), 1);
  for (const f of [
    'mule_bank_name',
    'mule_bank_routing_number',
    'mule_bank_account_number',
    'mule_account_holder_name',
    'crypto_wallet_address',
    'crypto_chain',
    'gift_card_brand',
    'physical_mule_drop_address',
  ] as const) {
    assert.equal(tierOf(withFields({ [f]: 'x' })), 1, f);
  }
  // synthetic_org and fake_agent_name are intel but give no tier
  assert.equal(tierOf(withFields({ fake_agent_name: 'Kevin' })), null);
  assert.equal(hasIntel(withFields({ fake_agent_name: 'Kevin' })), true);
});

test('hooked needs at least 15 seconds and one intel field', () => {
  const intel = withFields({ synthetic_org: 'Refund Dept' });
  assert.equal(isHooked({ duration_sec: 15, extraction: intel }), true);
  assert.equal(isHooked({ duration_sec: 14, extraction: intel }), false);
  assert.equal(isHooked({ duration_sec: 600, extraction: empty() }), false);
  assert.equal(isHooked({ duration_sec: 600, extraction: null }), false);
});

test('scopes: parsed, validated, case-insensitive, null is outside', () => {
  const scope = parseScope({ impersonated_brand: [' Amazon ', 'PayPal'], caller_state: ['ny'] });
  assert.deepEqual(scope, { impersonated_brand: ['amazon', 'paypal'], caller_state: ['ny'] });
  assert.equal(inScope(scope, { impersonated_brand: 'AMAZON', caller_state: 'NY' }), true);
  assert.equal(inScope(scope, { impersonated_brand: 'Apple', caller_state: 'NY' }), false);
  assert.equal(inScope(scope, { impersonated_brand: 'Amazon', caller_state: null }), false);
  assert.equal(inScope(null, {}), true);
  assert.equal(parseScope(null), null);
  for (const bad of [{ colour: ['red'] }, { persona: [] }, { persona: 'margaret' }, { persona: [''] }, [1], 'x']) {
    assert.throws(
      () => parseScope(bad),
      (e: unknown) => e instanceof ApiError && e.code === 'validation_failed',
      JSON.stringify(bad),
    );
  }
});

test('scopes: one canonical spelling, stored as JSON in a fixed order', () => {
  // Dimensions in SCOPE_DIMENSIONS order (not alphabetical, not as given), values trimmed,
  // lower-cased, de-duplicated and sorted.
  const given = { persona: ['Margaret'], caller_state: ['TX', ' ny', 'tx'], impersonated_brand: ['PayPal', 'amazon'] };
  assert.deepEqual(canonicalScope(given), { impersonated_brand: ['amazon', 'paypal'], caller_state: ['ny', 'tx'], persona: ['margaret'] });
  const json = '{"impersonated_brand":["amazon","paypal"],"caller_state":["ny","tx"],"persona":["margaret"]}';
  assert.equal(scopeJson(given), json);
  // A key created with the parsed scope stores the same text, however the scope was written.
  assert.equal(
    scopeJson(parseScope({ caller_state: ['ny', 'TX'], persona: ['MARGARET'], impersonated_brand: ['Amazon', 'paypal '] })),
    json,
  );
  assert.equal(canonicalScope(null), null);
  assert.equal(scopeJson(null), null);
});

test('ingest records: normalised strings, defaults and per-field errors', () => {
  const ok = validateCallRecord({
    call_sid: 'CA_1-x',
    started_at: '2026-11-20T09:03:11-05:00',
    duration_sec: 20,
    caller_id: '  +12025550143 ',
    persona: '',
    extraction: { impersonated_brand: '  Amazon  ', lure_category: 'REFUND', fake_agent_name: '   ', dollar_asks: [5, 0.5] },
  });
  assert.ok(ok.ok);
  if (!ok.ok) return;
  assert.equal(ok.record.started_at.toISOString(), '2026-11-20T14:03:11.000Z');
  assert.equal(ok.record.caller_id, '+12025550143');
  assert.equal(ok.record.persona, null);
  assert.equal(ok.record.extraction?.impersonated_brand, 'Amazon');
  assert.equal(ok.record.extraction?.fake_agent_name, null);
  assert.equal(ok.record.extraction?.mule_bank_name, null);
  assert.equal(ok.record.extraction?.auditor_confidence, null);
  assert.deepEqual(ok.record.extraction?.dollar_asks, [5, 0.5]);

  const cases: [unknown, string][] = [
    [{ call_sid: 'CA1', started_at: '2026-11-20 14:03:11', duration_sec: 1 }, 'started_at'],
    [{ call_sid: 'CA1', started_at: '2026-02-30T00:00:00Z', duration_sec: 1 }, 'started_at'],
    [{ call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1.5 }, 'duration_sec'],
    [{ call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 86_401 }, 'duration_sec'],
    [{ call_sid: 'bad sid', started_at: '2026-11-20T14:03:11Z', duration_sec: 1 }, 'call_sid'],
    [{ call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1, colour: 'red' }, 'colour'],
    [{ call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1, disconnect_reason: 'bored' }, 'disconnect_reason'],
    [
      { call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1, extraction: { lure_category: 'refund' } },
      'extraction.lure_category',
    ],
    [
      { call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1, extraction: { auditor_confidence: 1.2 } },
      'extraction.auditor_confidence',
    ],
    [
      { call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1, extraction: { dollar_asks: [10, -1] } },
      'extraction.dollar_asks[1]',
    ],
    [
      { call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1, extraction: { crypto_chain: 'x'.repeat(513) } },
      'extraction.crypto_chain',
    ],
    [
      { call_sid: 'CA1', started_at: '2026-11-20T14:03:11Z', duration_sec: 1, transcript: [{ speaker: 'bot', text: 'hi' }] },
      'transcript[0].speaker',
    ],
    [{ started_at: '2026-11-20T14:03:11Z', duration_sec: 1 }, 'call_sid'],
  ];
  for (const [raw, path] of cases) {
    const r = validateCallRecord(raw);
    assert.equal(r.ok, false, path);
    if (!r.ok)
      assert.ok(
        r.errors.some((e) => e.path === path),
        `${path}: ${JSON.stringify(r.errors)}`,
      );
  }
});
