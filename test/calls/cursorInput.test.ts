// A cursor is input (CONTRACT §2, §7): hand-made cursors in the exact encoding the server issues
// (base64url of `[sort, ...position]`) but holding values no stored row can have — out of the
// sort column's range, NUL or a lone surrogate in a text key — are 400 validation_failed naming
// querystring.cursor, on both engines; a hand-made cursor inside the range pages normally.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { assertProblem } from '../helpers/problem.js';

const T0 = Date.parse('2026-11-20T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const cursor = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
const WINDOW = 'start=2026-11-01&end=2026-12-01';

describe('hand-made cursors', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app, 'pro');
    const records = [0, 1, 2].map((i) => ({
      call_sid: `CA${i}`,
      started_at: iso(T0 + i * 60_000),
      duration_sec: 30 + i,
      extraction: { auditor_confidence: 0.5, mule_bank_name: `Bank ${i}` },
    }));
    assert.equal((await ingest(t.app, org.ingest, records)).statusCode, 200);
  });
  after(() => t.close());

  const calls = (sort: string, c: string) => get(t.app, org.read, `/api/calls?${WINDOW}&sort=${sort}&cursor=${c}`);
  const tier1 = (sort: string, c: string) => get(t.app, org.read, `/api/kpis/tier1?${WINDOW}&sort=${sort}&cursor=${c}`);
  const refused = (res: Awaited<ReturnType<typeof get>>) => {
    const body = assertProblem(res, 400, 'validation_failed');
    assert.deepEqual(
      body.errors.map((e: { path: string }) => e.path),
      ['querystring.cursor'],
    );
  };

  it('values out of the sort column range are 400 on /api/calls', async () => {
    const sid = 'CA1';
    const at = T0;
    for (const [sort, position] of [
      ['duration_sec', [2147483648, at, sid]], // past PostgreSQL INTEGER
      ['-duration_sec', [-2147483649, at, sid]],
      ['duration_sec', [86_401, at, sid]], // past the longest call (CONTRACT §5)
      ['duration_sec', [-1, at, sid]],
      ['auditor_confidence', [1e308, at, sid]],
      ['-auditor_confidence', [-1e308, at, sid]],
      ['auditor_confidence', [1.5, at, sid]], // confidences are 0–1
      ['started_at', [1e308, sid]],
      ['-started_at', [2 ** 63, sid]],
      ['-started_at', [at, 'CA\u0000']],
      ['duration_sec', [30.5, at, sid]],
    ] as const) {
      const res = await calls(sort, cursor(sort, ...position));
      refused(res);
    }
  });

  it('NUL, lone surrogates and over-long text in a text key are 400 on /api/kpis/tier1', async () => {
    for (const v of ['a\u0000b', '\ud800', 'x\udfff', 'y'.repeat(513)]) {
      refused(await tier1('mule_bank_name', cursor('mule_bank_name', v, T0, 'CA1')));
      refused(await tier1('-crypto_chain', cursor('-crypto_chain', v, T0, 'CA1')));
    }
    refused(await tier1('auditor_confidence', cursor('auditor_confidence', 1e308, T0, 'CA1')));
    refused(await tier1('-call_started_at', cursor('-call_started_at', -1e308, 'CA1')));
  });

  it('hand-made cursors inside the range page like issued ones', async () => {
    // After CA1 in newest-first order comes CA0 alone.
    const res = await calls('-started_at', cursor('-started_at', T0 + 60_000, 'CA1'));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().items.map((c: { call_sid: string }) => c.call_sid),
      ['CA0'],
    );
    // The extremes of each range are accepted (and match nothing beyond them).
    const top = await calls('duration_sec', cursor('duration_sec', 86_400, T0, 'CA1'));
    assert.equal(top.statusCode, 200, top.body);
    assert.deepEqual(top.json().items, []);
    const low = await calls('auditor_confidence', cursor('auditor_confidence', 0, T0, 'CA1'));
    assert.equal(low.statusCode, 200, low.body);
    assert.equal(low.json().items.length, 3);
    const text = await tier1('mule_bank_name', cursor('mule_bank_name', 'Bank 0', T0, 'CA0'));
    assert.equal(text.statusCode, 200, text.body);
    assert.deepEqual(
      text.json().items.map((r: { call_sid: string }) => r.call_sid),
      ['CA1', 'CA2'],
    );
  });
});
