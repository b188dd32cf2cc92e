// No event is lost when the server is killed with SIGKILL between the ingest response and the
// delivery: the event was committed with the calls, and the next process delivers it.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { startServer } from '../helpers/serverProcess.js';
import { callRecord, DELIVERY_ENV, startReceiver, verified } from './receiver.js';

const ADMIN = 'sigkill-admin';

test('SIGKILL after the ingest response: the restarted server delivers the event', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-sigkill-'));
  const rx = await startReceiver();
  // The first attempt never gets an answer: the process dies with it in flight.
  rx.on('/hook', (n, res) => {
    if (n > 1) res.writeHead(200).end('ok');
  });
  const env = { ...DELIVERY_ENV, HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN };
  const json = async (base: string, method: string, url: string, key: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  let server = await startServer(env);
  try {
    const org = (await json(server.base, 'POST', '/api/admin/orgs', ADMIN, { name: 'K', tier: 'pro' })).body;
    const read = (await json(server.base, 'POST', `/api/admin/orgs/${org.id}/keys`, ADMIN, { name: 'r', role: 'read' })).body.key;
    const ingestKey = (await json(server.base, 'POST', `/api/admin/orgs/${org.id}/keys`, ADMIN, { name: 'i', role: 'ingest' })).body.key;
    const sub = await json(server.base, 'POST', '/api/webhooks/subscriptions', read, {
      event_type: 'tier1.mule_account_extracted',
      url: rx.url('/hook'),
    });
    assert.equal(sub.status, 201);

    const ingested = await json(
      server.base,
      'POST',
      '/api/ingest/calls',
      ingestKey,
      callRecord('CA-KILL-1', { mule_bank_name: 'TD Bank' }),
    );
    assert.equal(ingested.status, 200);
    assert.equal(ingested.body.created, 1);
    await server.stop('SIGKILL');

    server = await startServer(env);
    const got = await rx.waitFor('/hook', 2, 30_000);
    const event = verified(sub.body.secret, got[got.length - 1]);
    assert.equal(event.type, 'tier1.mule_account_extracted');
    assert.equal(event.data.call_sid, 'CA-KILL-1');
    assert.equal(event.data.mule_bank_name, 'TD Bank');
    // Every attempt of the event carries the same webhook-id.
    assert.equal(new Set(got.map((r) => r.headers['webhook-id'])).size, 1);
  } finally {
    await server.stop('SIGKILL');
    await rx.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
