// The app's lifecycle as the server runs it: delivery is a plugin of the app,
// started on ready, and with `closeStorage` the app closes its storage itself, last: after the
// requests and the delivery attempts in flight have finished and been recorded.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { pipelineOf } from '../../src/delivery/pipeline.js';
import { openStorage, type Storage } from '../../src/storage/index.js';
import { api, callRecord, DELIVERY_ENV, startReceiver } from '../webhooks/receiver.js';

const ADMIN = 'lifecycle-admin';

test('closeStorage: close finishes the attempt in flight, records it, then closes storage once', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-lifecycle-'));
  const rx = await startReceiver();
  rx.on('/slow', (_n, res) => setTimeout(() => res.writeHead(200).end('late'), 300));
  const config = loadConfig({ ...DELIVERY_ENV, HONEYPOT_DATA_DIR: dir, HONEYPOT_ADMIN_TOKEN: ADMIN, HONEYPOT_DEMO: '0' });
  const opened = await openStorage(config);
  // What the attempts log holds at the moment storage is asked to close, and how often it is.
  const atClose: unknown[][] = [];
  const storage: Storage = {
    ...opened,
    async close() {
      atClose.push(await opened.db.all('SELECT status, response_body FROM webhook_attempts'));
      await opened.close();
    },
  };
  const app = await buildApp({ config, storage, closeStorage: true });
  try {
    await app.ready();
    assert.ok(pipelineOf(app), 'the delivery plugin is registered by buildApp');
    const admin = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${ADMIN}` } });
    const org = (await admin('/api/admin/orgs', { name: 'L', tier: 'pro' })).json();
    const read = (await admin(`/api/admin/orgs/${org.id}/keys`, { name: 'r', role: 'read' })).json().key;
    const ingestKey = (await admin(`/api/admin/orgs/${org.id}/keys`, { name: 'i', role: 'ingest' })).json().key;
    const sub = await api(app, read, 'POST', '/api/webhooks/subscriptions', { event_type: 'call.hooked', url: rx.url('/slow') });
    assert.equal(sub.statusCode, 201);
    const ingested = await app.inject({
      method: 'POST',
      url: '/api/ingest/calls',
      payload: callRecord('CA-LIFE-1', { impersonated_brand: 'Amazon' }),
      headers: { authorization: `Bearer ${ingestKey}` },
    });
    assert.equal(ingested.statusCode, 200);
    await rx.waitFor('/slow', 1);
    assert.deepEqual(atClose, [], 'storage is open while the attempt is in flight');
    await app.close();
    assert.deepEqual(atClose, [[{ status: 'succeeded', response_body: 'late' }]]);
  } finally {
    if (atClose.length === 0) await app.close().catch(() => {});
    await rx.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
