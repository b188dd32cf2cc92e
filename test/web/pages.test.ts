// The sign-in session across tabs, the plan from /api/me, alert thresholds in their unit,
// and the calls list (order, total, paging, snippets, drill-down filters) in a real browser
// against the production server with demo data. Expected values come from the
// API itself, asked with the bearer key, never from the page.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import {
  ADMIN,
  apiJson,
  buildDashboard,
  CHROMIUM,
  CHROMIUM_ARGS,
  signIn,
  skip,
  startServer,
  stopServer,
  toNumber,
  type Server,
} from './harness.js';

interface CallList {
  total: number;
  items: { call_sid: string; duration_sec: number; snippet: { text: string; match_start: number; match_length: number } | null }[];
  next_cursor: string | null;
}
interface Rule {
  id: string;
  name: string;
  metric: string;
  threshold: number;
  window_min: number;
  enabled: boolean;
}

const nav = (p: Page, name: string) => p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const PRO_PATH = /^\/api\/(agent|webhooks|alerts|exports)(\/|$)/;
const pct1 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Polls until check() holds (the UI and the API settle at their own pace). */
async function eventually(check: () => Promise<boolean>, what: string, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('dashboard pages in a browser (issue 13)', { skip, timeout: 600_000 }, () => {
  let server: Server;
  let browser: Browser;
  let ctx: BrowserContext;
  let a: Page;
  const requests: Request[] = [];
  const api = <T>(url: string, init?: RequestInit) => apiJson<T>(server, server.demoKey, url, init);

  async function newOrgKey(tier: 'free' | 'pro', scope?: Record<string, string[]>) {
    const headers = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const org = await (
      await fetch(`${server.origin}/api/admin/orgs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `${tier} org ${Date.now()}`, tier }),
      })
    ).json();
    const key = await (
      await fetch(`${server.origin}/api/admin/orgs/${org.id}/keys`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'web test', role: 'read', ...(scope ? { scope } : {}) }),
      })
    ).json();
    assert.match(key.key, /^hpk_/);
    return { org: org as { id: string; name: string }, key: key as { id: string; key: string } };
  }

  /** The call SIDs of the list as shown, once no page of it is loading. */
  async function shownSids(p: Page): Promise<string[]> {
    await p.waitForSelector('[data-panel="calls"] tr[data-call]');
    await p.waitForFunction(() => !document.querySelector('[data-panel="calls"] .updating, [data-panel="calls"] .state-loading'));
    return p.locator('[data-panel="calls"] tr[data-call]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-call')!));
  }

  const shownTotal = async (p: Page) => toNumber(await p.getByTestId('calls-count').innerText());

  before(async () => {
    buildDashboard();
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ctx.on('request', (r) => requests.push(r));
    a = await ctx.newPage();
  });

  after(async () => {
    await browser?.close();
    await stopServer(server);
  });

  test('sign-in sets an HttpOnly cookie; the key is in no storage; requests carry the CSRF header and no Authorization', async () => {
    await signIn(a, server.origin, server.demoKey);
    const me = await api<{ org: { name: string; tier: string } }>('/api/me');
    await a.locator('[data-tier="pro"]').waitFor();
    assert.equal(await a.getByTestId('org-name').innerText(), me.org.name);
    const readable = await a.evaluate(
      () => JSON.stringify({ ...sessionStorage, ...localStorage }) + '|' + document.cookie + '|' + location.href,
    );
    assert.equal(readable.includes(server.demoKey), false, 'the key is not readable by the page');
    assert.equal(readable.includes('hp_session'), false, 'the session cookie is not readable by the page');
    const cookie = (await ctx.cookies()).find((c) => c.name === 'hp_session');
    assert.ok(cookie, 'the session cookie is set');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.value.includes(server.demoKey), false, 'the cookie is not the key');
    const calls = requests.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
    assert.ok(calls.length > 3, 'the overview asked the API');
    for (const r of calls) {
      const h = await r.allHeaders();
      assert.equal(h['x-honeypot-csrf'], '1', r.url());
      assert.equal(h.authorization, undefined, r.url());
    }
  });

  test('a new tab stays signed in: Ctrl+click on a call, and a fresh page of the same browser', async () => {
    await a.goto(`${server.origin}/calls?range=7d`);
    const link = a.locator('[data-panel="calls"] tr[data-call] a').first();
    await link.waitFor();
    const sid = await a.locator('[data-panel="calls"] tr[data-call]').first().getAttribute('data-call');
    const [tab] = await Promise.all([ctx.waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
    await tab.waitForSelector('[data-panel="transcript"], [data-panel="intel"]');
    assert.equal(new URL(tab.url()).pathname, `/calls/${sid}`);
    assert.equal(await tab.locator('#api-key').count(), 0, 'no sign-in form in the new tab');
    await tab.close();
    const fresh = await ctx.newPage();
    await fresh.goto(`${server.origin}/alerts`);
    await fresh.locator('[data-panel="rules"]').waitFor();
    assert.equal(await fresh.locator('#api-key').count(), 0);
    await fresh.close();
  });

  test('sign-out in one tab puts the others on the sign-in screen at once and ends the session on the server', async () => {
    const b = await ctx.newPage();
    await b.goto(`${server.origin}/webhooks`);
    await b.locator('[data-panel="subscriptions"]').waitFor();
    await a.goto(`${server.origin}/calls`);
    await a.getByTestId('sign-out').click();
    await a.locator('#api-key').waitFor();
    // No reload in b: the message arrives over the BroadcastChannel.
    await b.locator('#api-key').waitFor({ timeout: 3_000 });
    assert.match(await b.getByTestId('signin-notice').innerText(), /another tab/);
    assert.equal((await ctx.request.get(`${server.origin}/api/me`)).status(), 401, 'the server forgot the session');
    // Signing in again in one tab signs the other in as well.
    await a.getByLabel('API key').fill(server.demoKey);
    await a.getByRole('button', { name: 'Sign in' }).click();
    await a.locator('[data-tier="pro"]').waitFor();
    await b.locator('[data-panel="subscriptions"]').waitFor({ timeout: 5_000 });
    await b.close();
  });

  test('a 401 anywhere sends the tab to the sign-in screen with the reason', async () => {
    const { key } = await newOrgKey('pro');
    const c = await browser.newContext();
    const p = await c.newPage();
    await signIn(p, server.origin, key.key, '/calls');
    await p.locator('[data-tier="pro"]').waitFor();
    const revoked = await fetch(`${server.origin}/api/admin/keys/${key.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    assert.equal(revoked.status, 204);
    // Opening Alerts asks the API; a poll of the calls page may meet the 401 first and take
    // the navigation away before the click lands, so either one may end the session.
    const signInForm = p.locator('#api-key');
    await Promise.race([nav(p, 'Alerts').click(), signInForm.waitFor()]);
    await signInForm.waitFor();
    assert.match(await p.getByTestId('signin-notice').innerText(), /^Signed out: /);
    await c.close();
  });

  test('a free organisation (scoped key) sees its plan and scope from /api/me and never calls a pro path', async () => {
    const { org, key } = await newOrgKey('free', { impersonated_brand: ['Amazon'] });
    const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const seen: string[] = [];
    c.on('request', (r) => seen.push(new URL(r.url()).pathname));
    const p = await c.newPage();
    await signIn(p, server.origin, key.key);
    await p.locator('[data-tier="free"]').waitFor();
    assert.equal(await p.getByTestId('org-name').innerText(), org.name);
    // The scope as the server keeps it (values are stored canonical, e.g. lower case).
    const me = await apiJson<{ key: { scope: { impersonated_brand: string[] } } }>(server, key.key, '/api/me');
    assert.deepEqual(
      me.key.scope.impersonated_brand.map((v) => v.toLowerCase()),
      ['amazon'],
    );
    assert.equal(await p.getByTestId('key-scope').innerText(), `Scope: brand ${me.key.scope.impersonated_brand[0]}`);
    await p.waitForLoadState('networkidle');
    for (const route of ['/calls', '/agent', '/webhooks', '/alerts']) {
      await nav(
        p,
        route.slice(1).replace(/^./, (x) => x.toUpperCase()),
      ).click();
      if (route !== '/calls') await p.locator('[data-state="pro"]').first().waitFor();
      await p.waitForLoadState('networkidle');
    }
    await p.getByRole('button', { name: 'Ask the agent' }).click();
    await p.locator('#agent-side [data-state="pro"]').waitFor();
    await p.reload();
    await p.locator('[data-state="pro"]').first().waitFor();
    await p.waitForLoadState('networkidle');
    assert.ok(seen.includes('/api/me'), 'the plan was asked of /api/me');
    assert.deepEqual(
      seen.filter((x) => PRO_PATH.test(x)),
      [],
      'no request to a pro path',
    );
    assert.equal(await p.locator('[data-state="error"]').count(), 0);
    await c.close();
  });

  test('alert thresholds in their unit: 50 for hook_rate stores 0.5 and lists "50 %"; edit and pause round-trip', async () => {
    const stamp = Date.now();
    const rules = async () => (await api<{ items: Rule[] }>('/api/alerts/rules')).items;
    await a.goto(`${server.origin}/alerts`);
    const form = a.getByRole('form', { name: 'New alert rule' });
    await form.waitFor();

    const create = async (name: string, metric: string, typed: string) => {
      await a.getByTestId('rule-name').fill(name);
      await a.getByTestId('rule-metric').selectOption(metric);
      await form.getByTestId('threshold-input').fill(typed);
      await a.getByTestId('rule-window').fill('60');
      await a.getByTestId('rule-target').fill('https://example.com/hooks/hp');
      await form.getByRole('button', { name: 'Create rule' }).click();
      await a.getByTestId('secret-once').waitFor();
      await a.getByTestId('secret-once').getByRole('button', { name: 'Done' }).click();
      await a.locator(`[data-rule="${name}"]`).waitFor();
      const stored = (await rules()).find((r) => r.name === name);
      assert.ok(stored, `${name} is stored`);
      return stored;
    };

    // The preview beside the input is the API's preview, in percent.
    await a.getByTestId('rule-metric').selectOption('hook_rate');
    await a.getByTestId('rule-window').fill('60');
    await eventually(async () => {
      const shown = await form
        .getByTestId('preview-value')
        .textContent()
        .catch(() => null);
      const { value, unit } = await api<{ value: number; unit: string }>('/api/alerts/preview?metric=hook_rate&window_min=60');
      assert.equal(unit, 'fraction');
      return shown === `${pct1.format(Number((value * 100).toPrecision(12)))} %`;
    }, 'the hook-rate preview in percent');
    await form.getByTestId('threshold-input').fill('150');
    assert.match(await a.getByRole('alert').innerText(), /percentage from 0 to 100/);

    const hook = await create(`Hook rate half ${stamp}`, 'hook_rate', '50');
    assert.equal(hook.threshold, 0.5);
    assert.equal(hook.enabled, true);
    const row = a.locator(`[data-rule="${hook.name}"]`);
    assert.equal(await row.getByTestId('rule-threshold').innerText(), '50 %');

    const dollars = await create(`Dollars ${stamp}`, 'total_dollars_asked', '5000');
    assert.equal(dollars.threshold, 5000);
    assert.equal(await a.locator(`[data-rule="${dollars.name}"]`).getByTestId('rule-threshold').innerText(), '$5,000');
    const calls = await create(`Calls ${stamp}`, 'calls', '12');
    assert.equal(calls.threshold, 12);
    assert.equal(await a.locator(`[data-rule="${calls.name}"]`).getByTestId('rule-threshold').innerText(), '12 calls');

    // Edit: 25 % over two hours.
    await row.getByRole('button', { name: `Edit ${hook.name}` }).click();
    const edit = a.locator(`[data-edit-rule="${hook.id}"]`);
    assert.equal(await edit.getByTestId('threshold-input').inputValue(), '50', 'the edit form shows percent');
    await edit.getByTestId('threshold-input').fill('25');
    await edit.getByLabel('Window (min)').fill('120');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    let stored = (await rules()).find((r) => r.id === hook.id)!;
    assert.equal(stored.threshold, 0.25);
    assert.equal(stored.window_min, 120);
    await eventually(async () => (await row.getByTestId('rule-threshold').innerText()) === '25 %', 'the list to show 25 %');

    // Pause, then resume.
    await row.getByRole('button', { name: `Pause ${hook.name}` }).click();
    await row.getByRole('button', { name: `Resume ${hook.name}` }).waitFor();
    stored = (await rules()).find((r) => r.id === hook.id)!;
    assert.equal(stored.enabled, false);
    assert.match(await row.innerText(), /paused/);
    await row.getByRole('button', { name: `Resume ${hook.name}` }).click();
    await row.getByRole('button', { name: `Pause ${hook.name}` }).waitFor();
    assert.equal((await rules()).find((r) => r.id === hook.id)!.enabled, true);

    for (const r of [hook, dollars, calls])
      await fetch(`${server.origin}/api/alerts/rules/${r.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${server.demoKey}` },
      });
  });

  test('calls list: the order is the API’s for each sort, the total is the API’s', async () => {
    for (const sort of ['duration_sec', '-auditor_confidence', '-started_at']) {
      await a.goto(`${server.origin}/calls?range=7d`);
      await shownSids(a);
      await a.getByTestId('calls-sort').selectOption(sort);
      if (sort !== '-started_at') await a.waitForURL((u) => u.searchParams.get('sort') === sort);
      const expected = await api<CallList>(`/api/calls?range=7d&sort=${encodeURIComponent(sort)}&limit=50`);
      assert.deepEqual(
        await shownSids(a),
        expected.items.map((i) => i.call_sid),
        sort,
      );
      assert.equal(await shownTotal(a), expected.total, `total under ${sort}`);
    }
    // A list reached without a window in its URL puts the window in on the first change (a copied
    // link shows the same list); back undoes the change.
    await a.goto(`${server.origin}/calls`);
    const newest = await shownSids(a);
    await a.getByTestId('calls-sort').selectOption('started_at');
    await a.waitForURL((u) => u.searchParams.get('sort') === 'started_at' && u.searchParams.get('range') === '7d');
    await a.waitForFunction(
      (first) => document.querySelector('[data-panel="calls"] tr[data-call]')?.getAttribute('data-call') !== first,
      newest[0],
    );
    await a.goBack();
    await a.waitForURL((u) => !u.searchParams.has('sort'));
    assert.deepEqual(await shownSids(a), newest, 'back restores the newest-first list');
    assert.equal(await a.getByTestId('calls-sort').inputValue(), '-started_at');

    // The shortest-first order is really by duration (not only equal to what the API says).
    await a.goto(`${server.origin}/calls?range=7d&sort=duration_sec`);
    await shownSids(a);
    const durations = await a
      .locator('[data-panel="calls"] tr[data-call] [data-duration]')
      .evaluateAll((c) => c.map((x) => Number(x.getAttribute('data-duration'))));
    assert.deepEqual(
      durations,
      [...durations].sort((x, y) => x - y),
    );
  });

  test('calls list: "load more" walks the cursor to the last page', async () => {
    let chosen: { query: string; total: number } | null = null;
    for (const query of ['range=24h', 'range=7d&tier=1', 'range=7d&tier=2', 'range=30d&tier=1', 'range=7d&hooked=true']) {
      const { total } = await api<CallList>(`/api/calls?${query}&limit=1`);
      if (total > 50 && total <= 400) {
        chosen = { query, total };
        break;
      }
    }
    assert.ok(chosen, 'a filter with between 51 and 400 calls');
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CallList = await api<CallList>(
        `/api/calls?${chosen.query}&sort=started_at&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      all.push(...page.items.map((i) => i.call_sid));
      cursor = page.next_cursor;
    } while (cursor);
    assert.equal(all.length, chosen.total);
    await a.goto(`${server.origin}/calls?${chosen.query}&sort=started_at`);
    await shownSids(a);
    assert.equal(await shownTotal(a), chosen.total);
    while (await a.getByTestId('calls-more').count()) {
      const before = await a.locator('[data-panel="calls"] tr[data-call]').count();
      await a.getByTestId('calls-more').click();
      await a.waitForFunction((n) => document.querySelectorAll('[data-panel="calls"] tr[data-call]').length > n, before);
    }
    assert.deepEqual(await shownSids(a), all, 'every call once, in the API’s order');
  });

  test('a search shows each call’s matching excerpt with the match marked, whatever its case', async () => {
    const q = 'GIFT card';
    await a.goto(`${server.origin}/calls?range=30d&q=${encodeURIComponent(q)}`);
    const sids = await shownSids(a);
    const expected = await api<CallList>(`/api/calls?range=30d&q=${encodeURIComponent(q)}&limit=50`);
    assert.deepEqual(
      sids,
      expected.items.map((i) => i.call_sid),
    );
    const marks = await a.locator('[data-panel="calls"] [data-testid="snippet"] mark').allInnerTexts();
    assert.equal(marks.length, sids.length, 'one marked match per call');
    for (const m of marks) assert.equal(m.toLowerCase(), q.toLowerCase());
    const first = expected.items[0].snippet!;
    assert.equal(marks[0], first.text.slice(first.match_start, first.match_start + first.match_length));
    assert.match(
      await a.locator('[data-testid="snippet"]').first().innerText(),
      new RegExp(`: ${first.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  });

  test('drill-down links (/calls?gift_card_brand=…) show a removable chip and the API’s count', async () => {
    for (const [topn, filter] of [
      ['gift_card_brand', 'gift_card_brand'],
      ['mule_bank_routing', 'mule_bank_routing_number'],
    ]) {
      const top = await api<{ items: { label: string }[] }>(`/api/kpis/topn/${topn}?range=30d&n=1`);
      const value = top.items[0].label;
      await a.goto(`${server.origin}/calls?${filter}=${encodeURIComponent(value)}&range=30d`);
      await shownSids(a);
      const chip = a.locator(`[data-chip="${filter}=${value}"]`);
      assert.match(await chip.innerText(), new RegExp(value));
      const { total } = await api<CallList>(`/api/calls?${filter}=${encodeURIComponent(value)}&range=30d&limit=1`);
      assert.ok(total > 0);
      assert.equal(await shownTotal(a), total, filter);
      // Saved with the search, as the filter the server takes.
      const name = `Drill ${filter} ${Date.now()}`;
      await a.getByTestId('save-name').fill(name);
      await a.getByRole('button', { name: 'Save', exact: true }).click();
      await a.locator(`[data-saved-search="${name}"]`).waitFor();
      const saved = (await api<{ items: { id: string; name: string; filters: unknown }[] }>('/api/saved-searches')).items.find(
        (x) => x.name === name,
      )!;
      assert.deepEqual(saved.filters, { [filter]: [value] });
      await fetch(`${server.origin}/api/saved-searches/${saved.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${server.demoKey}` },
      });
      await chip.getByRole('button').click();
      await a.waitForURL((u) => !u.searchParams.has(filter) && u.searchParams.get('range') === '30d');
      await a.waitForFunction(
        (t) => Number(document.querySelector('[data-testid="calls-count"]')?.textContent?.replace(/\D/g, '')) !== t,
        total,
      );
      assert.equal(await shownTotal(a), (await api<CallList>('/api/calls?range=30d&limit=1')).total);
    }
  });

  test('multi-select filters: two brands picked from the window’s values, in the URL, count as the API', async () => {
    await a.goto(`${server.origin}/calls?range=7d`);
    await shownSids(a);
    await a.getByTestId('pick-impersonated_brand').click();
    const boxes = a.locator('[data-filter="impersonated_brand"] input[type="checkbox"]');
    await boxes.first().waitFor();
    const values = [await boxes.nth(0).getAttribute('data-value'), await boxes.nth(1).getAttribute('data-value')] as string[];
    await boxes.nth(0).check();
    await a.waitForURL((u) => u.searchParams.getAll('impersonated_brand').length === 1);
    await boxes.nth(1).check();
    await a.waitForURL((u) => u.searchParams.getAll('impersonated_brand').length === 2);
    const expected = await api<CallList>(
      `/api/calls?range=7d&${values.map((v) => `impersonated_brand=${encodeURIComponent(v)}`).join('&')}&limit=50`,
    );
    assert.deepEqual(
      await shownSids(a),
      expected.items.map((i) => i.call_sid),
    );
    assert.equal(await shownTotal(a), expected.total);
  });

  test('on a phone the filters fold behind a button; the call page copies long identifiers', async () => {
    await a.goto(`${server.origin}/calls`);
    await a.locator('[data-panel="filters"]').waitFor();
    assert.equal(await a.getByTestId('filters-toggle').isVisible(), false, 'no fold on a wide screen');
    const phone = await ctx.newPage();
    await phone.setViewportSize({ width: 390, height: 800 });
    await phone.goto(`${server.origin}/calls`);
    const toggle = phone.getByTestId('filters-toggle');
    await toggle.waitFor();
    assert.equal(await phone.locator('[data-panel="filters"]').isVisible(), false);
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await phone.locator('[data-panel="filters"]').isVisible(), true);
    await phone.close();

    const rows = (await api<{ items: { call_sid: string; crypto_wallet_address: string | null }[] }>('/api/kpis/tier1?range=30d&limit=500'))
      .items;
    const withWallet = rows.find((r) => r.crypto_wallet_address);
    assert.ok(withWallet, 'a tier-1 call with a wallet');
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await a.goto(`${server.origin}/calls/${withWallet.call_sid}`);
    await a.getByRole('button', { name: 'Copy the crypto wallet' }).click();
    await a.locator('[data-field="crypto_wallet_address"] [role="status"]').filter({ hasText: 'Copied' }).waitFor();
    assert.equal(await a.evaluate(() => navigator.clipboard.readText()), withWallet.crypto_wallet_address);
  });

  test("a panel's Explain, with the agent closed, opens it beside the page and asks about that panel", async () => {
    await a.goto(`${server.origin}/`);
    await a.evaluate(() => sessionStorage.setItem('hp.agentOpen', '0'));
    await a.reload();
    await a.locator('[data-panel="disconnect"] button.explain').waitFor();
    assert.equal(await a.locator('#agent-side').count(), 0, 'the agent starts closed');
    const asked = a.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/agent/ask-stream');
    await a.locator('[data-panel="disconnect"] button.explain').click();
    const body = JSON.parse((await asked).postData() ?? '{}');
    assert.equal(body.question, 'Explain this chart');
    assert.equal(body.context_chart_id, 'disconnect');
    await a.locator('#agent-side').waitFor();
  });
});
