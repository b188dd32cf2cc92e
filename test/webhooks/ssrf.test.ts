// The SSRF guard (CONTRACT §9): refused address classes, URL checks at creation, resolution
// at delivery (a host name resolving to loopback), and the pinned connection.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { checkTargetUrl, pinnedAgent, refusedClass, resolveTarget } from '../../src/delivery/ssrf.js';
import { parseRetryAfter } from '../../src/delivery/send.js';
import { retryDelay } from '../../src/delivery/worker.js';
import { ingest, newOrg, testApp, type OrgKeys, type TestApp } from '../helpers/app.js';
import { api, callRecord, eventually, sleep, startReceiver, type Receiver } from './receiver.js';

const STRICT = { allowHttp: false, allowPrivate: false };

describe('address classes', () => {
  test('every non-public class is refused, in IPv4, IPv6 and IPv4-mapped IPv6 forms', () => {
    const refused: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.10', 'private'],
      ['::ffff:10.1.2.3', 'private'],
      ['::ffff:192.168.0.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['169.254.0.1', 'link-local'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['febf::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['100.64.0.1', 'CGNAT'],
      ['100.127.255.254', 'CGNAT'],
      ['::ffff:100.64.0.1', 'CGNAT'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['ff02::1', 'multicast'],
      ['::ffff:224.0.0.251', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456::1', 'unique-local'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['2002:7f00:1::1', 'loopback'],
    ];
    for (const [address, cls] of refused) assert.equal(refusedClass(address), cls, address);
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '169.255.0.1',
      '::ffff:8.8.8.8',
      '2606:4700:4700::1111',
      '64:ff9b::808:808',
    ]) {
      assert.equal(refusedClass(address), null, address);
    }
  });

  test('target URLs: https only, no credentials, literal non-public IPs refused at creation', () => {
    assert.deepEqual(checkTargetUrl('https://hooks.example.com/x?y=1', STRICT), { ok: true, url: 'https://hooks.example.com/x?y=1' });
    const refuse = (url: string, policy = STRICT) => {
      const r = checkTargetUrl(url, policy);
      assert.equal(r.ok, false, url);
      return r.ok ? '' : r.message;
    };
    assert.match(refuse('http://hooks.example.com/'), /https/);
    assert.match(refuse('ftp://hooks.example.com/'), /https/);
    assert.match(refuse('not a url'), /absolute URL/);
    assert.match(refuse('https://user:pw@hooks.example.com/'), /credentials/);
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5:8443/',
      'https://100.64.1.1/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://224.0.0.1/',
      'https://0.0.0.0/',
    ]) {
      assert.match(refuse(url), /non-public/, url);
    }
    assert.equal(checkTargetUrl('http://127.0.0.1:9/', { allowHttp: true, allowPrivate: true }).ok, true);
    assert.match(refuse('http://127.0.0.1:9/', { allowHttp: true, allowPrivate: false }), /loopback/);
  });

  test('a host name is resolved and every address checked: localhost is refused', async () => {
    // The refusal names neither the host nor what it resolves to.
    await assert.rejects(resolveTarget(new URL('https://localhost/hook'), STRICT), {
      name: 'TargetRefused',
      message: 'refused: no public address',
    });
    await assert.rejects(resolveTarget(new URL('https://[::ffff:a9fe:a9fe]/'), STRICT), { message: 'refused: no public address' });
    assert.deepEqual(await resolveTarget(new URL('https://127.0.0.1/'), { allowHttp: false, allowPrivate: true }), {
      address: '127.0.0.1',
      family: 4,
    });
    // A name that does not resolve gets the same phrase: two phrases told which internal names exist.
    await assert.rejects(resolveTarget(new URL('https://no-such-host.invalid/'), STRICT), { message: 'refused: no public address' });
  });
});

describe('retry timing', () => {
  test('the schedule step with jitter, never before Retry-After', () => {
    const schedule = [1000, 60_000];
    assert.equal(
      retryDelay(schedule, 1, null, () => 0),
      800,
    );
    assert.equal(
      retryDelay(schedule, 1, null, () => 1),
      1200,
    );
    assert.equal(
      retryDelay(schedule, 2, null, () => 0.5),
      60_000,
    );
    assert.equal(
      retryDelay(schedule, 1, 30_000, () => 0.5),
      30_000,
    );
    assert.equal(
      retryDelay(schedule, 2, 30_000, () => 0.5),
      60_000,
    );
  });

  test('Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-20T14:00:00Z');
    assert.equal(parseRetryAfter('120', now), 120_000);
    assert.equal(parseRetryAfter('Fri, 20 Nov 2026 14:01:00 GMT', now), 60_000);
    assert.equal(parseRetryAfter('Fri, 20 Nov 2026 13:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), null);
    assert.equal(parseRetryAfter(undefined, now), null);
    assert.equal(parseRetryAfter('99999999', now), 24 * 3_600_000);
  });
});

describe('delivery connects only to the checked address', () => {
  let rx: Receiver;
  let t: TestApp;
  let org: OrgKeys;

  before(async () => {
    rx = await startReceiver();
    // http is allowed (a local receiver), private addresses are not.
    t = await testApp({ HONEYPOT_WEBHOOK_ALLOW_HTTP: '1', HONEYPOT_WEBHOOK_RETRY_SCHEDULE: '100ms' });
    org = await newOrg(t.app, 'pro');
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  test('the pinned agent connects to the checked address whatever the host name says', async () => {
    const agent = pinnedAgent({ address: '127.0.0.1', family: 4 }, 1000);
    const port = new URL(rx.url('/')).port;
    const res = await request(`http://pinned.invalid:${port}/pinned`, { method: 'POST', body: '{}', dispatcher: agent });
    await res.body.dump();
    await agent.close();
    assert.equal(res.statusCode, 200);
    assert.equal(rx.at('/pinned')[0].headers.host, `pinned.invalid:${port}`);
  });

  test('literal private targets are refused at creation; a name resolving to loopback at delivery', async () => {
    const port = new URL(rx.url('/')).port;
    for (const url of [`http://127.0.0.1:${port}/x`, `http://[::1]:${port}/x`, 'http://169.254.169.254/latest', 'http://10.0.0.1/']) {
      const res = await api(t.app, org.read, 'POST', '/api/webhooks/subscriptions', { event_type: 'call.hooked', url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().code, 'validation_failed');
      assert.equal(res.json().errors[0].path, 'body.url');
    }
    const sub = await api(t.app, org.read, 'POST', '/api/webhooks/subscriptions', {
      event_type: 'call.hooked',
      url: `http://localhost:${port}/ssrf`,
    });
    assert.equal(sub.statusCode, 201, sub.body);
    await ingest(t.app, org.ingest, callRecord('CA-SSRF-1', { impersonated_brand: 'Amazon' }));
    const [attempt] = await eventually(async () => {
      const items = (await api(t.app, org.read, 'GET', '/api/webhooks/deliveries')).json().items;
      return items.length ? items : undefined;
    });
    assert.equal(attempt.error, 'refused: no public address');
    assert.doesNotMatch(JSON.stringify(attempt), /127\.0\.0\.1|::1|loopback/);
    assert.equal(attempt.response_status, null);
    await sleep(150);
    assert.equal(rx.at('/ssrf').length, 0);
  });
});
