// Deliveries are rows: a restart delivers what was pending, and closing the app lets an
// attempt in flight finish (CONTRACT §9 durable across restarts, §12 SIGTERM).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ingest, newOrg, testApp } from '../helpers/app.js';
import { api, callRecord, DELIVERY_ENV, eventually, startReceiver, verified } from './receiver.js';

describe('delivery across restarts', () => {
  test('a delivery pending at shutdown is delivered by the next process, with the same webhook-id', async () => {
    const rx = await startReceiver();
    rx.on('/restart', (n, res) => res.writeHead(n === 1 ? 503 : 200).end());
    // The first process retries only after 1 s; it is closed long before that.
    const first = await testApp({ ...DELIVERY_ENV, HONEYPOT_WEBHOOK_RETRY_SCHEDULE: '1s' }, { keep: true });
    const org = await newOrg(first.app, 'pro');
    const sub = (
      await api(first.app, org.read, 'POST', '/api/webhooks/subscriptions', { event_type: 'call.hooked', url: rx.url('/restart') })
    ).json();
    await ingest(first.app, org.ingest, callRecord('CA-RESTART-1', { impersonated_brand: 'Amazon' }));
    await eventually(async () => {
      const items = (await api(first.app, org.read, 'GET', '/api/webhooks/deliveries')).json().items;
      return items.length === 1 && items[0].status === 'retrying' ? true : undefined;
    });
    await first.close();
    assert.equal(rx.at('/restart').length, 1);

    const second = await testApp(DELIVERY_ENV, { dir: first.dir });
    try {
      const [a, b] = await rx.waitFor('/restart', 2, 4000);
      assert.equal(a.headers['webhook-id'], b.headers['webhook-id']);
      assert.equal(verified(sub.secret, b).data.call_sid, 'CA-RESTART-1');
      const items = await eventually(async () => {
        const got = (await api(second.app, org.read, 'GET', '/api/webhooks/deliveries')).json().items;
        return got.length === 2 ? got : undefined;
      });
      assert.deepEqual(
        items.map((d: { attempt: number; status: string }) => [d.attempt, d.status]),
        [
          [2, 'succeeded'],
          [1, 'retrying'],
        ],
      );
    } finally {
      await second.close();
      await rx.close();
    }
  });

  test('closing the app waits for the attempt in flight and records it', async () => {
    const rx = await startReceiver();
    rx.on('/slow', (_n, res) => setTimeout(() => res.writeHead(200).end('late'), 300));
    const t = await testApp(DELIVERY_ENV);
    const org = await newOrg(t.app, 'pro');
    await api(t.app, org.read, 'POST', '/api/webhooks/subscriptions', { event_type: 'call.hooked', url: rx.url('/slow') });
    await ingest(t.app, org.ingest, callRecord('CA-SLOW-1', { impersonated_brand: 'Amazon' }));
    await rx.waitFor('/slow', 1);
    await t.app.close();
    const rows = await t.app.deps.storage.db.all('SELECT status, response_body FROM webhook_attempts WHERE org_id = $1', [org.orgId]);
    assert.deepEqual(rows, [{ status: 'succeeded', response_body: 'late' }]);
    await t.close();
    await rx.close();
  });
});
