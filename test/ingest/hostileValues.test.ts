// Values no engine can store, or whose sums would overflow, reject their record alone
// ; the other records of the request are stored, on both engines.
// Before, PostgreSQL failed the whole request with 500 on a NUL, a lone surrogate or 1e29.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, ingestNdjson, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const DAY = '2026-11-20';

const record = (sid: string, extra: Record<string, unknown> = {}) => ({
  call_sid: sid,
  started_at: `${DAY}T14:00:00Z`,
  duration_sec: 60,
  caller_id: '+12125550143',
  persona: 'Grandma Edna',
  transcript: [{ speaker: 'caller', text: 'This is Amazon support.', offset_sec: 1.5 }],
  extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND', dollar_asks: [100], dollars_dangled: 50 },
  ...extra,
});

const extraction = (fields: Record<string, unknown>) => ({ extraction: { ...record('x').extraction, ...fields } });

interface Rejection {
  index: number;
  call_sid: string | null;
  errors: { path: string; message: string }[];
}

describe('hostile values at ingest', () => {
  let t: TestApp;

  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  /** Calls stored for an org on DAY, counted by the summary. */
  async function storedCalls(org: OrgKeys): Promise<number> {
    const res = await get(t.app, org.read, `/api/kpis/summary?start=${DAY}&end=2026-11-21`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().calls_received;
  }

  it('a NUL in one record of a 10,000-record NDJSON batch rejects that record alone', async () => {
    const org = await newOrg(t.app);
    const bad = 4321;
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      JSON.stringify(record(`CA${i}`, i === bad ? { persona: 'Grandma\u0000Edna' } : {})),
    );
    const res = await ingestNdjson(t.app, org.ingest, `${lines.join('\n')}\n`);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const body = res.json();
    assert.equal(body.accepted, 9_999);
    assert.deepEqual(body.rejected, [
      { index: bad, call_sid: `CA${bad}`, errors: [{ path: 'persona', message: 'must not contain the NUL character (U+0000)' }] },
    ]);
    assert.equal(await storedCalls(org), 9_999);
    assert.equal((await get(t.app, org.read, `/api/calls/CA${bad}`)).statusCode, 404);
  });

  it('a NUL or a lone surrogate anywhere in a record rejects it with the field path', async () => {
    const org = await newOrg(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ caller_id: '+1212555\u00000143' }, 'caller_id', 'NUL'],
      [{ persona: 'Edna \ud800' }, 'persona', 'surrogate'],
      [
        {
          transcript: [
            { speaker: 'caller', text: 'ok' },
            { speaker: 'persona', text: 'half \udc00 pair' },
          ],
        },
        'transcript[1].text',
        'surrogate',
      ],
      [{ transcript: [{ speaker: 'caller', text: 'nul \u0000 here' }] }, 'transcript[0].text', 'NUL'],
      [extraction({ impersonated_brand: '\ud83dAmazon' }), 'extraction.impersonated_brand', 'surrogate'],
      [extraction({ mule_bank_name: 'Chase\u0000' }), 'extraction.mule_bank_name', 'NUL'],
    ];
    const records = [
      record('CA_ok_first'),
      ...cases.map(([fields], i) => record(`CA_bad${i}`, fields)),
      record('CA_ok_last', { persona: 'Zoë 🦊' }),
    ];
    const res = await ingest(t.app, org.ingest, records);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.accepted, 2);
    assert.deepEqual(
      body.rejected.map((r: Rejection) => [r.index, r.call_sid, r.errors.map((e) => e.path)]),
      cases.map(([, path], i) => [i + 1, `CA_bad${i}`, [path]]),
    );
    body.rejected.forEach((r: Rejection, i: number) =>
      assert.match(r.errors[0].message, cases[i][2] === 'NUL' ? /U\+0000/ : /lone surrogate/, r.errors[0].path),
    );
    assert.equal(await storedCalls(org), 2);
    assert.equal((await get(t.app, org.read, '/api/calls/CA_ok_last')).json().persona, 'Zoë 🦊');
  });

  it('amounts over 1,000,000,000, infinite or negative, and offsets over a day reject their record alone', async () => {
    const org = await newOrg(t.app);
    // JSON has no Infinity: 1e309 parses to it, so the body is written as text.
    const bad: [string, string][] = [
      ['"dollar_asks":[1e29]', 'extraction.dollar_asks[0]'],
      ['"dollar_asks":[5, 1.7e308]', 'extraction.dollar_asks[1]'],
      ['"dollar_asks":[1e309]', 'extraction.dollar_asks[0]'],
      ['"dollar_asks":[1000000000.01]', 'extraction.dollar_asks[0]'],
      ['"dollar_asks":[-0.01]', 'extraction.dollar_asks[0]'],
      ['"dollars_dangled":1e309', 'extraction.dollars_dangled'],
      ['"dollars_dangled":1.7e308', 'extraction.dollars_dangled'],
    ];
    const good = (sid: string, asks: string) =>
      `{"call_sid":"${sid}","started_at":"${DAY}T14:00:00Z","duration_sec":60,"extraction":{${asks}}}`;
    const offsets: [string, string][] = [
      ['1e309', 'transcript[0].offset_sec'],
      ['86400.5', 'transcript[0].offset_sec'],
    ];
    const text = `[${[
      good('CA_max', '"dollar_asks":[1000000000, 0],"dollars_dangled":1000000000'),
      ...bad.map(([asks], i) => good(`CA_bad${i}`, asks)),
      ...offsets.map(
        ([offset], i) =>
          `{"call_sid":"CA_off${i}","started_at":"${DAY}T14:00:00Z","duration_sec":60,"transcript":[{"speaker":"caller","text":"hi","offset_sec":${offset}}]}`,
      ),
      `{"call_sid":"CA_day","started_at":"${DAY}T15:00:00Z","duration_sec":60,"transcript":[{"speaker":"caller","text":"hi","offset_sec":86400}]}`,
    ].join(',')}]`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/calls',
      payload: text,
      headers: { authorization: `Bearer ${org.ingest}`, 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.accepted, 2);
    assert.deepEqual(
      body.rejected.map((r: Rejection) => [r.index, r.errors.map((e) => e.path)]),
      [...bad, ...offsets].map(([, path], i) => [i + 1, [path]]),
    );
    // The largest amounts add up without overflow.
    const summary = (await get(t.app, org.read, `/api/kpis/summary?start=${DAY}&end=2026-11-21`)).json();
    assert.equal(summary.calls_received, 2);
    assert.equal(summary.total_dollars_asked, 1_000_000_000);
    assert.equal(summary.max_single_ask, 1_000_000_000);
    assert.equal(summary.total_dollars_dangled, 1_000_000_000);
  });

  it('the same values in NDJSON reject their line alone', async () => {
    const org = await newOrg(t.app);
    const lines = [
      JSON.stringify(record('CA_n0')),
      '{"call_sid":"CA_n1","started_at":"2026-11-20T14:00:00Z","duration_sec":60,"extraction":{"dollar_asks":[1e309]}}',
      JSON.stringify(record('CA_n2', { persona: '\ud800' })),
      JSON.stringify(record('CA_n3', extraction({ dollar_asks: [1e29] }))),
      JSON.stringify(record('CA_n4')),
    ];
    const res = await ingestNdjson(t.app, org.ingest, lines.join('\n'));
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.accepted, 2);
    assert.deepEqual(
      body.rejected.map((r: Rejection) => [r.index, r.errors.map((e) => e.path)]),
      [
        [1, ['extraction.dollar_asks[0]']],
        [2, ['persona']],
        [3, ['extraction.dollar_asks[0]']],
      ],
    );
    assert.equal(await storedCalls(org), 2);
  });
});
