// Every page of the dashboard under axe-core (WCAG 2 A and AA rules, and axe's best practices)
// in the light scheme and on a 390 px phone, and under axe's colour rules in the dark scheme,
// signed out (the sign-in screen) and signed in: no violation, no page wider than the phone, no
// console error and no uncaught error anywhere. One server; each page is loaded once per look.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { apiJson, buildDashboard, CHROMIUM, CHROMIUM_ARGS, signIn, skip, startServer, stopServer, type Server } from './harness.js';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** `colours`: a look that changes only colours, checked by axe's colour rules. */
const LOOKS: { name: string; options: BrowserContextOptions; colours?: boolean }[] = [
  { name: 'light', options: { viewport: { width: 1280, height: 900 }, colorScheme: 'light' } },
  { name: 'dark', options: { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' }, colours: true },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' } },
];

/** Waits until no panel or list is loading (the page as a person reads it). */
const settled = (p: Page) =>
  p.waitForFunction(() => !document.querySelector('.state-loading, [data-loading], .card-skeleton'), undefined, { timeout: 20_000 });

interface Finding {
  look: string;
  page: string;
  rule: string;
  nodes: string[];
}

describe('accessibility: axe-core on every page, light, dark and phone (issue 29)', { skip, timeout: 900_000 }, () => {
  let server: Server;
  let browser: Browser;
  let sid: string;
  let campaign: string;

  before(async () => {
    buildDashboard();
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const list = await apiJson<{ items: { call_sid: string }[] }>(server, server.demoKey, '/api/calls?range=30d&limit=1');
    sid = list.items[0].call_sid;
    const campaigns = await apiJson<{ items: { id: string }[] }>(server, server.demoKey, '/api/campaigns?range=30d&limit=1');
    campaign = campaigns.items[0].id;
  });
  after(async () => {
    await browser?.close();
    await stopServer(server);
  });

  test('0 violations, nothing wider than the viewport, no console error, signed out and in', async () => {
    // The overview also filtered (chips, the grouped tier-1 table) and narrowed to a time filter.
    const hour = (h: number) => new Date((Math.floor(Date.now() / 3_600_000) - h) * 3_600_000).toISOString().replace('.000Z', 'Z');
    const filtered = `/?range=7d&f=is,caller_state,TX&f=not_range,duration_sec,0,15&f=at,${hour(30)},${hour(24)}`;
    const pages = [
      '/',
      filtered,
      '/calls',
      `/calls/${encodeURIComponent(sid)}`,
      '/campaigns?range=30d',
      `/campaigns/${campaign}?range=30d`,
      '/agent',
      '/webhooks',
      '/alerts',
      '/integrations',
    ];
    const findings: Finding[] = [];
    const wide: string[] = [];
    const errors: string[] = [];
    // Per page: the time to load and settle, then axe's.
    const times: string[] = [];
    for (const look of LOOKS) {
      const ctx = await browser.newContext(look.options);
      await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
      const page = await ctx.newPage();
      let at = 'sign-in';
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${look.name} ${at}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`${look.name} ${at}: uncaught ${e.message}`));

      const check = async (name: string) => {
        // The dark scheme changes colours only (the same markup and layout as light): its colour rules run, the
        // rest gave light's findings again at half of this file's time.
        const axe = new AxeBuilder({ page });
        const res = await (look.colours ? axe.withRules(['color-contrast', 'link-in-text-block']) : axe.withTags(AXE_TAGS)).analyze();
        for (const v of res.violations)
          findings.push({ look: look.name, page: name, rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) });
        const w = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, vw: window.innerWidth }));
        if (w.doc > w.vw + 1) wide.push(`${look.name} ${name}: ${w.doc} px in ${w.vw} px`);
      };

      // Signed out: the sign-in screen, which asks the server nothing that fails.
      await page.goto(server.origin + '/');
      await page.getByLabel('API key').waitFor();
      await check('sign-in');

      await signIn(page, server.origin, server.demoKey);
      for (const path of pages) {
        at = path;
        const t0 = Date.now();
        // To another page, within the app, as a person clicking through it: the router follows
        // the history, and the bundle is not loaded and parsed again. The new page's heading is
        // a new element. The overview, filtered or not, is loaded in full.
        const moved = await page.evaluate((to) => {
          if (new URL(to, location.href).pathname === location.pathname) return false;
          document.querySelector('#main h1')?.setAttribute('data-left', '');
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
          return true;
        }, path);
        if (!moved) await page.goto(server.origin + path);
        else await page.waitForSelector('#main h1:not([data-left])', { timeout: 20_000 });
        await page.waitForSelector('#main h1', { timeout: 20_000 }).catch(async (e: Error) => {
          throw new Error(
            `${look.name} ${path}: no page heading (${e.message.split('\n')[0]}): ${(await page.locator('body').innerText()).slice(0, 300)}`,
          );
        });
        if (path === '/' || path === filtered)
          await page.waitForSelector('[data-panel="timeseries"] canvas, [data-panel="timeseries"] .state-empty');
        await settled(page);
        if (path === '/') {
          // The page ends where its content does (hidden "Copied" texts once stretched it by 3,700 px).
          const { doc, content } = await page.evaluate(() => ({
            doc: document.documentElement.scrollHeight,
            content: Math.max(...Array.from(document.querySelectorAll('.panel'), (p) => p.getBoundingClientRect().bottom + window.scrollY)),
          }));
          assert.ok(doc - content < 120, `${look.name}: the overview is ${doc} px tall, its panels end at ${Math.round(content)} px`);
        }
        const t1 = Date.now();
        await check(path);
        times.push(`${look.name} ${path.slice(0, 24)} ${t1 - t0}+${Date.now() - t1} ms`);
      }
      await ctx.close();
    }
    const summary = findings.map((f) => `${f.look} ${f.page}: ${f.rule} (${f.nodes.length}) ${f.nodes.slice(0, 3).join(' | ')}`);
    console.log(`# axe: ${findings.reduce((s, f) => s + f.nodes.length, 0)} nodes in ${findings.length} findings`);
    console.log(`# a11y page times (load+axe): ${times.join('; ')}`);
    assert.deepEqual(summary, [], 'axe-core violations');
    assert.deepEqual(wide, [], 'pages wider than the viewport');
    assert.deepEqual(errors, [], 'console errors');
  });
});
