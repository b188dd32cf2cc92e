// Mule bank names are stored in one spelling: normaliseBankName's table, and what
// it does to the figures once ingest applies it: a bank named three ways counts once.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseBankName } from '../../src/domain/indicators/index.js';
import { get, ingest, newOrg, type OrgKeys, type TestApp, testApp } from '../helpers/app.js';

describe('normaliseBankName', () => {
  it('maps the spellings of one bank to one name', () => {
    const cases: [string, string][] = [
      ['Chase', 'JPMorgan Chase'],
      ['Chase Bank', 'JPMorgan Chase'],
      ['JPMorgan Chase Bank', 'JPMorgan Chase'],
      ['JPMorgan Chase Bank, N.A.', 'JPMorgan Chase'],
      ['JP Morgan Chase', 'JPMorgan Chase'],
      ['JPMorgan Chase', 'JPMorgan Chase'],
      ['BofA', 'Bank of America'],
      ['Bank of America, N.A.', 'Bank of America'],
      ['Wells Fargo Bank', 'Wells Fargo'],
      ['Citi', 'Citibank'],
      ['Citibank N.A.', 'Citibank'],
      ['TD Bank, N.A.', 'TD Bank'],
      ['US Bank', 'U.S. Bank'],
      ['Navy Federal', 'Navy Federal Credit Union'],
    ];
    for (const [given, want] of cases) assert.equal(normaliseBankName(given), want, given);
  });

  it('matches whole names case-insensitively, after trimming and collapsing spaces', () => {
    assert.equal(normaliseBankName('  jp   MORGAN chase  '), 'JPMorgan Chase');
    assert.equal(normaliseBankName('CHASE'), 'JPMorgan Chase');
    assert.equal(normaliseBankName('wells\tfargo   bank'), 'Wells Fargo');
  });

  it('leaves other names alone, including names that only contain a known one', () => {
    for (const name of [
      'Chase Credit Union of Ohio',
      'Chaseville Savings',
      'Target',
      'Ünïcode Bank',
      'TD Ameritrade',
      '🏦',
      '=HYPERLINK("x")',
    ]) {
      assert.equal(normaliseBankName(name), name);
    }
  });
});

// Ingest: the same bank in three spellings. Hand-worked top-N of mule_bank_name:
//   as given:   Bank of America 4, Chase 3, Wells Fargo 3, BofA 2, JPMorgan Chase Bank, N.A. 2, jp morgan  chase 1, Unknown CU 1
//   as stored:  JPMorgan Chase 3+2+1 = 6, Bank of America 4+2 = 6, Wells Fargo 3, Unknown CU 1  (16 calls with a bank)
// Ties by label in code-point order: "Bank of America" < "JPMorgan Chase".
const GIVEN: [string, number][] = [
  ['Bank of America', 4],
  ['Chase', 3],
  ['Wells Fargo', 3],
  ['BofA', 2],
  ['JPMorgan Chase Bank, N.A.', 2],
  ['jp morgan  chase', 1],
  ['Unknown CU', 1],
];

describe('ingest stores one spelling per bank', () => {
  let t: TestApp;
  let org: OrgKeys;
  const NOW = new Date('2026-11-20T14:00:00Z');

  before(async () => {
    t = await testApp();
    t.setNow(NOW);
    org = await newOrg(t.app, 'pro', 'Banks');
    const records = GIVEN.flatMap(([bank, n], b) =>
      Array.from({ length: n }, (_, i) => ({
        call_sid: `CA-bank-${b}-${i}`,
        started_at: new Date(NOW.getTime() - (b * 10 + i + 1) * 3_600_000).toISOString(),
        duration_sec: 60,
        extraction: { mule_bank_name: bank, impersonated_brand: 'Amazon' },
      })),
    );
    const res = await ingest(t.app, org.ingest, records);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().accepted, 16);
  });
  after(() => t.close());

  it('top-N counts each bank once', async () => {
    const body = (await get(t.app, org.read, '/api/kpis/topn/mule_bank_name?range=7d&n=10')).json();
    assert.deepEqual(body.items, [
      { label: 'Bank of America', count: 6, pct_of_total: 6 / 16 },
      { label: 'JPMorgan Chase', count: 6, pct_of_total: 6 / 16 },
      { label: 'Wells Fargo', count: 3, pct_of_total: 3 / 16 },
      { label: 'Unknown CU', count: 1, pct_of_total: 1 / 16 },
    ]);
  });

  it('the call, the tier-1 table and the filters show the stored name', async () => {
    const call = (await get(t.app, org.read, '/api/calls/CA-bank-1-0')).json();
    assert.equal(call.extraction.mule_bank_name, 'JPMorgan Chase');
    const tier1 = (await get(t.app, org.read, '/api/kpis/tier1?range=7d&limit=100')).json();
    assert.equal(tier1.items.filter((r: { mule_bank_name: string }) => r.mule_bank_name === 'JPMorgan Chase').length, 6);
    assert.ok(
      !tier1.items.some((r: { mule_bank_name: string }) => ['Chase', 'BofA', 'JPMorgan Chase Bank, N.A.'].includes(r.mule_bank_name)),
    );
    const listed = (await get(t.app, org.read, '/api/calls?range=7d&mule_bank_name=JPMorgan%20Chase&limit=50')).json();
    assert.equal(listed.total, 6);
  });
});
