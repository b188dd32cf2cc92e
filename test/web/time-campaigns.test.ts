// Time controls, comparison modes, exports, the Campaigns page, saved views in a new browser,
// annotations on every time chart, and the overview's first render (issues 28 and 29). One
// server and one browser for all of it. Every figure the page shows is compared with the
// test's own reads of the API (bearer key, the window the page says it shows); expected
// windows (zoomed, shifted, compared) are worked out here from the page's own instants, not
// taken from the page's code.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import {
  ADMIN,
  CHROMIUM,
  CHROMIUM_ARGS,
  apiJson,
  closeSignedIn,
  openDashboard,
  openSignedIn,
  shownSpan,
  signIn,
  skip,
  waitForPanelData,
  type Server,
  type SignedInBrowser,
} from './harness.js';

interface Span {
  start: string;
  end: string;
}
interface Answer {
  results: {
    dimensions: (string | number | null)[];
    metrics: (number | null)[];
    comparison?: { metrics: (number | null)[]; change: (number | null)[] };
  }[];
  comparison_range?: { start_utc: string; end_utc: string };
}
interface CampaignRow {
  id: string;
  calls: number;
  first_seen: string;
  last_seen: string;
  growth: number;
  total_dollars_asked: number;
  brands: string[];
}
interface CampaignDetail extends CampaignRow {
  links: { kind: string; value: string; calls: number; call_sids: string[] }[];
  timeline: { day: string; calls: number }[];
}
interface CallRow {
  call_sid: string;
  impersonated_brand: string | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const num = (s: string) => Number(s.replace(/[^0-9.-]/g, ''));
const len = (s: Span) => Date.parse(s.end) - Date.parse(s.start);

describe('time, comparison, exports, campaigns, saved views and notes in the browser (issues 28, 29)', { skip, timeout: 900_000 }, () => {
  let signedIn: SignedInBrowser | undefined;
  let server: Server;
  let page: Page;
  const t0 = Date.now();

  before(async () => {
    // The test's own reads count against the demo key, as the page's do.
    process.env.HONEYPOT_RATE_GENERAL = '100000/60';
    signedIn = await openSignedIn();
    ({ server, page } = signedIn);
  });
  after(async () => {
    await closeSignedIn(signedIn);
    console.log(
      `# time-campaigns.test.ts: ${((Date.now() - t0) / 1000).toFixed(1)} s in all, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  });

  const query = (span: Span, body: Record<string, unknown>, key = server.demoKey) =>
    apiJson<Answer>(server, key, '/api/query', {
      method: 'POST',
      body: JSON.stringify({ ...body, start: span.start, end: span.end, timezone: 'UTC' }),
    });

  /** Waits until no panel is loading or showing older figures. */
  const settled = () =>
    page.waitForFunction(() => !document.querySelector('.updating, .state-loading, [data-loading], .card-skeleton'), undefined, {
      timeout: 30_000,
    });

  const cardCalls = async () => num(await page.locator('[data-card="calls"] [data-value]').innerText());

  /** The calls card against POST /api/query over the window the cards say they show. */
  async function expectCallsOf(span: Span, what: string): Promise<void> {
    await settled();
    assert.deepEqual(await shownSpan(page), span, `${what}: the cards show the window`);
    const calls = (await query(span, { metrics: ['calls_received'] })).results[0].metrics[0];
    assert.equal(await cardCalls(), calls, `${what}: calls`);
  }

  const urlWindow = () => {
    const p = new URL(page.url()).searchParams;
    return { range: p.get('range'), from: p.get('from'), to: p.get('to') };
  };

  test('drag-to-zoom on the series sets the window to the stretch; zoom out, earlier, later, t ← →, back', async () => {
    await openDashboard(page, server, '/?range=7d&tz=utc', ['timeseries']);
    await settled();
    const week = await shownSpan(page);
    const chart = page.locator('[data-panel="timeseries"] .echart');
    const box = (await chart.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.45, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('from')?.includes('T'));
    const zoomed = { start: urlWindow().from!, end: urlWindow().to! };
    assert.equal(urlWindow().range, null, 'the window is the stretch, not a named one');
    // The stretch lies inside the week, and is about 30 % of its width (the plot area is most of the chart).
    assert.ok(Date.parse(zoomed.start) > Date.parse(week.start) && Date.parse(zoomed.end) < Date.parse(week.end), JSON.stringify(zoomed));
    const share = len(zoomed) / len(week);
    assert.ok(share > 0.2 && share < 0.4, `a third of the week dragged across: ${share.toFixed(3)}`);
    assert.equal(Date.parse(zoomed.start) % 60_000, 0, 'whole minutes');
    await waitForPanelData(page, 'timeseries');
    await expectCallsOf(zoomed, 'zoomed');
    // No point was selected by the drag's closing click.
    assert.deepEqual(new URL(page.url()).searchParams.getAll('f'), []);

    // Zoom out: twice as long, around the same middle.
    await page.getByTestId('zoom-out').click();
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('from') !== s, zoomed.start);
    const out = { start: urlWindow().from!, end: urlWindow().to! };
    assert.equal(len(out), 2 * len(zoomed), 'twice as long');
    // Whole minutes: a stretch of an odd number of minutes cannot keep its middle to the second, only within half a minute.
    const middleShift = Math.abs(Date.parse(out.start) + Date.parse(out.end) - (Date.parse(zoomed.start) + Date.parse(zoomed.end))) / 2;
    assert.ok(middleShift <= 30_000, `the same middle (moved ${middleShift} ms)`);
    await expectCallsOf(out, 'zoomed out');

    // Earlier: the same length, just before.
    await page.getByTestId('window-earlier').click();
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('to') === s, out.start);
    const earlier = { start: iso(Date.parse(out.start) - len(out)), end: out.start };
    await expectCallsOf(earlier, 'earlier');

    // The keyboard: t then → moves it back later; z zooms out.
    await page.locator('main h1').click();
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('from') === s, out.start);
    await expectCallsOf(out, 't then →');
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('to') === s, out.start);
    await page.getByTestId('window-later').click();
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('from') === s, out.start);
    await page.keyboard.press('z');
    await page.waitForFunction(
      (n) => {
        const q = new URLSearchParams(location.search);
        return Date.parse(q.get('to')!) - Date.parse(q.get('from')!) === n;
      },
      2 * len(out),
    );

    // Back walks the windows one by one.
    await page.goBack();
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('from') === s, out.start);
    await expectCallsOf(out, 'back');
  });

  test('drag across the arrivals heat map: the window runs from the first cell dragged over to the end of the last', async () => {
    await openDashboard(page, server, '/?range=7d&tz=utc', ['arrivals']);
    await settled();
    const chart = page.locator('[data-panel="arrivals"] .echart');
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    /** The quarter hour of the cell under a point, read from the tooltip a person would see there ("Tue Nov 26, 09:00–09:15 UTC"). */
    const cellAt = async (x: number, y: number) => {
      await page.mouse.move(x, y);
      const text = await page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll('[data-panel="arrivals"] .echart div'))
            .map((d) => (d as HTMLElement).innerText ?? '')
            .find((t) => /^\w{3} \w{3} \d+, \d\d:\d\d–\d\d:\d\d/.test(t)) ?? false,
      );
      const m = /^\w{3} (\w{3}) (\d+), (\d\d:\d\d)–/.exec((await text.jsonValue()) as string)!;
      const now = new Date();
      const month = MONTHS.indexOf(m[1]);
      const year = month > now.getUTCMonth() ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
      return Date.parse(`${year}-${String(month + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}T${m[3]}:00Z`);
    };
    // Upper left to lower right: a few days' rows, from a morning to an afternoon quarter hour.
    const a = { x: box.x + box.width * 0.35, y: box.y + box.height * 0.2 };
    const b = { x: box.x + box.width * 0.7, y: box.y + box.height * 0.55 };
    const first = await cellAt(a.x, a.y);
    const last = await cellAt(b.x, b.y);
    assert.ok(last - first > DAY, `the cells are days apart: ${iso(first)} … ${iso(last)}`);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    const want = { start: iso(first), end: iso(last + 15 * 60_000) };
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('from') === s, want.start);
    assert.deepEqual({ start: urlWindow().from, end: urlWindow().to }, want, 'from the first cell to the end of the last');
    assert.deepEqual(new URL(page.url()).searchParams.getAll('f'), [], 'the drag selected no cell');
    await waitForPanelData(page, 'timeseries');
    await expectCallsOf(want, 'dragged on the heat map');
  });

  test('custom ranges: the last 6 hours, and from a moment to a moment typed with its time of day (UTC)', async () => {
    await openDashboard(page, server, '/?range=7d&tz=utc', ['timeseries']);
    await page.locator('[data-testid="view-bar"] input[value="custom"]').check();
    await page.getByTestId('relative-count').fill('6');
    await page.getByTestId('relative-unit').selectOption('h');
    await page.getByTestId('relative-form').getByRole('button', { name: 'Show' }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('range') === '6h');
    await settled();
    const six = await shownSpan(page);
    assert.equal(len(six), 6 * HOUR, 'six hours');
    assert.ok(Math.abs(Date.parse(six.end) - Date.now()) < 5 * 60_000, 'ending now');
    await expectCallsOf(six, 'the last 6 hours');

    // Yesterday 09:15 to 17:45 UTC, typed.
    const day = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    await page.locator('[data-testid="view-bar"] input[value="custom"]').check();
    await page.getByTestId('custom-from').fill(`${day}T09:15`);
    await page.getByTestId('custom-to').fill(`${day}T17:45`);
    await page.getByTestId('absolute-form').getByRole('button', { name: 'Apply' }).click();
    const typed = { start: `${day}T09:15:00Z`, end: `${day}T17:45:00Z` };
    await page.waitForFunction((s) => new URLSearchParams(location.search).get('from') === s, typed.start);
    await waitForPanelData(page, 'timeseries');
    await expectCallsOf(typed, 'the typed range');
    // The series over 8.5 hours is drawn in quarter hours, and sums to the window's calls.
    const series = await page
      .locator('[data-panel="timeseries"] details.data-table tbody tr')
      .evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[1]?.textContent ?? '').trim()));
    assert.equal(series.length, 34, '8.5 hours of quarter hours');
    assert.equal(
      series.reduce((s, v) => s + num(v), 0),
      await cardCalls(),
    );
  });

  test('comparison: previous period, 4 weeks and a year earlier, custom, off, against POST /api/query with compare', async () => {
    const FIGURES: [string, string][] = [
      ['calls_received', 'calls_received'],
      ['hooked_calls', 'hooked_calls'],
      ['tier1_calls', 'tier1_calls'],
      ['total_dollars_asked', 'total_dollars_asked'],
    ];
    await openDashboard(page, server, '/?range=7d&tz=utc', ['timeseries']);
    await settled();
    const span = await shownSpan(page);
    const yearBack = (s: string) => {
      const d = new Date(s);
      d.setUTCFullYear(d.getUTCFullYear() - 1);
      return iso(d.getTime());
    };
    // Typed in a datetime-local field: whole minutes.
    const customStart = iso(Math.floor((Date.parse(span.start) - 10 * DAY) / 60_000) * 60_000);
    const modes: [string, Span][] = [
      ['previous', { start: iso(Date.parse(span.start) - len(span)), end: span.start }],
      ['4w', { start: iso(Date.parse(span.start) - 28 * DAY), end: iso(Date.parse(span.end) - 28 * DAY) }],
      ['year', { start: yearBack(span.start), end: yearBack(span.end) }],
      ['custom', { start: customStart, end: iso(Date.parse(customStart) + len(span)) }],
    ];
    let sawNew = false;
    for (const [mode, expected] of modes) {
      await page.getByTestId('compare').selectOption(mode);
      if (mode === 'custom') {
        await page.getByTestId('compare-start').fill(customStart.slice(0, 16));
        await page.getByTestId('compare-start').press('Enter');
        await page.waitForFunction((s) => new URLSearchParams(location.search).get('cmp_from') === s, customStart);
      }
      await page.waitForFunction(
        (e) => document.querySelector('[data-testid="summary-cards"]')?.getAttribute('data-prev-start') === e,
        expected.start,
      );
      await page.waitForFunction(() => !document.querySelector('[data-change-for][data-loading]'));
      await settled();
      assert.deepEqual(await shownSpan(page, true), expected, `${mode}: the window compared with`);
      const a = await query(span, { metrics: FIGURES.map((f) => f[0]), compare: expected });
      const row = a.results[0];
      const earlierCalls = row.comparison!.metrics[0];
      for (const [i, [metric, card]] of FIGURES.entries()) {
        const shown = await page.locator(`[data-change-for="${card}"]`).first().getAttribute('data-change');
        const cur = row.metrics[i]!;
        const was = row.comparison!.metrics[i]!;
        let want: string;
        if (cur === 0) want = was === 0 ? '' : String(row.comparison!.change[i]);
        else if (earlierCalls === 0) want = 'new';
        else if (was === 0) want = 'from0';
        else want = String(row.comparison!.change[i]);
        if (want === 'new') sawNew = true;
        if (want !== '' && want !== 'new' && want !== 'from0')
          assert.ok(Math.abs(Number(shown) - Number(want)) < 1e-9, `${mode} ${metric}: ${shown} vs the API's ${want}`);
        else assert.equal(shown, want, `${mode} ${metric}`);
      }
      // "new" only when the earlier window really had no calls.
      if (earlierCalls! > 0) assert.equal(await page.locator('[data-change="new"]').count(), 0, `${mode}: nothing "new"`);
    }
    assert.ok(sawNew, 'a year earlier the demo has no calls: its figures are "new"');

    // A fall is not drawn as bad news: every change is in the figures' text colour.
    await page.getByTestId('compare').selectOption('previous');
    await page.waitForFunction(() => !document.querySelector('[data-change-for][data-loading]'));
    const colours = await page.evaluate(() => ({
      changes: [...new Set(Array.from(document.querySelectorAll('.change.up, .change.down'), (e) => getComputedStyle(e).color))],
      text: getComputedStyle(document.querySelector('.card-value')!).color,
      downs: document.querySelectorAll('.change.down').length + document.querySelectorAll('.change.up').length,
    }));
    assert.ok(colours.downs > 0, 'some figure changed');
    assert.deepEqual(colours.changes, [colours.text]);

    // Off: no comparison read, shown or drawn.
    await page.getByTestId('compare').selectOption('off');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('cmp') === 'off');
    await settled();
    assert.equal(await page.locator('[data-change-for]').count(), 0, 'no changes shown');
    assert.equal(await page.getByTestId('summary-cards').getAttribute('data-prev-start'), null);
    assert.doesNotMatch((await page.locator('[data-panel="timeseries"] .echart').getAttribute('aria-label'))!, /compared/);
  });

  let lastDownload = 0;
  /** Clicks a download button in a panel (its table opened first) and returns the file. */
  async function download(panel: string, testId: string): Promise<{ name: string; bytes: Buffer }> {
    const d = page.locator(`[data-panel="${panel}"] details.data-table`);
    if ((await d.count()) && !(await d.evaluate((x) => (x as HTMLDetailsElement).open))) await d.locator('summary').click();
    // Chromium (156) silently drops a download that follows ten others within about a second:
    // downloads are spaced as a person's clicks are.
    await page.waitForTimeout(Math.max(0, lastDownload + 300 - Date.now()));
    const [file] = await Promise.all([
      // A chart's PNG is drawn when asked: a loaded machine (a full run) once took over the 30 s default.
      page.waitForEvent('download', { timeout: 90_000 }),
      page.locator(`[data-panel="${panel}"] [data-testid="${testId}"]`).click(),
    ]);
    lastDownload = Date.now();
    const chunks: Buffer[] = [];
    for await (const c of (await file.createReadStream())!) chunks.push(c as Buffer);
    return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }
  const csvRows = (b: Buffer) =>
    b
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));

  /** A CSV file's rows (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
  const parseCsv = (b: Buffer): string[][] => {
    const text = b.toString('utf8');
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (quoted && ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (quoted && ch === '"') quoted = false;
      else if (quoted) field += ch;
      else if (ch === '"') quoted = true;
      else if (ch === ',') {
        row.push(field);
        field = '';
      } else if (ch === '\r' && text[i + 1] === '\n') {
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
        i++;
      } else field += ch;
    }
    return rows;
  };
  /** A text value as a CSV holds it: behind a "'" when a spreadsheet would take it for a formula. */
  const asCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

  /** Runs the requests of a panel's query export, as a script would, with the demo key. */
  async function runExported(json: Buffer): Promise<unknown[]> {
    const { requests } = JSON.parse(json.toString('utf8')) as { requests: { method: string; url: string; body?: unknown }[] };
    const out: unknown[] = [];
    for (const r of requests) {
      const u = new URL(r.url);
      assert.equal(u.origin, server.origin, 'the export names this server');
      out.push(
        await apiJson(server, server.demoKey, u.pathname + u.search, r.body ? { method: r.method, body: JSON.stringify(r.body) } : {}),
      );
    }
    return out;
  }

  test('exports: every overview panel as CSV equal to its endpoint, PNG of its chart, and the query behind it as JSON and curl', async () => {
    await openDashboard(page, server, '/?range=7d&tz=utc', [
      'timeseries',
      'disconnect',
      'topn',
      'geo',
      'duration-histogram',
      'ask-histogram',
      'arrivals',
    ]);
    await page.waitForFunction(() => !document.querySelector('[data-change-for][data-loading]'));
    await settled();
    const span = await shownSpan(page);
    const prev = await shownSpan(page, true);
    const q = `start=${span.start}&end=${span.end}`;
    const get = <T>(path: string, extra = '', s = q) => apiJson<T>(server, server.demoKey, `${path}?${s}${extra}`);

    type Points = { points: { timestamp: string; value: number }[] };
    const series = await get<Points>('/api/kpis/timeseries/calls', '&bucket=hour');
    const before = await get<Points>('/api/kpis/timeseries/calls', '&bucket=hour', `start=${prev.start}&end=${prev.end}`);
    const reasons = await get<Record<string, number>>('/api/kpis/disconnect-breakdown');
    const top = await get<{ items: { label: string; count: number; pct_of_total: number }[] }>(
      '/api/kpis/topn/impersonated_brand',
      '&n=10',
    );
    const geo = await get<{ items: { state: string; count: number; area_codes: string[] }[] }>('/api/kpis/attacker-geo');
    const dur = await get<{ buckets: { min_sec: number; max_sec: number | null; count: number }[] }>('/api/kpis/duration-histogram');
    const ask = await get<{ buckets: { min: number; max: number | null; count: number }[] }>('/api/kpis/ask-histogram');
    const arr = await get<{ buckets: { bucket_start_utc: string; count: number }[] }>('/api/kpis/arrivals');
    const reads: Record<string, unknown> = {
      timeseries: series,
      disconnect: reasons,
      topn: top,
      geo,
      'duration-histogram': dur,
      'ask-histogram': ask,
      arrivals: arr,
    };
    const expected: Record<string, unknown[][]> = {
      timeseries: series.points.map((p, i) => [p.timestamp, p.value, before.points[i]?.value ?? null]),
      disconnect: Object.entries(reasons)
        .filter(([k, v]) => k !== 'range' && typeof v === 'number')
        .map(([k, v]) => [k, v]),
      topn: top.items.map((i) => [i.label, i.count, i.pct_of_total]),
      geo: geo.items.map((i) => [i.state, i.count, i.area_codes.join(' ') || null]),
      'duration-histogram': dur.buckets.map((b) => [b.min_sec, b.max_sec, b.count]),
      'ask-histogram': ask.buckets.map((b) => [b.min, b.max, b.count]),
      arrivals: arr.buckets.map((b) => [b.bucket_start_utc, b.count]),
    };
    for (const [panel, rows] of Object.entries(expected)) {
      const csv = await download(panel, 'csv-download');
      // Compared as text: the CSV writes each JSON value as JavaScript prints it ('' for null).
      const got = csvRows(csv.bytes)
        .slice(1)
        .map((r) => r.map((v) => (v === '' ? null : v)));
      const want = rows.map((r) => r.map((v) => (v === null ? null : String(v))));
      if (panel === 'disconnect') assert.deepEqual(new Map(got as [string, string][]), new Map(want as [string, string][]), panel);
      else assert.deepEqual(got, want, `${panel}: the CSV is the endpoint's figures`);

      const png = await download(panel, 'png-download');
      assert.equal(png.name, csv.name.replace(/\.csv$/, '.png'));
      assert.equal(png.bytes.subarray(1, 4).toString('latin1'), 'PNG', `${panel}: a PNG`);
      const width = await page
        .locator(`[data-panel="${panel}"] .echart canvas`)
        .first()
        .evaluate((c) => (c as HTMLCanvasElement).width);
      assert.equal(png.bytes.readUInt32BE(16), width, `${panel}: the chart's pixels`);

      // The query: what the test read itself, and running it gives the same figures.
      const json = await download(panel, 'query-json');
      const answers = await runExported(json.bytes);
      assert.deepEqual(answers[0], reads[panel], `${panel}: the exported query answers what the test read`);
    }
    // The series' query holds both periods; its answers are the two the test read.
    const seriesJson = await runExported((await download('timeseries', 'query-json')).bytes);
    assert.deepEqual(
      (seriesJson as Points[]).map((a) => a.points.map((p) => p.value)),
      [series.points.map((p) => p.value), before.points.map((p) => p.value)],
    );

    // Filtered: the top-N's curl commands, run by a shell with a key, give the CSV's figures.
    await openDashboard(page, server, '/?range=7d&tz=utc&f=is,caller_state,TX', ['topn']);
    await settled();
    const curl = await download('topn', 'query-curl');
    const text = curl.bytes.toString('utf8');
    assert.match(text, /^curl -sS -H "Authorization: Bearer \$HONEYPOT_API_KEY" -H 'content-type: application\/json' -X POST --data '/m);
    const lines = text.split('\n').filter((l) => l.startsWith('curl '));
    const outs = lines.map((l) =>
      JSON.parse(execFileSync('bash', ['-c', l], { env: { ...process.env, HONEYPOT_API_KEY: server.demoKey }, encoding: 'utf8' })),
    ) as Answer[];
    const csv = csvRows((await download('topn', 'csv-download')).bytes).slice(1);
    assert.deepEqual(
      outs[0].results.map((r) => [r.dimensions[0], r.metrics[0]]),
      csv.map((r) => [r[0], Number(r[1])]),
      'the filtered top brands, read by curl',
    );
    const direct = await query(span, {
      metrics: ['calls_received'],
      dimensions: ['impersonated_brand'],
      filters: [
        ['is', 'caller_state', ['TX']],
        ['has', 'impersonated_brand'],
      ],
      limit: 10,
    });
    assert.deepEqual(
      csv.map((r) => [r[0], Number(r[1])]),
      direct.results.map((r) => [r.dimensions[0], r.metrics[0]]),
    );
  });

  test('exports of the calls search (the rows loaded, page by page) and of the Tier-1 table: CSV, PNG, query JSON', async () => {
    const FIELDS = [
      'call_sid',
      'started_at',
      'duration_sec',
      'caller_id',
      'caller_state',
      'impersonated_brand',
      'lure_category',
      'payment_method',
      'tier',
      'hooked',
      'auditor_confidence',
      'total_dollars_asked',
    ];
    const day = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
    const span = { start: `${day(6)}T00:00:00Z`, end: `${day(1)}T00:00:00Z` };
    const api = await apiJson<{ items: Record<string, unknown>[] }>(
      server,
      server.demoKey,
      `/api/calls?start=${span.start}&end=${span.end}&lure_category=REFUND&sort=-duration_sec&limit=100`,
    );
    assert.ok(api.items.length > 50, `more than a page of refund calls: ${api.items.length}`);
    // As a CSV writes them: text a spreadsheet would take for a formula (a caller ID's "+1…") behind a "'".
    const cell = (v: unknown) =>
      v === null || v === undefined ? null : typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
    const asCsv = (items: Record<string, unknown>[]) => items.map((c) => FIELDS.map((f) => cell(c[f])));
    const csvOf = async () => csvRows((await download('calls', 'csv-download')).bytes).map((r) => r.map((v) => (v === '' ? null : v)));
    await page.goto(`${server.origin}/calls?from=${span.start}&to=${span.end}&tz=utc&lure_category=REFUND&sort=-duration_sec`);
    await page.getByTestId('calls-table').waitFor({ timeout: 30_000 });
    await settled();
    const one = await csvOf();
    assert.deepEqual(one[0], FIELDS, "the header: the API's field names");
    assert.deepEqual(one.slice(1), asCsv(api.items.slice(0, 50)), 'the first page, as the API lists it');
    await page.getByTestId('calls-more').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="calls-table"] tbody tr[data-call]').length === n,
      Math.min(100, api.items.length),
    );
    const two = await csvOf();
    assert.deepEqual(two.slice(1), asCsv(api.items.slice(0, 100)), 'both pages loaded');
    // The query: one request per page loaded (the second with its cursor); run, they give the CSV's rows.
    const pages = (await runExported((await download('calls', 'query-json')).bytes)) as { items: Record<string, unknown>[] }[];
    assert.equal(pages.length, 2);
    assert.deepEqual(asCsv(pages.flatMap((p) => p.items)), two.slice(1), 'the exported requests read the rows exported');
    const table = page.getByTestId('calls-table');
    const png = await download('calls', 'png-download');
    const dpr = await page.evaluate(() => window.devicePixelRatio);
    const tb = (await table.evaluate((t) => t.getBoundingClientRect().toJSON())) as { width: number; height: number };
    assert.equal(png.bytes.subarray(1, 4).toString('latin1'), 'PNG');
    assert.deepEqual(
      [png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)],
      [Math.round(tb.width * dpr), Math.round(tb.height * dpr)],
      'a picture of the whole table',
    );

    // Tier-1: PNG of the table, and its query reads the rows the table shows.
    await openDashboard(page, server, '/?range=30d&tz=utc', ['tier1']);
    await settled();
    const shown = await page.locator('[data-testid="tier1-table"] tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-sid')));
    const w = await shownSpan(page);
    const t1 = await apiJson<{ items: { call_sid: string }[] }>(
      server,
      server.demoKey,
      `/api/kpis/tier1?start=${w.start}&end=${w.end}&limit=${shown.length}`,
    );
    assert.deepEqual(
      shown,
      t1.items.map((r) => r.call_sid),
      "the table is the API's first page",
    );
    const [answer] = (await runExported((await download('tier1', 'query-json')).bytes)) as { items: { call_sid: string }[] }[];
    assert.deepEqual(
      answer.items.map((r) => r.call_sid),
      shown,
      'the exported query reads the rows shown',
    );
    const t1png = await download('tier1', 'png-download');
    const t1box = (await page.getByTestId('tier1-table').evaluate((t) => t.getBoundingClientRect().toJSON())) as {
      width: number;
      height: number;
    };
    assert.deepEqual(
      [t1png.bytes.readUInt32BE(16), t1png.bytes.readUInt32BE(20)],
      [Math.round(t1box.width * dpr), Math.round(t1box.height * dpr)],
      'the Tier-1 table as a picture',
    );

    // Live calls: the CSV is the calls in progress the API lists (read before and after the
    // download, and the same both times).
    const LIVE = ['call_sid', 'caller_id', 'persona', 'impersonated_brand', 'lure_category', 'state', 'started_at', 'last_heartbeat'];
    type Live = { calls: Record<string, unknown>[] };
    const liveRows = (l: Live) => l.calls.map((c) => LIVE.map((f) => cell(c[f])));
    let checked = false;
    for (let i = 0; i < 5 && !checked; i++) {
      const a = await apiJson<Live>(server, server.demoKey, '/api/kpis/active-calls');
      await page.waitForFunction((n) => document.querySelectorAll('[data-panel="live"] tbody tr').length === n, a.calls.length);
      const got = csvRows((await download('live', 'csv-download')).bytes).map((r) => r.map((v) => (v === '' ? null : v)));
      const b = await apiJson<Live>(server, server.demoKey, '/api/kpis/active-calls');
      assert.deepEqual(got[0], LIVE);
      // The panel reads every 5 s: a CSV of an older read, or calls that changed meanwhile, is tried again.
      if (JSON.stringify(liveRows(a)) !== JSON.stringify(liveRows(b)) || JSON.stringify(got.slice(1)) !== JSON.stringify(liveRows(a))) {
        await page.waitForTimeout(1000);
        continue;
      }
      checked = true;
    }
    assert.ok(checked, 'the live calls held still long enough to compare');
  });

  test('tier-1 and calls tables: header click sorts on the server, columns chosen and widths set are kept in this browser', async () => {
    // Calls: a header asks the server for its order.
    await page.goto(server.origin + '/calls?range=7d');
    await page.getByTestId('calls-table').waitFor({ timeout: 30_000 });
    const sids = () =>
      page.locator('[data-testid="calls-table"] tbody tr[data-call]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-call')));
    for (const sort of ['-duration_sec', 'duration_sec']) {
      await page.locator('[data-testid="calls-table"] [data-sort="duration_sec"]').click();
      await page.waitForFunction((x) => new URLSearchParams(location.search).get('sort') === x, sort);
      await settled();
      const api = await apiJson<{ items: CallRow[] }>(server, server.demoKey, `/api/calls?range=7d&sort=${sort}&limit=50`);
      await page.waitForFunction(
        (first) => document.querySelector('[data-testid="calls-table"] tbody tr[data-call]')?.getAttribute('data-call') === first,
        api.items[0].call_sid,
      );
      assert.deepEqual(
        await sids(),
        api.items.map((c) => c.call_sid),
        `calls by ${sort}`,
      );
    }
    assert.equal(await page.locator('[data-testid="calls-table"] th[data-col="duration"]').getAttribute('aria-sort'), 'ascending');

    // Columns: two hidden, one widened from the keyboard; a reload keeps both.
    const headers = () =>
      page.locator('[data-testid="calls-table"] thead th').evaluateAll((hs) => hs.map((h) => h.getAttribute('data-col')));
    await page.getByTestId('calls-columns').locator('summary').click();
    await page.locator('[data-testid="calls-columns"] input[data-column="brand"]').uncheck();
    await page.locator('[data-testid="calls-columns"] input[data-column="lure"]').uncheck();
    const hidden = ['started', 'call', 'duration', 'caller', 'payment', 'intel', 'confidence', 'asked'];
    assert.deepEqual(await headers(), hidden);
    const callerTh = page.locator('[data-testid="calls-table"] th[data-col="caller"]');
    const w0 = (await callerTh.boundingBox())!.width;
    await callerTh.locator('.col-resize').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('hp.columns.calls')))!) as {
      hidden: string[];
      widths: Record<string, number>;
    };
    assert.deepEqual(stored.hidden, ['brand', 'lure']);
    assert.ok(Math.abs(stored.widths.caller - (w0 + 32)) <= 2, `widened by two steps: ${w0} → ${stored.widths.caller}`);
    await page.reload();
    await page.getByTestId('calls-table').waitFor({ timeout: 30_000 });
    assert.deepEqual(await headers(), hidden, 'the columns after a reload');
    assert.ok(Math.abs((await callerTh.boundingBox())!.width - stored.widths.caller) <= 2, 'the width after a reload');
    // Shown again.
    await page.getByTestId('calls-columns').locator('summary').click();
    await page.locator('[data-testid="calls-columns"] input[data-column="brand"]').check();
    await page.locator('[data-testid="calls-columns"] input[data-column="lure"]').check();
    assert.equal((await headers()).length, 10);

    // Tier-1: a header sorts on the server; a column hidden stays hidden after a reload.
    await openDashboard(page, server, '/?range=30d&tz=utc', ['tier1']);
    await settled();
    const span = await shownSpan(page);
    await page.locator('[data-testid="tier1-table"] [data-sort="auditor_confidence"]').click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('tier1_sort') === '-auditor_confidence');
    const t1 = await apiJson<{ items: { call_sid: string }[] }>(
      server,
      server.demoKey,
      `/api/kpis/tier1?start=${span.start}&end=${span.end}&limit=100&sort=-auditor_confidence`,
    );
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="tier1-table"] tbody tr')?.getAttribute('data-sid') === first,
      t1.items[0].call_sid,
    );
    assert.deepEqual(
      await page.locator('[data-testid="tier1-table"] tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-sid'))),
      t1.items.map((r) => r.call_sid),
      'tier-1 by confidence',
    );
    await page.getByTestId('tier1-columns').locator('summary').click();
    await page.locator('[data-testid="tier1-columns"] input[data-column="mule_account_holder_name"]').uncheck();
    await openDashboard(page, server, null, ['tier1']);
    const t1Headers = await page
      .locator('[data-testid="tier1-table"] thead th')
      .evaluateAll((hs) => hs.map((h) => h.getAttribute('data-col')));
    assert.ok(!t1Headers.includes('mule_account_holder_name') && t1Headers.length === 10, t1Headers.join(' '));
    await page.getByTestId('tier1-columns').locator('summary').click();
    await page.locator('[data-testid="tier1-columns"] input[data-column="mule_account_holder_name"]').check();
  });

  test("campaigns: the list as the API sorts it, min_calls, a campaign's graph and calls, drill-down to a call", async () => {
    const list = (key: string, extra = '') =>
      apiJson<{ items: CampaignRow[] }>(server, key, `/api/campaigns?range=30d&limit=50${extra}`).then((r) => r.items);
    const shownRows = () =>
      page
        .locator('[data-testid="campaigns-table"] tbody tr')
        .evaluateAll((rs) => rs.map((r) => [r.getAttribute('data-campaign'), Number(r.getAttribute('data-calls'))]));
    await page.goto(server.origin + '/campaigns?range=30d');
    await page.getByTestId('campaigns-table').waitFor({ timeout: 60_000 });
    const byCalls = await list(server.demoKey);
    assert.ok(byCalls.length >= 3, `the demo has campaigns: ${byCalls.length}`);
    assert.deepEqual(
      await shownRows(),
      byCalls.map((c) => [c.id, c.calls]),
      'by calls',
    );
    await page.locator('[data-sort="growth"]').click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('sort') === 'growth');
    const byGrowth = await list(server.demoKey, '&sort=growth');
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="campaigns-table"] tbody tr')?.getAttribute('data-campaign') === first,
      byGrowth[0].id,
    );
    await settled();
    assert.deepEqual(
      await shownRows(),
      byGrowth.map((c) => [c.id, c.calls]),
      'by growth',
    );
    await page.getByTestId('campaigns-sort').selectOption('dollars_asked');
    const byDollars = await list(server.demoKey, '&sort=dollars_asked');
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="campaigns-table"] tbody tr')?.getAttribute('data-campaign') === first,
      byDollars[0].id,
    );
    await settled();
    assert.deepEqual(
      await shownRows(),
      byDollars.map((c) => [c.id, c.calls]),
      'by dollars asked',
    );
    const min = byCalls[Math.min(4, byCalls.length - 1)].calls;
    await page.getByTestId('campaigns-min').fill(String(min));
    const atLeast = await list(server.demoKey, `&sort=dollars_asked&min_calls=${min}`);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="campaigns-table"] tbody tr').length === n, atLeast.length);
    assert.deepEqual(
      await shownRows(),
      atLeast.map((c) => [c.id, c.calls]),
      `at least ${min} calls`,
    );
    // The list's exports: the rows shown as CSV (the API's fields) and the read behind them.
    const listCsv = parseCsv((await download('campaigns', 'csv-download')).bytes);
    assert.deepEqual(listCsv[0], ['id', 'calls', 'first_seen', 'last_seen', 'brands', 'total_dollars_asked', 'growth']);
    assert.deepEqual(
      listCsv.slice(1),
      atLeast.map((c) => [c.id, c.calls, c.first_seen, c.last_seen, c.brands.join('; '), c.total_dollars_asked, c.growth].map(String)),
      'the campaigns shown, as CSV',
    );
    const [listed] = (await runExported((await download('campaigns', 'query-json')).bytes)) as { items: CampaignRow[] }[];
    assert.deepEqual(listed.items, atLeast, 'the exported query lists them');

    // A campaign's page: its figures, graph and calls as the API gives them.
    const pick = byCalls[0];
    await page.locator(`[data-campaign="${pick.id}"] a`).click();
    await page.waitForURL((u) => u.pathname === `/campaigns/${pick.id}`);
    const detail = await apiJson<CampaignDetail>(server, server.demoKey, `/api/campaigns/${pick.id}?range=30d`);
    await page.locator('[data-panel="campaign-graph"] canvas').waitFor({ timeout: 30_000 });
    assert.equal(num(await page.locator('[data-fact="calls"]').innerText()), detail.calls);
    const sids = new Set(detail.links.flatMap((l) => l.call_sids));
    assert.equal(
      await page.locator('[data-panel="campaign-graph"] .echart').getAttribute('aria-label'),
      `Graph of ${sids.size} calls and ${detail.links.length} identifiers`,
    );
    const calls = await apiJson<{ items: CallRow[] }>(server, server.demoKey, `/api/calls?range=30d&campaign_id=${pick.id}&limit=50`);
    await page.locator('[data-testid="campaign-calls"] tbody tr').first().waitFor();
    const shownCalls = await page
      .locator('[data-testid="campaign-calls"] tbody tr')
      .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-call')));
    assert.deepEqual(
      shownCalls,
      calls.items.map((c) => c.call_sid),
      'its calls',
    );
    assert.deepEqual(
      await page
        .locator('[data-panel="campaign-timeline"] details.data-table tbody tr')
        .evaluateAll((rs) => rs.map((r) => Number(r.querySelectorAll('td')[1].textContent))),
      detail.timeline.map((t) => t.calls),
      'calls per day',
    );
    // Its exports: the days and the identifiers as CSV, and the read behind them, run again.
    const days = parseCsv((await download('campaign-timeline', 'csv-download')).bytes);
    assert.deepEqual(days[0], ['day_utc', 'calls']);
    assert.deepEqual(
      days.slice(1),
      detail.timeline.map((t) => [t.day, String(t.calls)]),
      'the days as CSV',
    );
    const [again] = (await runExported((await download('campaign-timeline', 'query-json')).bytes)) as CampaignDetail[];
    assert.deepEqual(again.timeline, detail.timeline, "the timeline's exported query");
    const ids = parseCsv((await download('campaign-graph', 'csv-download')).bytes);
    assert.deepEqual(
      ids.slice(1),
      detail.links.map((l) => [l.kind, asCell(l.value), String(l.calls), l.call_sids.join(' ')]),
      'the identifiers as CSV',
    );
    // Drill-down: a call's page.
    const first = calls.items[0].call_sid;
    await page.locator(`[data-testid="campaign-calls"] tr[data-call="${first}"] a`).click();
    await page.waitForURL((u) => decodeURIComponent(u.pathname) === `/calls/${first}`);
    await page.waitForFunction((sid) => document.body.innerText.includes(sid), first, { timeout: 20_000 });
  });

  test("campaigns for a scoped key: its list is the API's for that key, and no call outside its slice shows", async () => {
    const me = await apiJson<{ org: { id: string } }>(server, server.demoKey, '/api/me');
    // The brand of the busiest campaign: a slice that holds some of the org's campaigns, not all.
    const all = (await apiJson<{ items: CampaignRow[] }>(server, server.demoKey, '/api/campaigns?range=30d&limit=50')).items;
    const brand = all.find((c) => c.brands.length > 0)!.brands[0];
    const res = await fetch(`${server.origin}/api/admin/orgs/${me.org.id}/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'campaigns slice', role: 'read', scope: { impersonated_brand: [brand] } }),
    });
    assert.equal(res.status, 201);
    const scoped = ((await res.json()) as { key: string }).key;
    const mine = (await apiJson<{ items: CampaignRow[] }>(server, scoped, '/api/campaigns?range=30d&limit=50&min_calls=2')).items;
    assert.ok(mine.length > 0, `the ${brand} slice has campaigns`);

    const ctx = await signedIn!.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
    const p = await ctx.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await signIn(p, server.origin, scoped, '/campaigns?range=30d&min_calls=2');
    await p.getByTestId('campaigns-table').waitFor({ timeout: 60_000 });
    const rows = await p
      .locator('[data-testid="campaigns-table"] tbody tr')
      .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-campaign')));
    assert.deepEqual(
      rows,
      mine.map((c) => c.id),
      "the scoped key's campaigns",
    );
    // Its biggest campaign's calls: every one is of the slice (read back with the org-wide key).
    await p.locator(`[data-campaign="${mine[0].id}"] a`).click();
    await p.locator('[data-testid="campaign-calls"] tbody tr').first().waitFor({ timeout: 30_000 });
    const sids = await p
      .locator('[data-testid="campaign-calls"] tbody tr')
      .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-call')!));
    assert.equal(sids.length, Math.min(mine[0].calls, 50));
    for (const sid of sids) {
      const call = await apiJson<{ impersonated_brand: string | null }>(server, server.demoKey, `/api/calls/${encodeURIComponent(sid)}`);
      assert.equal(call.impersonated_brand?.toLowerCase(), brand.toLowerCase(), `${sid} is of the slice`);
    }
    const graphSids = await apiJson<CampaignDetail>(server, scoped, `/api/campaigns/${mine[0].id}?range=30d`);
    for (const sid of graphSids.links.flatMap((l) => l.call_sids))
      assert.ok(sids.includes(sid) || mine[0].calls > 50, `${sid} in the graph is one of its calls`);
    // An org-wide campaign that reaches outside the slice does not exist for this key.
    const outside = all.find((c) => !mine.some((m) => m.id === c.id) && c.brands.some((b) => b !== brand));
    if (outside) {
      await p.goto(`${server.origin}/campaigns/${outside.id}?range=30d`);
      await p.locator('.state-error').waitFor({ timeout: 30_000 });
      assert.equal(await p.locator('[data-testid="campaign-calls"] tbody tr').count(), 0, 'no calls of it');
    }
    await ctx.close();
    assert.deepEqual(errors, []);
  });

  test('a saved view reopens identically in a new browser: window, zone, filters, comparison, panels, figures', async () => {
    const day = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const url = `/?from=${day}T06:00:00Z&to=${day}T18:30:00Z&tz=utc&f=is,caller_state,TX&cmp=4w&metric=hooked_calls&topn=lure_category`;
    await openDashboard(page, server, url, ['timeseries']);
    await settled();
    const saved = page.getByTestId('saved-views');
    await saved.locator('summary').click();
    await page.getByTestId('view-name').fill('Texas, a working day, vs 4 weeks');
    await page.getByTestId('view-name').press('Enter');
    await saved.locator('a[data-view="Texas, a working day, vs 4 weeks"]').waitFor();
    const views = await apiJson<{ items: { id: string; name: string }[] }>(server, server.demoKey, '/api/views');
    const id = views.items.find((v) => v.name === 'Texas, a working day, vs 4 weeks')!.id;
    const params = (u: string) => {
      const p = new URL(u, server.origin).searchParams;
      return Object.fromEntries([...new Set(p.keys())].sort().map((k) => [k, p.getAll(k)]));
    };
    const want = params(url);
    const figures = async (pg: Page) => ({
      calls: await pg.locator('[data-card="calls"] [data-value]').innerText(),
      change: await pg.locator('[data-change-for="calls_received"]').getAttribute('data-change'),
      span: await shownSpan(pg),
      prev: await shownSpan(pg, true),
      metric: await pg.getByTestId('ts-metric').inputValue(),
    });
    await page.waitForFunction(() => !document.querySelector('[data-change-for][data-loading]'));
    const here = await figures(page);

    // Another browser: nothing of this one's storage (session, remembered window) comes along.
    const browser2 = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const ctx = await browser2.newContext({ viewport: { width: 1280, height: 900 } });
      await ctx.addInitScript({ content: 'window.__name = (f) => f;' });
      const p = await ctx.newPage();
      await signIn(p, server.origin, server.demoKey, `/?view=${id}`);
      await p.waitForFunction(() => !new URLSearchParams(location.search).has('view'), undefined, { timeout: 20_000 });
      await waitForPanelData(p, 'timeseries');
      await p.waitForFunction(() => !document.querySelector('.updating, .state-loading, [data-loading], .card-skeleton'), undefined, {
        timeout: 30_000,
      });
      assert.deepEqual(params(p.url()), want, 'the same URL state');
      assert.deepEqual(await figures(p), here, 'the same figures and windows');

      // "The last 7 days, against 4 weeks earlier": opened later, it still compares with 4 weeks
      // before its own window (not a fixed custom window), with the figures the API gives.
      const rolling = '/?range=7d&tz=utc&cmp=4w';
      await openDashboard(page, server, rolling, ['timeseries']);
      await saved.locator('summary').click();
      await page.getByTestId('view-name').fill('Last week vs 4 weeks');
      await page.getByTestId('view-name').press('Enter');
      await saved.locator('a[data-view="Last week vs 4 weeks"]').waitFor();
      const id4w = (await apiJson<{ items: { id: string; name: string }[] }>(server, server.demoKey, '/api/views')).items.find(
        (v) => v.name === 'Last week vs 4 weeks',
      )!.id;
      await p.goto(`${server.origin}/?view=${id4w}`);
      await p.waitForFunction(() => !new URLSearchParams(location.search).has('view'), undefined, { timeout: 20_000 });
      await waitForPanelData(p, 'timeseries');
      await p.waitForFunction(() => !document.querySelector('.updating, .state-loading, [data-loading], .card-skeleton'));
      assert.deepEqual(params(p.url()), params(rolling), 'range=7d, cmp=4w');
      const span = await shownSpan(p);
      const prev = await shownSpan(p, true);
      assert.deepEqual(prev, { start: iso(Date.parse(span.start) - 28 * DAY), end: iso(Date.parse(span.end) - 28 * DAY) });
      const a = await query(span, { metrics: ['calls_received'], compare: prev });
      const shown = await p.locator('[data-change-for="calls_received"]').getAttribute('data-change');
      const c = a.results[0].comparison!;
      if (c.metrics[0] === 0) assert.equal(shown, 'new', 'no calls 4 weeks earlier');
      else assert.ok(Math.abs(Number(shown) - c.change[0]!) < 1e-9, `the change against 4 weeks earlier: ${shown} vs ${c.change[0]}`);
    } finally {
      await browser2.close();
    }
  });

  test("annotations appear on every time chart: the overview series, the arrivals heat map and a campaign's timeline", async () => {
    const all = (await apiJson<{ items: CampaignDetail[] }>(server, server.demoKey, '/api/campaigns?range=30d&limit=1')).items;
    const detail = await apiJson<CampaignDetail>(server, server.demoKey, `/api/campaigns/${all[0].id}?range=30d`);
    const busy = detail.timeline.find((t) => t.calls > 0)!;
    const at = iso(Date.parse(busy.day) + 12 * HOUR);
    const note = await apiJson<{ id: string }>(server, server.demoKey, '/api/annotations', {
      method: 'POST',
      body: JSON.stringify({ at, text: 'Takedown request sent' }),
    });
    try {
      await openDashboard(page, server, '/?range=30d&tz=utc', ['timeseries']);
      await page.waitForFunction(
        () =>
          ['timeseries', 'arrivals'].every((p) =>
            /1 note marked/.test(document.querySelector(`[data-panel="${p}"] .echart`)?.getAttribute('aria-label') ?? ''),
          ),
        undefined,
        {
          timeout: 30_000,
        },
      );
      await page.goto(`${server.origin}/campaigns/${all[0].id}?range=30d&tz=utc`);
      await page.waitForFunction(
        () => /1 note marked/.test(document.querySelector('[data-panel="campaign-timeline"] .echart')?.getAttribute('aria-label') ?? ''),
        undefined,
        {
          timeout: 30_000,
        },
      );
      assert.match(
        (await page.locator('[data-panel="campaign-timeline"] li[data-annotation]').textContent()) ?? '',
        /Takedown request sent/,
      );
    } finally {
      await apiJson(server, server.demoKey, `/api/annotations/${note.id}`, { method: 'DELETE' }).catch(() => undefined);
    }
  });

  test("the overview's first render over 30 days, 3 cold loads: logged with long tasks and the load average (not asserted)", async () => {
    // Complete: every panel's figures drawn (each chart's latest option painted, tables filled),
    // the cards and their comparison in. The page notes the first frame at which that holds (a
    // requestAnimationFrame loop), so the moment is not the test's polling delay; the time at
    // which the test saw it is logged beside it.
    const PANELS = ['timeseries', 'disconnect', 'arrivals', 'topn', 'geo', 'duration-histogram', 'ask-histogram', 'tier1'];
    const watch = `window.__name = (f) => f; window.__long = []; window.__done = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });
      const panels = ${JSON.stringify(PANELS)};
      const drawn = (n) => { const el = document.querySelector('[data-panel="' + n + '"]');
        return !!el && !el.querySelector('.state-loading, .state-error, .state-empty, .echart:not([data-drawn])') && !!el.querySelector('.echart[data-drawn] canvas, tbody tr'); };
      const tick = () => {
        if (location.search.includes('range=30d') && panels.every(drawn) && document.querySelector('[data-testid="summary-cards"]')
          && !document.querySelector('.card-skeleton, .updating, .state-loading, [data-change-for][data-loading]')) window.__done = Math.round(performance.now());
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);`;
    const times: number[] = [];
    const seen: number[] = [];
    const longs: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const ctx = await signedIn!.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await ctx.addInitScript({ content: watch });
      const p = await ctx.newPage();
      await signIn(p, server.origin, server.demoKey, '/?range=7d');
      await p.goto(`${server.origin}/?range=30d`);
      await p.waitForFunction(() => (window as unknown as { __done: number }).__done > 0, undefined, { timeout: 60_000 });
      seen.push(Math.round(await p.evaluate(() => performance.now())));
      times.push(await p.evaluate(() => (window as unknown as { __done: number }).__done));
      longs.push(await p.evaluate(() => (window as unknown as { __long: number[] }).__long));
      for (const name of PANELS) await waitForPanelData(p, name);
      await ctx.close();
    }
    const median = [...times].sort((a, b) => a - b)[1];
    const over = longs.flat().filter((d) => d > 200);
    console.log(
      `# overview first render over 30 days: ${times.join(', ')} ms, median ${median} ms (seen by the test at ${seen.join(', ')} ms); long tasks over 200 ms: ${over.length ? over.join(', ') + ' ms' : 'none'} (all long tasks: ${longs.map((l) => `[${l.join(', ')}]`).join(' ')}); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    assert.equal(times.length, 3);
  });
});
