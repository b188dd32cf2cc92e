// validity beside the indicators: every tier-1 row of GET /api/kpis/tier1, the
// call detail's extraction and the tier-1 webhook data say whether the routing number and the
// wallet pass their checksums; null when absent or not judgeable. The CSV keeps its columns.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { callEventData } from '../../src/delivery/events.js';
import { CALL_EVENTS } from '../../src/domain/events.js';
import { TIER1_ROW_FIELDS } from '../../src/storage/queries/tier1.js';
import { get, ingest, newOrg, type OrgKeys, type TestApp, testApp } from '../helpers/app.js';

const NOW = new Date('2026-11-20T14:00:00Z');

/** Each call's indicators and the validity worked out by hand from the published examples. */
const CASES = [
  // 021000021: JPMorgan Chase's published routing number; BIP-173's v0 address.
  { sid: 'V-ok', routing: '021000021', wallet: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', chain: 'BTC', want: [true, true] },
  // One digit changed; BIP-173's "invalid checksum" address.
  { sid: 'V-bad', routing: '021000022', wallet: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', chain: 'bitcoin', want: [false, false] },
  // EIP-55's example with no chain given (inferred); no routing number.
  { sid: 'V-eth', routing: null, wallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', chain: null, want: [null, true] },
  // The same example with one letter's case flipped, named as ERC-20.
  { sid: 'V-eth-bad', routing: null, wallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', chain: 'USDT-ERC20', want: [null, false] },
  // The USDT TRC-20 contract; a bank account with no routing number.
  { sid: 'V-tron', routing: null, wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', chain: 'TRC20', want: [null, true] },
  // A chain we do not check: not judged. Spaces inside a routing number are ignored.
  { sid: 'V-xmr', routing: '021 000 021', wallet: '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7ot', chain: 'Monero', want: [true, null] },
  // Neither indicator: a gift-card tier-1 call.
  { sid: 'V-none', routing: null, wallet: null, chain: null, want: [null, null] },
] as const;

const expected = (c: (typeof CASES)[number]) => ({ mule_bank_routing_number: c.want[0], crypto_wallet_address: c.want[1] });

describe('validity of indicators in the API', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    org = await newOrg(t.app, 'pro', 'Validity');
    const records = CASES.map((c, i) => ({
      call_sid: c.sid,
      started_at: new Date(NOW.getTime() - (i + 1) * 60_000).toISOString(),
      duration_sec: 90,
      extraction: {
        mule_bank_name: 'TD Bank',
        mule_bank_routing_number: c.routing,
        crypto_wallet_address: c.wallet,
        crypto_chain: c.chain,
        gift_card_brand: c.sid === 'V-none' ? 'Apple' : null,
      },
    }));
    const res = await ingest(t.app, org.ingest, records);
    assert.equal(res.json().accepted, CASES.length, res.body);
  });
  after(() => t.close());

  it('every tier-1 row carries validity', async () => {
    const body = (await get(t.app, org.read, '/api/kpis/tier1?range=24h')).json();
    assert.equal(body.items.length, CASES.length);
    for (const c of CASES) {
      const row = body.items.find((r: { call_sid: string }) => r.call_sid === c.sid);
      assert.deepEqual(row.validity, expected(c), c.sid);
      assert.equal(row.crypto_wallet_address, c.wallet); // the value itself is kept as given
    }
  });

  it('the call detail extraction carries validity; a call without extraction has none', async () => {
    for (const c of CASES) {
      const call = (await get(t.app, org.read, `/api/calls/${c.sid}`)).json();
      assert.deepEqual(call.extraction.validity, expected(c), c.sid);
    }
    await ingest(t.app, org.ingest, { call_sid: 'V-noext', started_at: NOW.toISOString(), duration_sec: 5 });
    assert.equal((await get(t.app, org.read, '/api/calls/V-noext')).json().extraction, null);
  });

  it('the CSV export keeps exactly its header, without validity', async () => {
    const res = await get(t.app, org.read, '/api/exports/tier1?range=24h');
    assert.equal(res.statusCode, 200);
    assert.equal(res.body.split('\r\n')[0], TIER1_ROW_FIELDS.join(','));
    assert.doesNotMatch(res.body, /validity|true|false/);
  });
});

describe('validity in tier-1 webhook data', () => {
  it('data is the tier-1 row with validity; call.hooked data is unchanged', () => {
    const row = {
      call_sid: 'CA1',
      started_at: NOW.getTime(),
      duration_sec: 60,
      persona: 'margaret',
      caller_state: 'NY',
      tier: 1,
      hooked: true,
      auditor_confidence: 0.9,
      impersonated_brand: 'Amazon',
      lure_category: 'REFUND',
      payment_method: 'wire',
      mule_bank_name: 'TD Bank',
      mule_bank_routing_number: '021000021',
      mule_bank_account_number: '123',
      mule_account_holder_name: null,
      crypto_wallet_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u',
      crypto_chain: 'tron',
      gift_card_brand: null,
      physical_mule_drop_address: null,
    };
    const mule = CALL_EVENTS.find((e) => e.type === 'tier1.mule_account_extracted')!;
    const data = callEventData(mule, row);
    assert.deepEqual(Object.keys(data), [...TIER1_ROW_FIELDS, 'validity']);
    // The TRON address has its last character changed from the USDT contract's: its checksum fails.
    assert.deepEqual(data.validity, { mule_bank_routing_number: true, crypto_wallet_address: false });
    const hooked = CALL_EVENTS.find((e) => e.type === 'call.hooked')!;
    assert.deepEqual(Object.keys(callEventData(hooked, row)), [
      'call_sid',
      'call_started_at',
      'duration_sec',
      'persona',
      'caller_state',
      'tier',
      'auditor_confidence',
      'impersonated_brand',
      'lure_category',
      'payment_method',
    ]);
  });
});
