// The intel exchange in the dashboard (README, Intel out): the Tier-1 panel's Export menu (CSV, STIX 2.1, MISP) and the
// Integrations page (TAXII 2.1 URLs and this key's collection), in a real browser against the
// production server with demo data. Expected values come from the API itself, asked with the
// bearer key for the same window, never from the page.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Download, type Page, type Request } from 'playwright-core';
import {
  ADMIN,
  ARTIFACTS,
  buildDashboard,
  CHROMIUM,
  CHROMIUM_ARGS,
  openDashboard,
  ROOT,
  shownSpan,
  signIn,
  skip,
  startServer,
  stopServer,
  type Server,
} from './harness.js';

const TAXII = 'application/taxii+json;version=2.1';
const INTEL_PATH = /^\/(api\/exports|taxii2)(\/|$)/;

interface StixBundle {
  type: string;
  id: string;
  objects: { id: string; type: string }[];
}
interface MispExport {
  Event: { uuid: string; Object: { uuid: string; name: string; Attribute: { type: string; value: string }[] }[]; Attribute: unknown[] };
}

/** "2026-11-20T14:00:00.500Z" → "20261120T140000.500Z": the export's file name stamp (basic ISO 8601). */
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.000Z$/, 'Z');
const nav = (p: Page, name: string) => p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('the Export menu and the Integrations page (issue 14)', { skip, timeout: 600_000 }, () => {
  let server: Server;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  const requests: Request[] = [];

  /** A direct GET with the bearer key, as a script would. */
  async function direct(url: string, key = server.demoKey, accept?: string): Promise<{ status: number; type: string; body: string }> {
    const res = await fetch(server.origin + url, { headers: { authorization: `Bearer ${key}`, ...(accept ? { accept } : {}) } });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  }

  async function newOrgKey(tier: 'free' | 'pro', scope?: Record<string, string[]>, orgId?: string) {
    const headers = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const org = orgId
      ? { id: orgId }
      : await (
          await fetch(`${server.origin}/api/admin/orgs`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: `${tier} org ${Date.now()}`, tier }),
          })
        ).json();
    const res = await fetch(`${server.origin}/api/admin/orgs/${org.id}/keys`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'web test', role: 'read', ...(scope ? { scope } : {}) }),
    });
    const key = await res.json();
    assert.equal(res.status, 201, JSON.stringify(key));
    return key.key as string;
  }

  /** Opens the menu with the mouse, picks an item, and returns the file it saved. */
  async function exportVia(testId: string): Promise<{ download: Download; text: string }> {
    await page.getByTestId('export-menu').click();
    await page.getByRole('menu').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    return { download, text: readFileSync((await download.path())!, 'utf8') };
  }

  /** The export request the page made last for `p`. */
  const lastRequest = (p: string) => [...requests].reverse().find((r) => new URL(r.url()).pathname === p);

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    buildDashboard();
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ctx.on('request', (r) => requests.push(r));
    page = await ctx.newPage();
    await signIn(page, server.origin, server.demoKey);
  });

  after(async () => {
    await browser?.close();
    await stopServer(server);
  });

  test('the Integrations page is its own lazy chunk, out of the entry and the overview', () => {
    const assets = readdirSync(path.join(ROOT, 'web', 'dist', 'assets'));
    assert.ok(
      assets.some((f) => f.startsWith('Integrations-') && f.endsWith('.js')),
      'a lazy chunk for Integrations',
    );
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(ROOT, 'web', 'dist', 'index.html'), 'utf8'))![1];
    const overview = assets.find((f) => f.startsWith('Overview-') && f.endsWith('.js'))!;
    for (const f of [entry, overview]) {
      assert.doesNotMatch(readFileSync(path.join(ROOT, 'web', 'dist', 'assets', f), 'utf8'), /TAXII2_DISCOVERY_URL/, f);
    }
  });

  test('each export item downloads the file of the window shown, as the API gives it to a bearer key', async () => {
    await openDashboard(page, server, '/?range=30d', ['tier1']);
    const span = await shownSpan(page);
    const q = `start=${encodeURIComponent(span.start)}&end=${encodeURIComponent(span.end)}`;
    const checkRequest = (p: string) => {
      const r = lastRequest(p);
      assert.ok(r, `the page asked ${p}`);
      const url = new URL(r.url());
      assert.deepEqual(
        [url.searchParams.get('start'), url.searchParams.get('end')],
        [span.start, span.end],
        `${p} asks for the window shown`,
      );
      assert.equal(r.headers().authorization, undefined, 'the session cookie authenticates, not a key');
      assert.ok(!r.url().includes('hpk_'), 'no key in the URL');
    };

    // CSV: the Tier-1 table, exactly as a bearer GET of the same window.
    const csv = await exportVia('export-csv');
    checkRequest('/api/exports/tier1');
    assert.match(csv.text.split('\n')[0], /^call_sid,call_started_at,auditor_confidence,/);
    const csvDirect = await direct(`/api/exports/tier1?${q}`);
    assert.equal(csvDirect.status, 200);
    assert.equal(csv.text, csvDirect.body);
    assert.ok(csv.text.trim().split('\n').length > 10, 'the CSV has rows');
    assert.match(csv.download.suggestedFilename(), /\.csv$/);

    // STIX: a bundle whose objects are the same (ids and content) as a bearer GET of the window.
    const stix = await exportVia('export-stix');
    checkRequest('/api/exports/stix');
    assert.equal(stix.download.suggestedFilename(), `stix-${stamp(span.start)}-${stamp(span.end)}.json`);
    const bundle = JSON.parse(stix.text) as StixBundle;
    assert.equal(bundle.type, 'bundle');
    assert.match(bundle.id, /^bundle--[0-9a-f-]{36}$/);
    assert.ok(Array.isArray(bundle.objects) && bundle.objects.length > 10, 'the bundle holds objects');
    const stixDirect = await direct(`/api/exports/stix?${q}`);
    assert.equal(stixDirect.status, 200);
    assert.equal(stixDirect.type, 'application/stix+json;version=2.1');
    const expected = JSON.parse(stixDirect.body) as StixBundle;
    assert.deepEqual(bundle.objects.map((o) => o.id).sort(), expected.objects.map((o) => o.id).sort(), 'same object ids');
    assert.deepEqual(byId(bundle.objects), byId(expected.objects), 'same objects');
    for (const t of ['indicator', 'observed-data', 'sighting', 'note'])
      assert.ok(
        bundle.objects.some((o) => o.type === t),
        `a ${t}`,
      );

    // MISP: one event with objects, the same ones a bearer GET of the window lists.
    const misp = await exportVia('export-misp');
    checkRequest('/api/exports/misp');
    assert.equal(misp.download.suggestedFilename(), `misp-${stamp(span.start)}-${stamp(span.end)}.json`);
    const event = (JSON.parse(misp.text) as MispExport).Event;
    assert.ok(Array.isArray(event.Object) && event.Object.length > 0, 'Event.Object has objects');
    for (const o of event.Object) assert.ok(['bank-account', 'coin-address', 'phone-number'].includes(o.name), o.name);
    const mispDirect = JSON.parse((await direct(`/api/exports/misp?${q}`)).body) as MispExport;
    assert.equal(event.uuid, mispDirect.Event.uuid, 'the same event (one per org and key scope)');
    assert.deepEqual(event.Object.map((o) => o.uuid).sort(), mispDirect.Event.Object.map((o) => o.uuid).sort(), 'same objects');
  });

  test('the menu works from the keyboard: Enter/Space/arrows open, arrows move, Escape closes, focus returns', async () => {
    await openDashboard(page, server, '/?range=7d', ['tier1']);
    const button = page.getByTestId('export-menu');
    const menu = page.getByRole('menu');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

    assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await menu.count(), 0, 'no menu in the accessibility tree while closed');

    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(
      await menu
        .getByRole('menuitem')
        .allInnerTexts()
        .then((t) => t.map((s) => s.split('\n')[0])),
      ['CSV (Tier-1 rows)', 'STIX 2.1 bundle', 'MISP event'],
    );
    assert.equal(await focused(), 'export-csv', 'Enter opens on the first item');
    await page.locator('[data-panel="tier1"]').screenshot({ path: path.join(ARTIFACTS, 'export-menu.png') });
    const steps: [string, string][] = [
      ['ArrowDown', 'export-stix'],
      ['ArrowDown', 'export-misp'],
      ['ArrowDown', 'export-csv'], // wraps
      ['ArrowUp', 'export-misp'], // wraps back
      ['Home', 'export-csv'],
      ['End', 'export-misp'],
      ['s', 'export-stix'], // a letter jumps to the item it starts
      ['c', 'export-csv'],
    ];
    for (const [key, want] of steps) {
      await page.keyboard.press(key);
      assert.equal(await focused(), want, `after ${key}`);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await focused(), 'export-menu', 'Escape returns focus to the button');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');

    await page.keyboard.press('Space');
    await menu.waitFor();
    assert.equal(await focused(), 'export-csv', 'Space opens on the first item');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await menu.waitFor();
    assert.equal(await focused(), 'export-misp', '↑ opens on the last item');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'export-csv', '↓ opens on the first item');

    // Enter on an item exports it; the menu closes and focus is back on the button.
    await page.keyboard.press('ArrowDown');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    assert.match(download.suggestedFilename(), /^stix-.*\.json$/);
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await focused(), 'export-menu');
    await page
      .getByTestId('export-menu')
      .filter({ hasText: /^Export/ })
      .waitFor();

    // A click elsewhere closes it too.
    await button.click();
    await menu.waitFor();
    await page.locator('h1').first().click();
    await menu.waitFor({ state: 'hidden' });
  });

  test('the Integrations page shows the discovery URL, the API root and the collection the API lists for this key', async () => {
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await openDashboard(page, server, '/', []);
    await nav(page, 'Integrations').click();
    await page.waitForURL('**/integrations');
    assert.equal(await page.title(), 'Integrations · Honeypot Intel');
    assert.equal(await nav(page, 'Integrations').getAttribute('aria-current'), 'page');
    await page.getByTestId('taxii-collection-id').waitFor();

    const discovery = JSON.parse((await direct('/taxii2/', server.demoKey, TAXII)).body) as { api_roots: string[] };
    const listed = await direct('/taxii2/api/collections/', server.demoKey, TAXII);
    assert.equal(listed.status, 200);
    const { collections } = JSON.parse(listed.body) as { collections: { id: string; title: string }[] };
    assert.equal(collections.length, 1);

    assert.equal(await page.getByTestId('taxii-discovery').innerText(), `${server.origin}/taxii2/`);
    // Without HONEYPOT_PUBLIC_URL discovery names the root by its path; the page shows it on its own origin.
    assert.equal(
      await page.getByTestId('taxii-api-root').innerText(),
      new URL(discovery.api_roots[0], `${server.origin}/`).toString(),
      "the API root the server's discovery names",
    );
    assert.equal(await page.getByTestId('taxii-collection-id').innerText(), collections[0].id);
    assert.equal(await page.getByTestId('taxii-collection-title').innerText(), collections[0].title);
    assert.equal(
      await page.getByTestId('taxii-collection-url').innerText(),
      `${server.origin}/taxii2/api/collections/${collections[0].id}/`,
    );
    // The collection was asked for as TAXII, with the cookie.
    const asked = lastRequest('/taxii2/api/collections/');
    assert.ok(asked, 'the page asked the collections');
    assert.equal(asked.headers().accept, TAXII);
    assert.equal(asked.headers().authorization, undefined);

    // Each value has a copy button that copies it.
    for (const [name, want] of [
      ['Copy the collection id', collections[0].id],
      ['Copy the TAXII discovery URL', `${server.origin}/taxii2/`],
      ['Copy the TAXII API root', discovery.api_roots[0]],
    ]) {
      await page.getByRole('button', { name }).click();
      await page.waitForFunction((w) => navigator.clipboard.readText().then((t) => t === w), want, { timeout: 5_000 });
    }

    // The guides say where a key goes; the page never shows one.
    const text = await page.locator('main').innerText();
    assert.match(text, /Authorization: Bearer <a read key>/);
    assert.match(await page.getByTestId('opencti-env').innerText(), new RegExp(`TAXII2_DISCOVERY_URL=${server.origin}/taxii2/\\n`));
    assert.equal(
      await page.getByTestId('misp-collection-url').innerText(),
      `${server.origin}/taxii2/api/collections/${collections[0].id}/`,
    );
    assert.equal(
      await page.getByTestId('curl-export-stix').innerText(),
      `curl -OJ -H "Authorization: Bearer $HONEYPOT_KEY" "${server.origin}/api/exports/stix?range=7d"`,
    );
    assert.ok(!(await page.content()).includes(server.demoKey), "the page never shows the user's key");
    await page.screenshot({ path: path.join(ARTIFACTS, 'integrations.png'), fullPage: true });

    // A reload of /integrations is served the page by the server.
    await page.reload();
    await page.getByTestId('taxii-collection-id').waitFor();
    assert.equal(await page.getByTestId('taxii-collection-id').innerText(), collections[0].id);
  });

  test("a scoped key's page shows its own collection, the one the API lists for that key", async () => {
    const me = JSON.parse((await direct('/api/me')).body) as { org: { id: string } };
    const scoped = await newOrgKey('pro', { impersonated_brand: ['Amazon'] }, me.org.id);
    const [mine, theirs] = await Promise.all([
      direct('/taxii2/api/collections/', server.demoKey, TAXII),
      direct('/taxii2/api/collections/', scoped, TAXII),
    ]);
    const scopedCollection = (JSON.parse(theirs.body) as { collections: { id: string; title: string }[] }).collections[0];
    assert.notEqual(
      scopedCollection.id,
      (JSON.parse(mine.body) as { collections: { id: string }[] }).collections[0].id,
      'another scope, another collection',
    );
    const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await c.newPage();
    await signIn(p, server.origin, scoped, '/integrations');
    await p.getByTestId('taxii-collection-id').waitFor();
    assert.equal(await p.getByTestId('taxii-collection-id').innerText(), scopedCollection.id);
    assert.equal(await p.getByTestId('taxii-collection-title').innerText(), scopedCollection.title);
    await c.close();
  });

  test('a free organisation sees the pro-plan state and makes no request to /api/exports or /taxii2', async () => {
    const key = await newOrgKey('free');
    const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const seen: string[] = [];
    c.on('request', (r) => seen.push(new URL(r.url()).pathname));
    const p = await c.newPage();
    await signIn(p, server.origin, key);
    await p.locator('[data-tier="free"]').waitFor();
    const proExport = p.locator('[data-panel="tier1"] .panel-actions [data-state="pro"]');
    await proExport.waitFor();
    assert.equal(await p.getByTestId('export-menu').count(), 0, 'no export menu on the free plan');
    assert.match(await proExport.innerText(), /Pro plan/);
    assert.equal(await proExport.getByRole('button', { name: 'Export' }).isDisabled(), true);
    await nav(p, 'Integrations').click();
    await p.locator('main [data-state="pro"]').waitFor();
    assert.match(await p.locator('main [data-state="pro"]').innerText(), /pro plan/i);
    await p.reload();
    await p.locator('main [data-state="pro"]').waitFor();
    await p.waitForLoadState('networkidle');
    assert.equal(await p.locator('[data-state="error"]').count(), 0);
    assert.deepEqual(
      seen.filter((x) => INTEL_PATH.test(x)),
      [],
      'no request to an export or TAXII path',
    );
    await c.close();
  });
});
