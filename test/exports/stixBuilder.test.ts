// The STIX builder without storage: UUIDv5 against published and independently computed
// vectors, pattern escaping, transcript excerpts, the dedupe set, one call's objects worked
// by hand (versions from the histories, STIX 2.1 §3.6; the TLP marking), and a streamed bundle
// against the OASIS STIX 2.1 schemas.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, scoId, uuidv5 } from '../../src/intel/stix/ids.js';
import { excerptFor, EXCERPT_MAX_CHARS } from '../../src/intel/stix/excerpt.js';
import { IdSet } from '../../src/intel/stix/idSet.js';
import { patternString, equalsPattern } from '../../src/intel/stix/pattern.js';
import { stixBundleChunks, type BundleStats } from '../../src/intel/stix/bundle.js';
import {
  DEFAULT_MARKING,
  EXTENSION_DEFINITION_ID,
  HONEYPOT_IDENTITY_ID,
  staticObjects,
  stixItemsForCall,
  stixObjectsForCall,
} from '../../src/intel/stix/index.js';
import type { StixCallInput } from '../../src/intel/stix/types.js';
import { bundleProblems, schemaErrors, type Obj } from '../fixtures/stix/check.js';

const DNS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const URL_NS = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';
const STIX_SCO = '00abedb4-aa42-466c-9c01-fed23315a9b7';

/** A STIX string literal read back by the grammar's rule: `\\` and `\'` are the escapes, a bare `'` ends it. */
function readLiteral(s: string): string {
  assert.equal(s[0], "'");
  let out = '';
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') {
      assert.ok(s[i + 1] === '\\' || s[i + 1] === "'", `bad escape at ${i}`);
      out += s[++i];
    } else if (s[i] === "'") {
      assert.equal(i, s.length - 1, 'literal ends early');
      return out;
    } else out += s[i];
  }
  throw new Error('unterminated literal');
}

const CALL: StixCallInput = {
  org_id: 'org1',
  call_sid: 'CA1',
  started_at_ms: Date.parse('2026-11-18T09:00:00Z'),
  duration_sec: 125,
  ingested_at_ms: Date.parse('2026-11-18T09:05:00.250Z'),
  caller_id: '+15551234567',
  impersonated_brand: 'Amazon',
  auditor_confidence: 0.874,
  mule_bank_name: 'Chase',
  mule_bank_routing_number: '021000021',
  mule_bank_account_number: "12'34\\5",
  mule_account_holder_name: 'John',
  crypto_wallet_address: 'bc1qxyz',
  crypto_chain: 'Bitcoin',
  excerpts: { account: { speaker: 'caller', offset_sec: 30, text: "wire it to 12'34\\5" }, wallet: null },
  history: {
    phone: null,
    bankAccount: null,
    wallet: null,
    brand: null,
    // First sighted on 1 Oct; last revealed by call CA9, ingested on the 19th.
    accountIndicator: {
      firstSeenMs: Date.parse('2026-10-01T08:00:00Z'),
      latest: { ingestedAt: Date.parse('2026-11-19T00:00:00Z'), callSid: 'CA9' },
    },
    walletIndicator: null,
    accountBrand: null,
    walletBrand: null,
  },
  marking: DEFAULT_MARKING,
};
const AMBER = 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421';

describe('stix ids', () => {
  it('UUIDv5 matches RFC 9562 A.4 and Python uuid.uuid5', () => {
    assert.equal(uuidv5('www.example.com', DNS), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
    assert.equal(uuidv5('https://example.com/ä', URL_NS), 'afdef7ba-7312-5e42-ac2d-ed60cef58139');
    assert.equal(uuidv5('{"value":"Zoë"}', STIX_SCO), '3f13fbc8-c476-519c-837f-f0d46eda0ed0');
  });

  it('SCO ids are STIX §2.9: JCS of the properties, sorted keys, nulls left out', () => {
    assert.equal(
      canonicalJson({ routing_number: '0', account_number: "a'\\", x: null }),
      '{"account_number":"a\'\\\\","routing_number":"0"}',
    );
    // Python: uuid5(STIX_SCO, json.dumps(props, separators=(',', ':'), sort_keys=True))
    assert.equal(scoId('phone-number', { value: '+15551234567' }), 'phone-number--5605a237-8488-59af-9dac-5345073ebc19');
    assert.equal(
      scoId('bank-account', { routing_number: '021000021', account_number: "12'34\\5", holder_name: 'John', bank_name: 'Chase' }),
      'bank-account--27507dde-ff52-5d38-bf28-1206d19845cc',
    );
    assert.equal(
      scoId('cryptocurrency-wallet', { value: 'bc1qxyz', chain: 'bitcoin' }),
      'cryptocurrency-wallet--29907f9b-1687-5ec6-a4c1-c1e369e60605',
    );
  });
});

describe('stix patterns', () => {
  it('escapes backslashes and quotes so the literal reads back', () => {
    assert.equal(patternString("a'b\\c"), "'a\\'b\\\\c'");
    assert.equal(equalsPattern('bank-account', 'account_number', "'"), "[bank-account:account_number = '\\'']");
    for (const v of ["'", '\\', "\\'", "'\\", 'plain', "x']) OR [a:b = 'y", "\\\\''", 'Zoë ✓']) {
      assert.equal(readLiteral(patternString(v)), v);
    }
  });
});

describe('transcript excerpts', () => {
  const turns = [
    { speaker: 'persona' as const, text: 'Hello, who is this?', offset_sec: 0 },
    { speaker: 'caller' as const, text: 'Send it to account 1234 5678 9 today', offset_sec: 42 },
    { speaker: 'caller' as const, text: 'My wallet is BC1QXYZ okay', offset_sec: 60 },
  ];
  it('finds the first turn holding the value, digits spoken apart, any case', () => {
    assert.deepEqual(excerptFor(turns, '123456789'), { speaker: 'caller', offset_sec: 42, text: 'Send it to account 1234 5678 9 today' });
    assert.deepEqual(excerptFor(turns, 'bc1qxyz'), { speaker: 'caller', offset_sec: 60, text: 'My wallet is BC1QXYZ okay' });
    assert.equal(excerptFor(turns, '999'), null);
    assert.equal(excerptFor(turns, null), null);
    assert.equal(excerptFor([{ speaker: 'caller', text: 'no offset bc1qxyz' }], 'bc1qxyz')?.offset_sec, null);
  });
  it('cuts a long turn around the match', () => {
    const text = `${'a'.repeat(1000)}WALLET${'b'.repeat(1000)}`;
    const e = excerptFor([{ speaker: 'caller', text }], 'wallet')!;
    assert.equal(e.text.length, EXCERPT_MAX_CHARS + 2);
    assert.ok(e.text.startsWith('…') && e.text.endsWith('…') && e.text.includes('WALLET'));
  });
});

describe('IdSet', () => {
  it('behaves as a Set of ids while it grows, types kept apart', () => {
    const s = new IdSet();
    const ref = new Set<string>();
    for (let i = 0; i < 50_000; i++) {
      const id = `${i % 3 ? 'indicator' : 'bank-account'}--${uuidv5(String(i % 20_000), DNS)}`;
      assert.equal(s.add(id), !ref.has(id));
      ref.add(id);
    }
    assert.equal(s.size, ref.size);
    const u = uuidv5('same', DNS);
    assert.equal(s.add(`phone-number--${u}`), true);
    assert.equal(s.add(`cryptocurrency-wallet--${u}`), true);
    assert.equal(s.add(`phone-number--${u}`), false);
    assert.ok(s.bytes <= 64 * (s.size + 1), `${s.bytes} bytes for ${s.size}`);
    assert.throws(() => s.add('nope'));
  });
});

describe('stixObjectsForCall', () => {
  it('one call worked by hand', () => {
    const objs = stixObjectsForCall(CALL) as Obj[];
    const byType = (t: string) => objs.filter((o) => o.type === t);
    assert.deepEqual(
      objs.map((o) => o.type),
      [
        'phone-number',
        'bank-account',
        'cryptocurrency-wallet',
        'identity',
        'indicator',
        'relationship',
        'indicator',
        'relationship',
        'observed-data',
        'sighting',
        'note',
        'sighting',
      ],
    );
    const [phone, account, wallet] = objs;
    assert.deepEqual(account, {
      type: 'bank-account',
      spec_version: '2.1',
      id: 'bank-account--27507dde-ff52-5d38-bf28-1206d19845cc',
      account_number: "12'34\\5",
      routing_number: '021000021',
      holder_name: 'John',
      bank_name: 'Chase',
      object_marking_refs: [AMBER],
      extensions: { [EXTENSION_DEFINITION_ID]: { extension_type: 'new-sco' } },
    });
    for (const o of objs) assert.deepEqual(o.object_marking_refs, [AMBER], o.id);
    assert.equal(wallet.chain, 'bitcoin');
    const [accountInd, walletInd] = byType('indicator');
    assert.equal(accountInd.pattern, "[bank-account:account_number = '12\\'34\\\\5']");
    assert.equal(walletInd.pattern, "[cryptocurrency-wallet:value = 'bc1qxyz']");
    // The account was first sighted on 1 Oct and last revealed by CA9 (modified: its ingest); the
    // wallet has no history: this call's ingest is both.
    assert.deepEqual(
      [accountInd.valid_from, accountInd.created, accountInd.modified],
      ['2026-10-01T08:00:00.000Z', '2026-10-01T08:00:00.000Z', '2026-11-19T00:00:00.000Z'],
    );
    assert.deepEqual([walletInd.valid_from, walletInd.created, walletInd.modified], Array(3).fill('2026-11-18T09:05:00.250Z'));
    assert.equal(walletInd.name, 'Scam call crypto wallet bc1qxyz');
    // Placement: the account indicator goes with CA9, the rest with this call.
    const owners = stixItemsForCall(CALL).map((i) => `${i.object.type}@${i.owner.callSid}`);
    assert.deepEqual(
      owners.filter((o) => !o.endsWith('@CA1')),
      ['indicator@CA9'],
    );
    const [od] = byType('observed-data');
    assert.deepEqual(
      [od.first_observed, od.last_observed, od.created, od.modified, od.number_observed, od.object_refs],
      [
        '2026-11-18T09:00:00.000Z',
        '2026-11-18T09:02:05.000Z',
        '2026-11-18T09:00:00.000Z',
        '2026-11-18T09:05:00.250Z',
        1,
        [phone.id, account.id, wallet.id],
      ],
    );
    const sightings = byType('sighting');
    assert.deepEqual(
      sightings.map((s) => [
        s.sighting_of_ref,
        s.observed_data_refs,
        s.where_sighted_refs,
        s.count,
        s.confidence,
        s.first_seen,
        s.last_seen,
      ]),
      [accountInd, walletInd].map((i) => [
        i.id,
        [od.id],
        [HONEYPOT_IDENTITY_ID],
        1,
        87,
        '2026-11-18T09:00:00.000Z',
        '2026-11-18T09:02:05.000Z',
      ]),
    );
    const [note] = byType('note');
    assert.equal(note.content, "caller at 30s: wire it to 12'34\\5");
    assert.deepEqual(note.object_refs, [od.id, accountInd.id, account.id]);
    const [brand] = byType('identity');
    assert.deepEqual([brand.name, brand.identity_class], ['Amazon', 'organization']);
    assert.deepEqual(
      byType('relationship').map((r) => [r.source_ref, r.relationship_type, r.target_ref]),
      [accountInd, walletInd].map((i) => [i.id, 'related-to', brand.id]),
    );
    for (const o of objs.filter((o) => !['phone-number', 'bank-account', 'cryptocurrency-wallet'].includes(o.type))) {
      assert.equal(o.created_by_ref, HONEYPOT_IDENTITY_ID, o.id);
    }
    const bundle = {
      type: 'bundle',
      id: 'bundle--6ba7b810-9dad-41d1-80b4-00c04fd430c8',
      objects: [...staticObjects(DEFAULT_MARKING), ...objs],
    };
    assert.deepEqual(schemaErrors(bundle), []);
    assert.deepEqual(bundleProblems(bundle.objects as Obj[]), []);
  });

  it('same values give the same ids; org and call change only what is theirs', () => {
    const a = stixObjectsForCall(CALL);
    assert.deepEqual(stixObjectsForCall({ ...CALL }), a);
    const other = stixObjectsForCall({ ...CALL, call_sid: 'CA2', started_at_ms: CALL.started_at_ms + 1000 });
    const ids = (objs: Obj[], t: string) => objs.filter((o) => o.type === t).map((o) => o.id);
    for (const t of ['phone-number', 'bank-account', 'cryptocurrency-wallet', 'identity', 'indicator'])
      assert.deepEqual(ids(other, t), ids(a, t), t);
    for (const t of ['observed-data', 'sighting', 'note']) assert.notDeepEqual(ids(other, t), ids(a, t), t);
    const otherOrg = stixObjectsForCall({ ...CALL, org_id: 'org2' });
    assert.deepEqual(ids(otherOrg, 'bank-account'), ids(a, 'bank-account'));
    assert.notDeepEqual(ids(otherOrg, 'indicator'), ids(a, 'indicator'));
  });

  it('nothing to observe gives nothing; an invalid wallet gets no indicator', () => {
    const none = { ...CALL, caller_id: null, mule_bank_account_number: null, mule_bank_routing_number: null, crypto_wallet_address: null };
    assert.deepEqual(stixObjectsForCall(none), []);
    const invalid = stixObjectsForCall({ ...CALL, validity: { mule_bank_routing_number: true, crypto_wallet_address: false } });
    assert.deepEqual(
      invalid.filter((o) => o.type === 'indicator').map((o) => o.pattern),
      ["[bank-account:account_number = '12\\'34\\\\5']"],
    );
    assert.ok(invalid.some((o) => o.type === 'cryptocurrency-wallet'));
    const routingOnly = stixObjectsForCall({
      ...CALL,
      mule_bank_account_number: null,
      crypto_wallet_address: null,
      caller_id: null,
      auditor_confidence: null,
    });
    assert.deepEqual(
      routingOnly.map((o) => o.type),
      ['bank-account', 'identity', 'observed-data'],
    );
  });
});

describe('stixBundleChunks', () => {
  it('writes each shared object once and every call', async () => {
    const calls = Array.from({ length: 30 }, (_, i) => ({
      ...CALL,
      call_sid: `C${i}`,
      caller_id: `+1555000${i % 4}`,
      crypto_wallet_address: i % 2 ? 'bc1qxyz' : `0x${i}`,
      impersonated_brand: i % 3 ? 'Amazon' : null,
    }));
    async function* pages() {
      for (let i = 0; i < calls.length; i += 7) yield calls.slice(i, i + 7);
    }
    const stats: BundleStats = { calls: 0, objects: 0, shared: 0, sharedBytes: 0 };
    let text = '';
    for await (const chunk of stixBundleChunks(pages(), DEFAULT_MARKING, stats)) text += chunk;
    const bundle = JSON.parse(text);
    assert.deepEqual(schemaErrors(bundle), []);
    assert.deepEqual(bundleProblems(bundle.objects), []);
    const count = (t: string) => bundle.objects.filter((o: Obj) => o.type === t).length;
    // 4 caller IDs, 1 bank account, wallets: bc1qxyz + 15 distinct 0x…; Amazon; indicators: 1 account + 16 wallets.
    assert.deepEqual(
      [
        'phone-number',
        'bank-account',
        'cryptocurrency-wallet',
        'identity',
        'indicator',
        'observed-data',
        'sighting',
        'note',
        'extension-definition',
        'marking-definition',
      ].map(count),
      [4, 1, 16, 2, 17, 30, 60, 30, 1, 1],
    );
    assert.equal(stats.calls, 30);
    assert.equal(stats.objects, bundle.objects.length);
  });
});
