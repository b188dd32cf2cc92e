// The linking rules of docs/campaigns.md, one by one, on the pure functions: each identifier's
// normalisation, the callback cue, MinHash bands, two weak signals, the common-value rule at
// its threshold, and ids that follow the earliest identifier whatever the input order.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCampaigns, COMMON_GROUPS, type IdentifierRow } from '../../src/domain/campaigns/components.js';
import {
  agentValue,
  callbackNumbers,
  callerIdValue,
  dropAddress,
  identifiersOf,
  muleAccount,
  walletValue,
} from '../../src/domain/campaigns/identifiers.js';
import { scriptBands } from '../../src/domain/campaigns/minhash.js';
import { registeredDomain } from '../../src/domain/campaigns/registeredDomain.js';

const caller = (text: string) => [{ speaker: 'caller' as const, text }];

describe('identifiers', () => {
  it('mule account: routing + account, or a long account alone; a routing number alone never', () => {
    assert.equal(muleAccount('021000021', '12345678'), '021000021/12345678');
    assert.equal(muleAccount('0210-00021', '1234 5678'), '021000021/12345678');
    assert.equal(muleAccount(null, '12345678'), null); // short and no routing
    assert.equal(muleAccount('021000021', null), null); // a bank's public routing number
    assert.equal(muleAccount(null, '4829-1037-46'), '4829103746');
    assert.equal(muleAccount('021000021', '4829103746'), '4829103746'); // long: the same with or without routing
    assert.equal(muleAccount('021000021', '123'), null);
  });

  it('wallets: hex and bech32 case-insensitive, base58 as written', () => {
    assert.equal(walletValue('0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'), '0xabcdef0123456789abcdef0123456789abcdef01');
    assert.equal(walletValue('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ'), 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    assert.equal(walletValue('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'), '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
    assert.equal(walletValue('short'), null);
  });

  it('drop addresses: case, punctuation and the usual abbreviations', () => {
    assert.equal(dropAddress('12 Oak Street, Apt. 4, Dover, DE 19901'), '12 oak st apt 4 dover de 19901');
    assert.equal(dropAddress('12 OAK ST APT 4 DOVER DE 19901'), '12 oak st apt 4 dover de 19901');
    assert.equal(dropAddress('PO'), null);
  });

  it('phishing URLs: the registered domain', () => {
    assert.equal(registeredDomain('https://login.secure-refunds.com/verify?x=1'), 'secure-refunds.com');
    assert.equal(registeredDomain('secure-refunds.com/other'), 'secure-refunds.com');
    assert.equal(registeredDomain('http://www.paypal-help.co.uk/'), 'paypal-help.co.uk');
    assert.equal(registeredDomain('https://my-shop.github.io/pay'), 'my-shop.github.io');
    assert.equal(registeredDomain('http://192.168.4.20/x'), '192.168.4.20');
    assert.equal(registeredDomain('not a url'), null);
    assert.equal(registeredDomain('localhost'), null);
  });

  it('callback numbers: a NANP number after a word about calling, in a caller turn only', () => {
    assert.deepEqual(callbackNumbers(caller('Please call us back at (888) 555-0142 before five.')), ['+18885550142']);
    assert.deepEqual(callbackNumbers(caller('Our line is 1-888-555-0142.')), ['+18885550142']);
    assert.deepEqual(callbackNumbers(caller('Dial +1 202 555 0143 now')), ['+12025550143']);
    assert.deepEqual(callbackNumbers(caller('My account number is 4829103746.')), []); // no calling cue
    assert.deepEqual(callbackNumbers([{ speaker: 'persona', text: 'Call me at 202-555-0143' }]), []);
    assert.deepEqual(callbackNumbers(caller('call 555-0143')), []); // seven digits
  });

  it('weak signals: an agent is the synthetic org with the agent name; caller IDs as numbers', () => {
    const e = { synthetic_org: 'Refund  Dept', fake_agent_name: 'KEVIN' };
    assert.equal(agentValue({ ...none, ...e }), 'refund dept|kevin');
    assert.equal(agentValue({ ...none, fake_agent_name: 'Kevin' }), null);
    assert.equal(callerIdValue('(202) 555-0143'), '+12025550143');
    assert.equal(callerIdValue('12025550143'), '+12025550143');
    assert.equal(callerIdValue('+44 20 7946 0958'), '+442079460958');
    assert.equal(callerIdValue('anonymous'), null);
  });

  it('scripts: identical ones share every band, unrelated ones none; short ones have none', () => {
    const a = caller(
      'hello this is the refund department calling about the charge of three hundred ninety nine dollars on your account ' +
        'we need you to verify your identity and buy a gift card to reverse the charge before the end of the day today or the',
    );
    const b = caller(
      'good morning grandma it is me your grandson i am in trouble with the police and i need money for bail please do not ' +
        'tell mom and dad the lawyer will call you soon and explain everything to you about how to send the cash today please',
    );
    assert.equal(scriptBands(a).length, 4);
    assert.deepEqual(scriptBands(a), scriptBands(structuredClone(a)));
    const shared = scriptBands(a).filter((x) => scriptBands(b).includes(x));
    assert.deepEqual(shared, []);
    assert.deepEqual(scriptBands(caller('hello who is this')), []);
  });

  it('scripts: two share a band about as often as 1 − (1 − J⁵)⁴ says for the Jaccard J of their shingles', () => {
    // Pairs of 120-word scripts, the second with some words replaced; J from the 5-word
    // shingle sets as strings (a reference independent of the hashing), bucketed.
    let seed = 12345;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const vocab = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);
    const shingles = (w: string[]) => new Set(w.slice(0, -4).map((_, i) => w.slice(i, i + 5).join(' ')));
    const buckets = new Map<number, { pairs: number; shared: number; expected: number }>();
    for (let n = 0; n < 2400; n++) {
      const a = Array.from({ length: 120 }, () => vocab[Math.floor(rand() * vocab.length)]);
      const b = [...a];
      const replaced = Math.floor(rand() * 25);
      for (let k = 0; k < replaced; k++) b[Math.floor(rand() * b.length)] = vocab[Math.floor(rand() * vocab.length)];
      const [sa, sb] = [shingles(a), shingles(b)];
      const both = [...sa].filter((x) => sb.has(x)).length;
      const j = both / (sa.size + sb.size - both);
      const bucket = Math.min(9, Math.floor(j * 10));
      const share = scriptBands(caller(a.join(' '))).some((x) => scriptBands(caller(b.join(' '))).includes(x));
      const e = buckets.get(bucket) ?? { pairs: 0, shared: 0, expected: 0 };
      e.pairs++;
      e.shared += share ? 1 : 0;
      e.expected += 1 - (1 - j ** 5) ** 4;
      buckets.set(bucket, e);
    }
    for (const [bucket, e] of buckets) {
      if (e.pairs < 40) continue;
      const [rate, expected] = [e.shared / e.pairs, e.expected / e.pairs];
      assert.ok(
        Math.abs(rate - expected) < 0.12,
        `J in [${bucket / 10}, ${(bucket + 1) / 10}): ${e.pairs} pairs, ${rate} shared, ${expected} expected`,
      );
    }
    assert.ok([...buckets.values()].filter((e) => e.pairs >= 40).length >= 4, 'the pairs spread over the range of J');
  });

  it('a call without intel still has its caller ID and script; every value once', () => {
    const ids = identifiersOf({ caller_id: '+12025550143', transcript: caller('call 888-555-0142 call 888-555-0142'), extraction: null });
    assert.deepEqual(ids, [
      { kind: 'callback_number', value: '+18885550142' },
      { kind: 'caller_id', value: '+12025550143' },
    ]);
  });
});

const none = {
  mule_bank_routing_number: null,
  mule_bank_account_number: null,
  crypto_wallet_address: null,
  physical_mule_drop_address: null,
  phishing_url: null,
  synthetic_org: null,
  fake_agent_name: null,
};

const row = (callSid: string, startedAt: number, kind: IdentifierRow['kind'], value: string): IdentifierRow => ({
  callSid,
  startedAt,
  kind,
  value,
});
const groupsOf = (rows: IdentifierRow[]) =>
  buildCampaigns('org', rows)
    .components.map((c) => c.calls.join(','))
    .sort();

describe('components', () => {
  it('two weak signals link; one does not', () => {
    const rows = [
      row('a', 1, 'agent', 'x|kevin'),
      row('a', 1, 'caller_id', '+1'),
      row('b', 2, 'agent', 'x|kevin'),
      row('b', 2, 'caller_id', '+1'),
      row('c', 3, 'agent', 'x|kevin'),
      row('c', 3, 'caller_id', '+2'),
      row('d', 4, 'caller_id', '+2'),
    ];
    assert.deepEqual(groupsOf(rows), ['a,b']);
  });

  /**
   * A hub number carried by one call of each of `groups` operations; each operation also has a
   * wallet of its own on a second call without the number (so it is seen apart from the number).
   */
  const hub = (groups: number) =>
    Array.from({ length: groups }, (_, g) => [
      row(`h${g}`, g * 10, 'callback_number', '+18005550100'),
      row(`h${g}`, g * 10, 'wallet', `w${g}`),
      row(`o${g}`, g * 10 + 1, 'wallet', `w${g}`),
    ]).flat();

  it(`a value whose calls fall into more than ${COMMON_GROUPS} operations never links; at ${COMMON_GROUPS} it does`, () => {
    const glued = buildCampaigns('org', hub(COMMON_GROUPS));
    assert.equal(glued.components.length, 1);
    assert.equal(glued.components[0].calls.length, 2 * COMMON_GROUPS);
    const apart = buildCampaigns('org', hub(COMMON_GROUPS + 1));
    assert.deepEqual([...apart.common], ['callback_number\u0000+18005550100']);
    assert.equal(apart.components.length, COMMON_GROUPS + 1);
    assert.ok(apart.components.every((c) => c.calls.length === 2));
  });

  it('a crew’s own hub, whose calls carry nothing seen elsewhere, links however many calls it has', () => {
    const rows = Array.from({ length: 40 }, (_, i) => [
      row(`c${i}`, i, 'callback_number', '+18885550177'),
      row(`c${i}`, i, 'wallet', `own${i}`),
    ]).flat();
    assert.equal(buildCampaigns('org', rows).components.length, 1);
  });

  it('ids follow the earliest call’s first link key, and input order changes nothing', () => {
    const rows = [
      row('late', 20, 'wallet', 'w1'),
      row('early', 10, 'wallet', 'w1'),
      row('early', 10, 'drop_address', 'd1'),
      row('mid', 15, 'drop_address', 'd1'),
    ];
    const a = buildCampaigns('org', rows).components;
    const b = buildCampaigns('org', [...rows].reverse()).components;
    assert.deepEqual(a, b);
    assert.deepEqual(a[0].calls, ['early', 'mid', 'late']);
    // wallet comes before drop_address in kind order
    assert.equal(a[0].id, buildCampaigns('org', [row('x', 1, 'wallet', 'w1'), row('y', 2, 'wallet', 'w1')]).components[0].id);
    assert.notEqual(a[0].id, buildCampaigns('other org', rows).components[0].id);
  });
});
