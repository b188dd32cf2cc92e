// The dashboard in a real browser against a real server with demo data: playwright-core
// drives Debian's Chromium. The server is the production entry (src/server.ts) on a free
// port with a fresh data directory; the demo read key is read from its stdout, as a person
// would copy it. Screenshots go to test/artifacts/ (gitignored); the README's pictures are
// written by test/web/overview-look.test.ts with UPDATE_README_SCREENSHOT=1.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  ADMIN,
  apiJson,
  ARTIFACTS,
  buildDashboard,
  cardValue,
  CHROMIUM,
  CHROMIUM_ARGS,
  PANELS,
  ROOT,
  signIn,
  skip,
  startServer,
  stopServer,
  toNumber,
  waitForPanelData,
  type Server,
} from './harness.js';

describe('dashboard in a browser', { skip, timeout: 600_000 }, () => {
  let server: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    buildDashboard();
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  after(async () => {
    await browser?.close();
    await stopServer(server);
  });

  test('the production bundle is under 600 kB gzipped and split by page', () => {
    const dist = path.join(ROOT, 'web', 'dist');
    const files = (readdirSync(dist, { recursive: true }) as string[]).filter(
      (f) => statSync(path.join(dist, f)).isFile() && !/\.(gz|br)$/.test(f),
    );
    const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
    console.log(`# production bundle: ${(gz / 1000).toFixed(1)} kB gzipped in ${files.length} files`);
    assert.ok(gz < 600_000, `the bundle is ${gz} bytes gzipped`);
    const assets = readdirSync(path.join(dist, 'assets'));
    for (const page of ['Overview', 'Calls', 'CallPage', 'AgentChat', 'Webhooks', 'Alerts', 'Integrations', 'UsMap']) {
      assert.ok(
        assets.some((f) => f.startsWith(`${page}-`) && f.endsWith('.js')),
        `a lazy chunk for ${page}`,
      );
    }
    // ECharts stays out of the entry chunk: sign-in and the other pages do not load it.
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))![1];
    assert.doesNotMatch(readFileSync(path.join(dist, 'assets', entry), 'utf8'), /getZr/);
  });

  test('the server answers client routes with the page and keeps problem+json 404s for the API', async () => {
    for (const p of ['/', '/calls', '/calls/CA123', '/agent', '/webhooks', '/alerts', '/integrations']) {
      const res = await fetch(server.origin + p, { headers: { accept: 'text/html' } });
      assert.equal(res.status, 200, p);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/, p);
      assert.match(await res.text(), /<div id="root">/, p);
    }
    const api = await fetch(`${server.origin}/api/nope`, { headers: { accept: 'text/html', authorization: `Bearer ${server.demoKey}` } });
    assert.equal(api.status, 404);
    assert.match(api.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.equal((await api.json()).code, 'not_found');
    const asset = await fetch(`${server.origin}/assets/missing.js`, { headers: { accept: 'text/html' } });
    assert.equal(asset.status, 404);
  });

  test('a wrong key is refused in words; the demo key signs in', async () => {
    await page.goto(server.origin + '/');
    await page.getByLabel('API key').fill('hpk_not_a_real_key_0000000000000000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'refused' }).waitFor();
    await signIn(page, server.origin, server.demoKey);
    await page.waitForSelector('[data-testid="summary-cards"]');
    assert.equal(await page.evaluate(() => window.location.href.includes('hpk_')), false, 'the key is never in the URL');
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }) + document.cookie);
    assert.equal(stored.includes('hpk_'), false, 'the key is in no storage the page can read');
    assert.equal(await page.locator('[data-tier="pro"]').count(), 1, 'the demo org is shown as pro');
  });

  test('every overview panel renders with data over 30 days', async () => {
    // The first render is timed in time-campaigns.test.ts (three cold loads, long tasks, load average).
    await page.goto(`${server.origin}/?range=30d`);
    for (const name of PANELS) await waitForPanelData(page, name);
    assert.ok(toNumber(await cardValue(page, 'calls')) > 1000, 'calls received over 30 days');
    assert.match(await cardValue(page, 'hooked'), /\d/);
    assert.match(await cardValue(page, 'dollars'), /^\$/);
    assert.match(await page.locator('[data-card="hooked"]').innerText(), /\d+(\.\d)?% hook rate/);
    assert.ok((await page.locator('[data-panel="tier1"] tbody tr').count()) > 10, 'tier-1 rows');
    assert.ok((await page.locator('[data-panel="live"] tbody tr').count()) > 0, 'live calls');
    assert.match(await page.locator('[data-panel="geo"]').innerText(), /Top states: /);

    // Every chart is drawn (waitForPanelData waits for data-drawn); they have no entry animation.
    await page.screenshot({ path: path.join(ARTIFACTS, 'overview.png'), fullPage: true });

    // The Tier-1 CSV export (the Export menu's first item): fetched with the session cookie, saved from a blob.
    await page.getByTestId('export-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    assert.match(download.suggestedFilename(), /\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    assert.match(csv.split('\n')[0], /^call_sid,call_started_at,auditor_confidence,/);
    assert.ok(csv.trim().split('\n').length > 10, 'the export has rows');
  });

  test('the window picker changes the figures', async () => {
    await page.goto(`${server.origin}/?range=30d`);
    await waitForPanelData(page, 'timeseries');
    const month = toNumber(await cardValue(page, 'calls'));
    const monthRange = await page.getByTestId('range-text').innerText();
    await page.getByRole('radio', { name: '24 hours' }).check();
    await page.waitForFunction((before) => document.querySelector('[data-testid="range-text"]')?.textContent !== before, monthRange);
    await page.waitForFunction(() => !document.querySelector('.updating, .state-loading'));
    const day = toNumber(await cardValue(page, 'calls'));
    assert.ok(day > 0 && day < month, `24 h (${day}) shows fewer calls than 30 days (${month})`);
    assert.match(await page.locator('[data-panel="timeseries"] .panel-sub').innerText(), /per hour/);
    const dayRange = await page.getByTestId('range-text').innerText();
    await page.getByRole('radio', { name: '7 days' }).check();
    await page.waitForFunction((before) => document.querySelector('[data-testid="range-text"]')?.textContent !== before, dayRange);
    await page.waitForFunction(() => !document.querySelector('.updating, .state-loading'));
    const week = toNumber(await cardValue(page, 'calls'));
    assert.ok(week > day && week < month, `7 days (${week}) lies between 24 h (${day}) and 30 days (${month})`);
  });

  test('a saved search round-trips: save, list, run, rename, delete', async () => {
    const name = `Gift cards, tier 1 ${Date.now()}`;
    await page.goto(`${server.origin}/calls`);
    await page.getByTestId('calls-q').fill('gift card');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('tier-1').check();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('tier') === '1');
    await page.waitForSelector('[data-panel="calls"] tbody tr');
    const before = Number((await page.getByTestId('calls-count').innerText()).replace(/\D/g, ''));
    assert.ok(before > 0, 'the search finds calls');

    await page.getByTestId('save-name').fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator(`[data-saved-search="${name}"]`).waitFor();
    const stored = (
      await apiJson<{ items: { id: string; name: string; filters: Record<string, unknown> }[] }>(
        server,
        server.demoKey,
        '/api/saved-searches',
      )
    ).items.find((s) => s.name === name);
    assert.ok(stored, 'the saved search is stored');
    assert.deepEqual(stored.filters, { q: 'gift card', tier: [1] });

    // Run it from a clean list.
    await page.goto(`${server.origin}/calls`);
    await page
      .locator(`[data-saved-search="${name}"]`)
      .getByRole('button', { name: `Run ${name}` })
      .click();
    await page.waitForFunction(
      () => new URLSearchParams(location.search).get('q') === 'gift card' && new URLSearchParams(location.search).get('tier') === '1',
    );
    await page.waitForSelector('[data-panel="calls"] tbody tr');
    assert.equal(await page.getByTestId('tier-1').isChecked(), true);
    assert.equal(await page.locator(`[data-saved-search="${name}"]`).getAttribute('aria-current'), 'true');

    const renamed = `${name} (renamed)`;
    await page
      .locator(`[data-saved-search="${name}"]`)
      .getByRole('button', { name: `Rename ${name}` })
      .click();
    await page.getByTestId('rename-input').fill(renamed);
    await page.getByTestId('rename-input').press('Enter');
    await page.locator(`[data-saved-search="${renamed}"]`).waitFor();
    const after = (
      await apiJson<{ items: { id: string; name: string; filters: unknown }[] }>(server, server.demoKey, '/api/saved-searches')
    ).items.find((s) => s.id === stored.id);
    assert.equal(after?.name, renamed);
    assert.deepEqual(after?.filters, stored.filters, 'renaming keeps the filters');

    await page
      .locator(`[data-saved-search="${renamed}"]`)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.locator(`[data-saved-search="${renamed}"]`).waitFor({ state: 'detached' });
    const left = (await apiJson<{ items: { id: string }[] }>(server, server.demoKey, '/api/saved-searches')).items;
    assert.equal(
      left.some((s) => s.id === stored.id),
      false,
      'deleted on the server',
    );
  });

  test('the agent answers, shows its tool calls, and its transcript source opens the call page', async () => {
    const { items } = await apiJson<{ items: { call_sid: string }[] }>(server, server.demoKey, '/api/calls?range=7d&tier=1&limit=1');
    const sid = items[0].call_sid;
    await page.goto(`${server.origin}/agent`);
    const asked = await page.locator('.agent-turn').count();
    await page.getByTestId('agent-input').fill(`What happened in call ${sid}?`);
    await page.getByTestId('agent-send').click();
    const turn = page.locator('.agent-turn').nth(asked);
    await turn.waitFor();
    await page.waitForFunction((i) => document.querySelectorAll('.agent-turn')[i]?.getAttribute('data-status') !== 'streaming', asked, {
      timeout: 30_000,
    });
    assert.equal(await turn.getAttribute('data-status'), 'done', await turn.innerText());
    assert.match(await turn.locator('.answer-text').innerText(), new RegExp(sid));
    assert.match(await turn.locator('.tools summary').innerText(), /Used \d+ tools?/);
    const source = turn.locator('a[data-source="transcript"]').first();
    await source.waitFor();

    // A follow-up in the same session; metric sources are chips.
    await page.getByTestId('agent-input').fill('Which brands were impersonated most this week?');
    await page.getByTestId('agent-input').press('Enter');
    const followUp = page.locator('.agent-turn').nth(asked + 1);
    await followUp.waitFor();
    await page.waitForFunction((i) => document.querySelectorAll('.agent-turn')[i]?.getAttribute('data-status') === 'done', asked + 1, {
      timeout: 30_000,
    });
    assert.ok((await followUp.locator('[data-source="metric"]').count()) > 0, 'a metric source chip');
    await page.screenshot({ path: path.join(ARTIFACTS, 'agent.png') });

    await source.click();
    await page.waitForURL(`**/calls/${sid}`);
    await page.waitForSelector('[data-panel="transcript"] .turn');
    assert.ok((await page.locator('[data-panel="transcript"] .turn').count()) > 1, 'the transcript is a conversation');
    assert.ok((await page.locator('[data-panel="transcript"] mark.intel').count()) > 0, 'extracted intel is highlighted');
    await page.screenshot({ path: path.join(ARTIFACTS, 'call.png'), fullPage: true });
  });

  test('a free organisation sees the pro plan state, not errors', async () => {
    const adminHeaders = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const org = await (
      await fetch(`${server.origin}/api/admin/orgs`, {
        method: 'POST',
        headers: adminHeaders,
        body: JSON.stringify({ name: 'Free org', tier: 'free' }),
      })
    ).json();
    const key = await (
      await fetch(`${server.origin}/api/admin/orgs/${org.id}/keys`, {
        method: 'POST',
        headers: adminHeaders,
        body: JSON.stringify({ name: 'web test', role: 'read' }),
      })
    ).json();
    assert.match(key.key, /^hpk_/);

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await signIn(p, server.origin, key.key);
    await p.waitForSelector('[data-tier="free"]');
    await p.waitForSelector('[data-panel="tier1"]');
    await p.locator('[data-panel="tier1"] [data-state="pro"]').waitFor();
    assert.equal(await p.locator('[data-state="error"]').count(), 0, 'no error states on the overview');
    for (const route of ['/agent', '/webhooks', '/alerts']) {
      await p.goto(server.origin + route);
      await p.locator('[data-state="pro"]').first().waitFor();
      assert.match(await p.locator('[data-state="pro"]').first().innerText(), /pro plan/i, route);
      assert.equal(await p.locator('[data-state="error"]').count(), 0, `no error state on ${route}`);
    }
    await ctx.close();
  });
});
