// What a record says is what is stored, also the characters a bulk load must escape: PostgreSQL
// stages a batch by COPY (tab between values, newline between rows, backslash escapes, \N for
// null), DuckDB by its appender. Read back through the call detail on either engine.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, ingest, newOrg, testApp, type TestApp } from '../helpers/app.js';

// Every character COPY's text format gives a meaning to, and the texts it reads as markers.
const AWKWARD = 'tab\there, line\nbreak, cr\rhere, back\\slash, \\N, \\t, "quoted", {braces}, comma,';

describe('text stored as sent', () => {
  let t: TestApp;

  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('keeps tabs, newlines, backslashes, quotes and \\N in every text field and the transcript', async () => {
    const org = await newOrg(t.app);
    const res = await ingest(t.app, org.ingest, [
      {
        call_sid: 'CA_awkward',
        started_at: '2026-11-20T14:00:00Z',
        duration_sec: 61,
        caller_id: '\\N',
        persona: `Edna ${AWKWARD}`,
        transcript: [{ speaker: 'caller', text: AWKWARD }],
        extraction: {
          impersonated_brand: `Brand ${AWKWARD}`,
          lure_category: 'REFUND',
          mule_account_holder_name: '\\',
          dollar_asks: [0.1, 1999.99, 0.1],
          dollars_dangled: 12.5,
        },
      },
      { call_sid: 'CA_plain', started_at: '2026-11-20T14:05:00Z', duration_sec: 5 },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().accepted, 2);

    const call = (await get(t.app, org.read, '/api/calls/CA_awkward')).json();
    assert.equal(call.caller_id, '\\N');
    assert.equal(call.persona, `Edna ${AWKWARD.trim()}`);
    assert.equal(call.impersonated_brand, `Brand ${AWKWARD.trim()}`);
    assert.equal(call.extraction.mule_account_holder_name, '\\');
    assert.deepEqual(call.extraction.dollar_asks, [0.1, 1999.99, 0.1]);
    assert.equal(call.total_dollars_asked, 2000.19);
    assert.equal(call.dollars_dangled, 12.5);
    assert.deepEqual(
      call.transcript.map((turn: { text: string }) => turn.text),
      [AWKWARD],
    );

    const plain = (await get(t.app, org.read, '/api/calls/CA_plain')).json();
    assert.equal(plain.caller_id, null);
    assert.equal(plain.persona, null);
    assert.equal(plain.extraction, null);
  });
});
