// NDJSON ingest reads the stream line by line and holds at most 1 MiB of one line: a longer line is rejected as its own record and the lines after it are stored.
// Bytes may arrive in any chunks: a UTF-8 character or a CRLF split between two chunks.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { get, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';

const MiB = 1024 * 1024;

const record = (sid: string, extra: Record<string, unknown> = {}) => ({
  call_sid: sid,
  started_at: '2026-11-20T14:00:00Z',
  duration_sec: 60,
  caller_id: '+12125550143',
  ...extra,
});

describe('NDJSON lines', () => {
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    t = await testApp();
    org = await newOrg(t.app);
  });
  after(() => t.close());

  /** Posts NDJSON as a stream of the given chunks. */
  const post = (chunks: Buffer[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/calls',
      payload: Readable.from(chunks),
      headers: { authorization: `Bearer ${org.ingest}`, 'content-type': 'application/x-ndjson' },
    });

  it('rejects a line over 1 MiB as its record and stores the lines around it', async () => {
    const long = JSON.stringify(record('CA_long', { persona: 'x'.repeat(2 * MiB) }));
    const body = Buffer.from([JSON.stringify(record('CA_before')), long, '', JSON.stringify(record('CA_after')), ''].join('\n'));
    // 64 KiB chunks, as a socket delivers them.
    const chunks = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) => body.subarray(i * 65_536, (i + 1) * 65_536));
    const res = await post(chunks);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      accepted: 2,
      created: 2,
      updated: 0,
      rejected: [{ index: 1, call_sid: null, errors: [{ path: '(record)', message: 'is longer than 1 MiB' }] }],
    });
    assert.equal((await get(t.app, org.read, '/api/calls/CA_after')).statusCode, 200);
    assert.equal((await get(t.app, org.read, '/api/calls/CA_long')).statusCode, 404);
  });

  it('accepts a line of exactly 1 MiB, also with CRLF, and rejects one byte more', async () => {
    // A valid record of exactly `bytes` bytes: its transcript (turns of at most 100,000
    // characters) fills it up.
    const sized = (sid: string, bytes: number) => {
      const turns = 11;
      const empty = JSON.stringify(record(sid, { transcript: Array.from({ length: turns }, () => ({ speaker: 'caller', text: '' })) }));
      let missing = bytes - empty.length;
      const transcript = Array.from({ length: turns }, () => {
        const n = Math.min(100_000, missing);
        missing -= n;
        return { speaker: 'caller', text: 't'.repeat(n) };
      });
      assert.equal(missing, 0);
      return JSON.stringify(record(sid, { transcript }));
    };
    const exact = sized('CA_exact', MiB);
    const over = sized('CA_over', MiB + 1);
    assert.equal(Buffer.byteLength(exact), MiB);
    const res = await post([Buffer.from(`${exact}\r\n${over}\r\n`)]);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.accepted, 1);
    assert.deepEqual(body.rejected, [{ index: 1, call_sid: null, errors: [{ path: '(record)', message: 'is longer than 1 MiB' }] }]);
  });

  it('echoes a bounded call_sid and bounded paths for rejected lines', async () => {
    // Lines just under 1 MiB whose call_sid and unknown property are huge: the answer names
    // each rejection briefly instead of repeating every line.
    const line = JSON.stringify({
      call_sid: 's'.repeat(400_000),
      ['k'.repeat(400_000)]: 1,
      started_at: '2026-11-20T14:00:00Z',
      duration_sec: 1,
    });
    const res = await post([Buffer.from(`${Array.from({ length: 30 }, () => line).join('\n')}\n${JSON.stringify(record('CA_fine'))}\n`)]);
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.length < 30_000, `answer of ${res.body.length} bytes`);
    const body = res.json();
    assert.equal(body.accepted, 1);
    assert.equal(body.rejected.length, 30);
    assert.equal(body.rejected[0].call_sid, null);
    assert.deepEqual(
      body.rejected[0].errors.map((e: { path: string }) => e.path.length <= 101),
      [true, true],
    );
  });

  it('decodes UTF-8 characters and CRLF split between chunks', async () => {
    const persona = 'Zoë 🦊 Ávila';
    const body = Buffer.from(
      `${JSON.stringify(record('CA_utf8a', { persona }))}\r\n\r\n${JSON.stringify(record('CA_utf8b', { persona }))}`,
    );
    // One byte per chunk: every character and every line break is split.
    const res = await post(Array.from(body, (b) => Buffer.from([b])));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().rejected, []);
    assert.equal(res.json().accepted, 2);
    for (const sid of ['CA_utf8a', 'CA_utf8b']) {
      const detail = await get(t.app, org.read, `/api/calls/${sid}`);
      assert.equal(detail.json().persona, persona, sid);
    }
  });
});
