// ["is", "campaign_id", [ids]] in POST /api/query: the figures of a campaign's calls, against a
// hand-made fixture whose campaigns and figures were worked out by hand (below), on both engines.
//
// Window [2026-11-01, 2026-11-08); previous period [2026-10-25, 2026-11-01).
//   X = {XP, X1, X2, X3}: one wallet. XP is in the previous period. In the window: X1 Amazon
//       $100, X2 PayPal $200, X3 PayPal $50 + $25: 3 calls, $375; the previous period 1 call, $1,000.
//   Y = {Y1, Y2}: one 10-digit mule account. Y1 PayPal $300, Y2 Amazon no ask.
//   L1 (Amazon, $10) and L2 (PayPal, a wallet of its own) are lone.
//   Another org has calls with X's wallet: never counted.
//   A key scoped to PayPal: its campaign of X's wallet is {X2, X3}; Y has one PayPal call, no campaign.

import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ingest, newOrg, scopedKey, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const NOW = new Date('2026-11-08T00:00:00Z');
const WALLET = '0x00000000000000000000000000000000000c0ffe';
const ACCOUNT = '4100123456';

const call = (sid: string, started: string, brand: string, extraction: Record<string, unknown>) => ({
  call_sid: sid,
  started_at: started,
  duration_sec: 60,
  caller_id: null,
  transcript: [],
  extraction: { impersonated_brand: brand, ...extraction },
});

const FIXTURE = [
  call('XP', '2026-10-28T10:00:00Z', 'Amazon', { crypto_wallet_address: WALLET, dollar_asks: [1000] }),
  call('X1', '2026-11-02T10:00:00Z', 'Amazon', { crypto_wallet_address: WALLET, dollar_asks: [100] }),
  call('X2', '2026-11-03T10:00:00Z', 'PayPal', { crypto_wallet_address: WALLET, dollar_asks: [200] }),
  call('X3', '2026-11-04T10:00:00Z', 'PayPal', { crypto_wallet_address: WALLET, dollar_asks: [50, 25] }),
  call('Y1', '2026-11-05T10:00:00Z', 'PayPal', { mule_bank_account_number: ACCOUNT, dollar_asks: [300] }),
  call('Y2', '2026-11-06T10:00:00Z', 'Amazon', { mule_bank_account_number: ACCOUNT }),
  call('L1', '2026-11-02T12:00:00Z', 'Amazon', { dollar_asks: [10] }),
  call('L2', '2026-11-05T12:00:00Z', 'PayPal', { crypto_wallet_address: '0x00000000000000000000000000000000000000aa' }),
];

const idOf = (orgId: string, kind: string, value: string) =>
  `cmp_${createHash('sha256').update(`${orgId}\n${kind}\n${value}`).digest('hex').slice(0, 16)}`;

let t: TestApp;
let org: OrgKeys;
let free: OrgKeys;
let paypal: string;
let X: string;
let Y: string;

const query = (key: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/query',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: { start: '2026-11-01', end: '2026-11-08', metrics: ['calls_received', 'total_dollars_asked'], ...body },
  });

/** calls_received and total_dollars_asked of the window's calls passing `filters`. */
async function figures(key: string, filters: unknown[]): Promise<number[]> {
  const res = await query(key, { filters });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().results[0].metrics;
}

before(async () => {
  t = await testApp();
  t.setNow(NOW);
  org = await newOrg(t.app, 'pro', 'Fraud team');
  free = await newOrg(t.app, 'free', 'Free team');
  const other = await newOrg(t.app, 'pro', 'Other team');
  assert.equal((await ingest(t.app, org.ingest, FIXTURE)).statusCode, 200);
  assert.equal(
    (
      await ingest(t.app, other.ingest, [
        call('O1', '2026-11-02T11:00:00Z', 'Amazon', { crypto_wallet_address: WALLET, dollar_asks: [7] }),
        call('O2', '2026-11-03T11:00:00Z', 'Amazon', { crypto_wallet_address: WALLET }),
      ])
    ).statusCode,
    200,
  );
  paypal = await scopedKey(t.app, org.orgId, { impersonated_brand: ['PayPal'] });
  // Ids by the rule of docs/campaigns.md: the earliest call's first link key.
  X = idOf(org.orgId, 'wallet', WALLET);
  Y = idOf(org.orgId, 'mule_account', ACCOUNT);
});
after(() => t.close());

describe('POST /api/query with campaign_id', () => {
  it('keeps the calls of the campaign in the window', async () => {
    assert.deepEqual(await figures(org.read, [['is', 'campaign_id', [X]]]), [3, 375]);
    assert.deepEqual(await figures(org.read, [['is', 'campaign_id', [Y]]]), [2, 300]);
    assert.deepEqual(await figures(org.read, [['is', 'campaign_id', [X, Y]]]), [5, 675]);
  });

  it('groups, composes with not, or and other filters', async () => {
    const res = await query(org.read, { dimensions: ['impersonated_brand'], filters: [['is', 'campaign_id', [X]]] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().results.map((r: { dimensions: unknown[]; metrics: number[] }) => [r.dimensions[0], ...r.metrics]),
      [
        ['PayPal', 2, 275],
        ['Amazon', 1, 100],
      ],
    );
    // Y1, Y2, L1, L2.
    assert.deepEqual(await figures(org.read, [['not', ['is', 'campaign_id', [X]]]]), [4, 310]);
    // X1, X2, X3, then the Amazon calls L1 and Y2.
    assert.deepEqual(
      await figures(org.read, [
        [
          'or',
          [
            ['is', 'campaign_id', [X]],
            ['is', 'impersonated_brand', ['Amazon']],
          ],
        ],
      ]),
      [5, 385],
    );
    assert.deepEqual(
      await figures(org.read, [
        ['is', 'campaign_id', [X]],
        ['is', 'impersonated_brand', ['PayPal']],
      ]),
      [2, 275],
    );
  });

  it('compares with the campaign’s calls of the previous period', async () => {
    const res = await query(org.read, { compare: 'previous_period', filters: [['is', 'campaign_id', [X]]] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().results[0].comparison.metrics, [1, 1000]);
  });

  it('counts nothing for a campaign of no call of the window, or of another org', async () => {
    assert.deepEqual(await figures(org.read, [['is', 'campaign_id', ['cmp_0000000000000000']]]), [0, 0]);
    assert.deepEqual(await figures(org.read, [['is', 'campaign_id', [idOf('someone-else', 'wallet', WALLET)]]]), [0, 0]);
  });

  it('reads a scoped key’s own campaigns: never a call outside its slice', async () => {
    // The slice's campaign of the wallet is {X2, X3} (its id: X2's wallet, the same key as X's).
    assert.deepEqual(await figures(paypal, [['is', 'campaign_id', [X]]]), [2, 275]);
    // Y has one PayPal call: no campaign in the slice.
    assert.deepEqual(await figures(paypal, [['is', 'campaign_id', [Y]]]), [0, 0]);
  });

  it('is pro only, is only, and takes campaign ids', async () => {
    const res = await query(free.read, { filters: [['is', 'campaign_id', [X]]] });
    assertProblem(res, 403, 'tier_required');
    assertProblem(await query(org.read, { filters: [['is_not', 'campaign_id', [X]]] }), 400, 'validation_failed');
    assertProblem(await query(org.read, { filters: [['contains', 'campaign_id', ['cmp_']]] }), 400, 'validation_failed');
    assertProblem(await query(org.read, { filters: [['is', 'campaign_id', ['X']]] }), 400, 'validation_failed');
    assertProblem(await query(org.read, { filters: [['is', 'campaign_id', []]] }), 400, 'validation_failed');
    assertProblem(await query(org.read, { dimensions: ['campaign_id'] }), 400, 'validation_failed');
  });
});
