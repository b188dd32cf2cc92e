// The overview as an analyst uses it: the view in the URL (reload, share, back and
// forward), previous-period figures equal to the API's two windows, auto-refresh, tier-1
// sorting and paging to the last row, drill-down from every top-N field to the call list.
// Expected values come from direct API calls with the bearer key, over the exact window the
// page shows (its data-start/-end). Labels, themes, focus rings and phones: overview-look.test.ts.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  apiJson,
  PANELS,
  openDashboard,
  shownSpan,
  waitForPanelData,
  skip,
  type Server,
  closeSignedIn,
  openSignedIn,
  type SignedInBrowser,
} from './harness.js';

interface Span {
  start: string;
  end: string;
}
type Summary = Record<string, number | null>;
interface Tier1Page {
  total: number;
  items: Record<string, string | number | null>[];
  next_cursor?: string | null;
}

const FIGURES = [
  'calls_received',
  'hooked_calls',
  'tier1_calls',
  'tier2_calls',
  'tier3_calls',
  'total_dollars_asked',
  'insights_produced',
  'avg_call_duration_sec',
];
const TOPN = [
  ['impersonated_brand', 'impersonated_brand'],
  ['lure_category', 'lure_category'],
  ['payment_method', 'payment_method'],
  ['impersonated_government_agency', 'impersonated_government_agency'],
  ['mule_bank_name', 'mule_bank_name'],
  ['mule_bank_routing', 'mule_bank_routing_number'],
  ['crypto_chain', 'crypto_chain'],
  ['gift_card_brand', 'gift_card_brand'],
  ['remote_desktop_app', 'remote_desktop_app'],
  ['synthetic_org', 'synthetic_org'],
  ['fake_agent_name', 'fake_agent_name'],
] as const;

/**
 * The change as the card should show it, from the two API answers: one decimal, true minus;
 * "new" only when the earlier window had no calls at all, "from 0" for a figure that was 0 among calls.
 */
function expectedChange(cur: number | null, prev: number | null, earlierCalls: number | null): string {
  if (cur !== null && cur !== 0 && earlierCalls === 0) return 'new';
  if (cur === null || prev === null) return '—';
  if (prev === 0) return cur === 0 ? '—' : 'from 0';
  const pct = Math.round(((cur - prev) / prev) * 1000) / 10;
  if (pct === 0) return '0%';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

const q = (s: Span) => `start=${encodeURIComponent(s.start)}&end=${encodeURIComponent(s.end)}`;

describe('the overview: view in the URL, comparisons, tables, drill-down', { skip, timeout: 900_000 }, () => {
  let server: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const api = <T>(url: string) => apiJson<T>(server, server.demoKey, url);

  const open = (p: Page, url: string | null, panels?: string[]) => openDashboard(p, server, url, panels);
  const param = (p: Page, name: string) => new URL(p.url()).searchParams.get(name);
  const settled = (p: Page) =>
    p.waitForFunction(() => !document.querySelector('.updating, .state-loading, [data-loading]'), undefined, { timeout: 20_000 });

  let signedIn: SignedInBrowser | undefined;
  before(async () => {
    signedIn = await openSignedIn();
    ({ server, browser, context, page } = signedIn);
  });
  after(() => closeSignedIn(signedIn));

  test('every view param is in the URL: back and forward walk the views, a reload and a shared link reproduce them', async () => {
    await open(page, '/?range=7d', PANELS);
    assert.equal(param(page, 'range'), '7d');
    assert.equal(param(page, 'tz'), 'utc', 'the URL names the zone shown');
    // [what changes, URL param, value after the change, how the page shows it]
    const steps: [string, () => Promise<unknown>, string, string, () => Promise<string | null>][] = [
      [
        'window',
        () => page.getByRole('radio', { name: '30 days' }).check(),
        'range',
        '30d',
        () => page.locator('.segmented label.on').first().innerText(),
      ],
      [
        'metric',
        () => page.getByTestId('ts-metric').selectOption('hook_rate'),
        'metric',
        'hook_rate',
        () => page.getByTestId('ts-metric').inputValue(),
      ],
      [
        'bucket',
        () => page.getByTestId('ts-bucket').selectOption('hour'),
        'bucket',
        'hour',
        () => page.getByTestId('ts-bucket').inputValue(),
      ],
      [
        'top-N field',
        () => page.getByTestId('topn-field').selectOption('mule_bank_name'),
        'topn',
        'mule_bank_name',
        () => page.getByTestId('topn-field').inputValue(),
      ],
      ['top-N n', () => page.getByTestId('topn-n').fill('20'), 'n', '20', () => page.getByTestId('topn-n').inputValue()],
      [
        'tier-1 sort',
        () => page.locator('[data-panel="tier1"] [data-sort="auditor_confidence"]').click(),
        'tier1_sort',
        '-auditor_confidence',
        () => page.locator('[data-panel="tier1"] th[aria-sort]').innerText(),
      ],
      [
        'time zone',
        () => page.getByTestId('tz-local').check(),
        'tz',
        'local',
        async () => String(await page.getByTestId('tz-local').isChecked()),
      ],
      ['refresh', () => page.getByTestId('refresh').selectOption('5m'), 'refresh', '5m', () => page.getByTestId('refresh').inputValue()],
    ];
    const urls = [page.url()];
    const shown: (string | null)[][] = [];
    const snapshot = async () => Promise.all(steps.map((s) => s[4]()));
    shown.push(await snapshot());
    for (const [what, act, name, value] of steps) {
      await act();
      await page.waitForFunction(([n, v]) => new URLSearchParams(location.search).get(n) === v, [name, value], { timeout: 10_000 });
      await settled(page);
      urls.push(page.url());
      shown.push(await snapshot());
      assert.notDeepEqual(shown.at(-1), shown.at(-2), `changing the ${what} shows`);
    }
    assert.equal(new Set(urls).size, urls.length, 'one history entry per change');
    // Back through every step, then forward again: the URL and what the page shows follow.
    for (let i = urls.length - 2; i >= 0; i--) {
      await page.goBack();
      await page.waitForFunction((u) => location.href === u, urls[i]);
      await settled(page);
      assert.deepEqual(await snapshot(), shown[i], `back to step ${i}`);
    }
    for (let i = 1; i < urls.length; i++) {
      await page.goForward();
      await page.waitForFunction((u) => location.href === u, urls[i]);
      await settled(page);
      assert.deepEqual(await snapshot(), shown[i], `forward to step ${i}`);
    }
    // A reload, and the link opened by someone else, show the same view.
    const last = urls.at(-1)!;
    await open(page, null);
    assert.equal(page.url(), last);
    assert.deepEqual(await snapshot(), shown.at(-1), 'after a reload');
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p2 = await other.newPage();
    await open(p2, last.slice(server.origin.length));
    assert.equal(await p2.getByTestId('ts-metric').inputValue(), 'hook_rate');
    assert.equal(await p2.getByTestId('topn-field').inputValue(), 'mule_bank_name');
    assert.equal(await p2.getByTestId('tz-local').isChecked(), true);
    await other.close();
  });

  test('% change on every card equals the change between the API answers for the window and the one before it', async () => {
    for (const range of ['7d', '24h', '30d']) {
      await open(page, `/?range=${range}`);
      await page.waitForFunction(() => document.querySelectorAll('[data-change-for]:not([data-loading])').length >= 8);
      const cur = await shownSpan(page);
      const prev = await shownSpan(page, true);
      const len = Date.parse(cur.end) - Date.parse(cur.start);
      assert.equal(len, { '7d': 7, '24h': 1, '30d': 30 }[range]! * 86_400_000, `${range} is that long`);
      assert.equal(prev.end, cur.start, 'the previous period ends where the window starts');
      assert.equal(Date.parse(prev.end) - Date.parse(prev.start), len, 'and is as long');
      const [a, b] = await Promise.all([api<Summary>(`/api/kpis/summary?${q(cur)}`), api<Summary>(`/api/kpis/summary?${q(prev)}`)]);
      for (const f of FIGURES) {
        const shown = await page.locator(`[data-change-for="${f}"]`).evaluate((el) => {
          const c = el.cloneNode(true) as HTMLElement;
          c.querySelectorAll('.sr-only, [aria-hidden="true"]').forEach((x) => x.remove());
          return c.textContent!.trim();
        });
        assert.equal(shown, expectedChange(a[f], b[f], b.calls_received), `${range} ${f}: ${a[f]} now, ${b[f]} before`);
      }
      assert.equal((await page.locator('[data-card="calls"] [data-value]').innerText()).replace(/,/g, ''), String(a.calls_received));
    }
  });

  test('the time series shows the previous period and marks partial buckets; 15-minute buckets over 30 days are refused', async () => {
    await open(page, '/?range=7d&bucket=hour');
    const cur = await shownSpan(page);
    const prev = await shownSpan(page, true);
    const [now, before] = await Promise.all([
      api<{ points: { value: number }[] }>(`/api/kpis/timeseries/calls?${q(cur)}&bucket=hour`),
      api<{ points: { value: number }[] }>(`/api/kpis/timeseries/calls?${q(prev)}&bucket=hour`),
    ]);
    await page.locator('[data-panel="timeseries"] .data-table summary').click();
    const rows = await page
      .locator('[data-panel="timeseries"] .data-table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent!.trim())));
    assert.equal(rows.length, now.points.length);
    assert.deepEqual(
      rows.map((r) => Number(r[1].replace(/,/g, ''))),
      now.points.map((p) => p.value),
      'this period',
    );
    assert.deepEqual(
      rows.map((r) => Number(r[2].replace(/,/g, ''))),
      before.points.map((p) => p.value),
      'the previous period, bucket by bucket',
    );
    // A window that does not start on the hour has a partial first and last bucket.
    const partialFirst = new Date(cur.start).getUTCMinutes() + new Date(cur.start).getUTCSeconds() > 0;
    assert.equal(rows[0][0].endsWith('(partial)'), partialFirst);
    assert.equal(rows.at(-1)![0].endsWith('(partial)'), partialFirst);
    assert.equal(
      rows.slice(1, -1).some((r) => r[0].includes('partial')),
      false,
    );

    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/kpis/timeseries/') && asked.push(r.url()));
    await open(page, '/?range=30d&bucket=15min');
    await page.getByTestId('bucket-refused').waitFor();
    assert.ok(asked.length > 0 && asked.every((u) => new URL(u).searchParams.get('bucket') === 'day'), `asked ${asked.join(' ')}`);
    assert.equal(await page.locator('[data-testid="ts-bucket"] option[value="15min"]').isDisabled(), true);
    assert.equal(await page.locator('[data-testid="ts-bucket"] option[value="hour"]').isDisabled(), false, '720 hourly points are fine');
  });

  test('long and empty windows: arrivals keep to the last 31 days, a window without calls shows zeros, not errors', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const asked: string[] = [];
    const listen = (r: { url(): string }) => r.url().includes('/api/kpis/arrivals') && asked.push(r.url());
    page.on('request', listen);
    await open(page, `/?from=${day(-89)}&to=${day(0)}`, ['arrivals', 'timeseries']);
    page.off('request', listen);
    const a = new URL(asked.at(-1)!).searchParams;
    assert.equal(Date.parse(a.get('end')!) - Date.parse(a.get('start')!), 31 * 86_400_000, 'the last 31 days');
    assert.equal(a.get('end'), `${day(1)}T00:00:00Z`);
    assert.match(await page.locator('[data-panel="arrivals"] .panel-sub').innerText(), /last 31 days/);

    await open(page, '/?from=2020-01-01&to=2020-01-07', []);
    await page.waitForFunction(() => document.querySelectorAll('[data-change-for]:not([data-loading])').length >= 8);
    assert.equal(await page.locator('[data-card="calls"] [data-value]').innerText(), '0');
    assert.equal(
      await page.locator('[data-change-for="calls_received"]').getAttribute('data-change'),
      '',
      'no change from nothing to nothing',
    );
    assert.equal(await page.locator('[data-state="error"]').count(), 0, 'no error states');
  });

  test('the refresh picker reads the window again, ending later', async () => {
    // The page's clock is Playwright's, so the 30 seconds pass at once (in a context of its own).
    const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await c.addInitScript({ content: 'window.__name = (f) => f;' });
    await c.clock.install();
    const p = await c.newPage();
    await open(p, '/?range=24h');
    const before = await shownSpan(p);
    const next = p.waitForRequest((r) => r.url().includes('/api/kpis/summary') && new URL(r.url()).searchParams.get('end')! > before.end, {
      timeout: 20_000,
    });
    await p.getByTestId('refresh').selectOption('30s');
    assert.equal(param(p, 'refresh'), '30s');
    await p.clock.fastForward('00:31');
    await next;
    await p.waitForFunction((end) => document.querySelector('[data-testid="summary-cards"]')!.getAttribute('data-end')! > end, before.end);
    await c.close();
  });

  test('tier-1: server-side sort, paging that reaches the last row, copy buttons with the whole value', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await open(page, '/?range=7d', ['tier1']);
    const span = await shownSpan(page);
    const all = async (sort: string) => {
      const sids: string[] = [];
      let cursor: string | null | undefined;
      let first: Tier1Page | undefined;
      do {
        const r = await api<Tier1Page>(
          `/api/kpis/tier1?${q(span)}&limit=500&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        first ??= r;
        sids.push(...r.items.map((i) => String(i.call_sid)));
        cursor = r.next_cursor;
      } while (cursor);
      return { total: first!.total, sids, first: first! };
    };
    const byDate = await all('-call_started_at');
    assert.equal(byDate.sids.length, byDate.total, 'the API pages reach every tier-1 call');
    assert.ok(byDate.total > 100, 'more than one page of 100');
    const seen: string[] = [];
    for (;;) {
      await settled(page);
      seen.push(
        ...(await page.locator('[data-panel="tier1"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sid')!))),
      );
      const range = await page.getByTestId('tier1-range').innerText();
      assert.match(range, new RegExp(`of ${byDate.total.toLocaleString('en-US')}$`));
      if (await page.getByTestId('tier1-next').isDisabled()) break;
      await page.getByTestId('tier1-next').click();
      await page.waitForFunction((before) => document.querySelector('[data-testid="tier1-range"]')!.textContent !== before, range);
    }
    assert.deepEqual(seen, byDate.sids, 'every row, in the API order, up to the last one');
    await page.getByTestId('tier1-prev').click();
    await settled(page);
    assert.equal(
      await page.locator('[data-panel="tier1"] tbody tr').first().getAttribute('data-sid'),
      byDate.sids[Math.floor((byDate.total - 1) / 100) * 100 - 100],
    );

    // Sorted by the server: the first page is the API's first page in that order.
    await page.locator('[data-panel="tier1"] [data-sort="auditor_confidence"]').click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('tier1_sort') === '-auditor_confidence');
    await settled(page);
    const byConf = await all('-auditor_confidence');
    const firstPage = await page
      .locator('[data-panel="tier1"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-sid')!));
    assert.deepEqual(firstPage, byConf.sids.slice(0, 100));
    assert.equal(
      await page.getByTestId('tier1-range').innerText(),
      `Rows 1–100 of ${byConf.total.toLocaleString('en-US')}`,
      'a new sort starts at the first page',
    );

    // Copy buttons copy the whole identifier, shown whole in the title when it is cut.
    const wallets = byConf.first.items.filter((i) => i.crypto_wallet_address);
    assert.ok(wallets.length > 0, 'a wallet on the first page');
    const w = String(wallets[0].crypto_wallet_address);
    const row = page.locator(`[data-panel="tier1"] tr[data-sid="${wallets[0].call_sid}"]`);
    assert.equal(await row.locator(`code[title="${w}"]`).count(), 1, 'the whole wallet in the title');
    await row.locator(`button[data-copy="${w}"]`).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), w);
    for (const f of ['mule_bank_account_number', 'mule_bank_routing_number']) {
      const it = byConf.first.items.find((i) => i[f]);
      if (!it) continue;
      await page.locator(`[data-panel="tier1"] tr[data-sid="${it.call_sid}"] button[data-copy="${it[f]}"]`).click();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), String(it[f]), f);
    }
  });

  // A territory, a state or a bar filters the overview itself (issue 29): overview-filters.test.ts.
  test('drill-down: the List link of a value of every top-N field opens the calls of that value in the same window', async () => {
    const count = async (filter: string, value: string) => {
      let n = 0;
      let cursor: string | null = null;
      do {
        const r: { items: unknown[]; next_cursor: string | null } = await api(
          `/api/calls?range=7d&${filter}=${encodeURIComponent(value)}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        n += r.items.length;
        cursor = r.next_cursor;
      } while (cursor);
      return n;
    };
    const drill = async (filter: string, value: string, link: string) => {
      await page.locator(link).click();
      await page.waitForURL((u) => u.pathname === '/calls' && u.searchParams.get(filter) === value);
      assert.equal(param(page, 'range'), '7d', `${filter}: the window comes along`);
      const expected = await count(filter, value);
      assert.ok(expected > 0, `${filter}=${value} has calls`);
      await page.waitForFunction(
        (n) => (document.querySelector('[data-testid="calls-count"]')?.textContent ?? '').replace(/,/g, '').includes(String(n)),
        expected,
        { timeout: 20_000 },
      );
      const shown = Number(/[\d,]+/.exec(await page.getByTestId('calls-count').innerText())![0].replace(/,/g, ''));
      assert.equal(shown, expected, `${filter}=${value}: the list counts the API's calls`);
    };
    // One overview, its field picked from the panel; Back returns to it after each drill-down.
    await open(page, '/?range=7d', ['topn']);
    for (const [field, filter] of TOPN) {
      await page.getByTestId('topn-field').selectOption(field);
      await page.waitForURL((u) => u.pathname === '/' && (u.searchParams.get('topn') ?? 'impersonated_brand') === field);
      await waitForPanelData(page, 'topn');
      const span = await shownSpan(page);
      const top = await api<{ items: { label: string }[] }>(`/api/kpis/topn/${field}?${q(span)}&n=10`);
      assert.ok(top.items.length > 0, `${field} has values`);
      const table = page.locator('[data-panel="topn"] details.data-table');
      if (!(await table.evaluate((d) => (d as HTMLDetailsElement).open))) await table.locator('summary').click();
      await drill(filter, top.items[0].label, `[data-panel="topn"] a[data-drill="${top.items[0].label.replace(/"/g, '\\"')}"]`);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/');
    }
  });
});
