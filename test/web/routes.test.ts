// The dashboard's static serving, without a browser: client routes fall back to index.html
// for browsers, API paths keep the problem+json 404, assets are cached by content hash.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { webDistDir, webRoutes } from '../../src/features/web/routes.js';
import { registerProblemHandlers } from '../../src/http/problem.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function appWith(distDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  registerProblemHandlers(app);
  app.get('/api/kpis/summary', async () => ({ ok: true }));
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(webRoutes, { distDir });
  await app.ready();
  return app;
}

describe('dashboard static routes', () => {
  let dir: string;
  let app: FastifyInstance;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'honeypot-webdist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
    app = await appWith(dir);
  });

  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('/ and every client route answer index.html to a browser, not cached, with a CSP', async () => {
    for (const url of [
      '/',
      '/calls',
      '/calls/CA9f0c',
      '/campaigns',
      '/campaigns/cmp_0123456789abcdef',
      '/agent',
      '/webhooks',
      '/alerts',
      '/integrations',
    ]) {
      const res = await app.inject({ url, headers: html });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.headers['content-type'] as string, /^text\/html/, url);
      assert.match(res.body, /id="root"/, url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
      assert.match(res.headers['content-security-policy'] as string, /script-src 'self'/, url);
    }
  });

  test('API and operations paths keep their own answers and the problem+json 404', async () => {
    const ok = await app.inject({ url: '/api/kpis/summary', headers: html });
    assert.deepEqual(ok.json(), { ok: true });
    for (const url of ['/api/nope', '/api', '/docs/nope', '/openapi.json/x', '/healthz/x', '/readyz', '/metrics', '/no/such/page']) {
      const res = await app.inject({ url, headers: html });
      assert.equal(res.statusCode, 404, url);
      assert.match(res.headers['content-type'] as string, /application\/problem\+json/, url);
      assert.equal(res.json().code, 'not_found', url);
    }
  });

  test('a client route asked for without text/html (an API client) is a problem+json 404', async () => {
    const res = await app.inject({ url: '/calls/CA1', headers: { accept: 'application/json' } });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
    const post = await app.inject({ method: 'POST', url: '/calls', headers: html });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  });

  test('hashed assets are served and cached for a year; a missing asset is a 404, not the page', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: html });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /javascript/);
    assert.match(res.headers['cache-control'] as string, /max-age=31536000, immutable/);
    const other = await app.inject({ url: '/robots.txt' });
    assert.equal(other.statusCode, 200);
    assert.match(other.headers['cache-control'] as string, /max-age=3600/);
    const missing = await app.inject({ url: '/assets/missing-123.js', headers: html });
    assert.equal(missing.statusCode, 404);
    const head = await app.inject({ method: 'HEAD', url: '/calls', headers: html });
    assert.equal(head.statusCode, 200);
  });

  test('paths that climb out of web/dist never reach a file outside it', async () => {
    for (const url of ['/..%2fpackage.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/package.json', '/assets/%00.js']) {
      const res = await app.inject({ url, headers: html });
      assert.doesNotMatch(res.body, /"name"\s*:/, url);
    }
  });

  test('without a build the page says how to build it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'honeypot-webdist-empty-'));
    const bare = await appWith(path.join(empty, 'dist'));
    const res = await bare.inject({ url: '/', headers: html });
    assert.equal(res.statusCode, 503);
    assert.match(res.body, /npm run build/);
    await bare.close();
    rmSync(empty, { recursive: true, force: true });
  });

  test('web/dist is found from the source tree and from the compiled tree', () => {
    const expected = path.join(ROOT, 'web', 'dist');
    assert.equal(webDistDir(path.join(ROOT, 'src', 'features', 'web')), expected);
    assert.equal(webDistDir(path.join(ROOT, 'dist', 'src', 'features', 'web')), expected);
    assert.equal(webDistDir(), expected);
  });
});
