// The overview's look: codes in words and one caller-ID format, the local time-zone
// switch, dark mode following the system (charts too), focus rings of at least 3:1 in both
// themes, and the phone layout. With UPDATE_README_SCREENSHOT=1 it also writes
// docs/overview.png and docs/overview-dark.png.

import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, type Page } from 'playwright-core';
import {
  ARTIFACTS,
  contrastRatio,
  openDashboard,
  PANELS,
  ROOT,
  shownSpan,
  skip,
  type Server,
  closeSignedIn,
  openSignedIn,
  type SignedInBrowser,
} from './harness.js';

describe('the overview: labels, time zone, themes, focus, phone', { skip, timeout: 600_000 }, () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const open = (p: Page, url: string | null, panels?: string[]) => openDashboard(p, server, url, panels);

  let signedIn: SignedInBrowser | undefined;
  before(async () => {
    signedIn = await openSignedIn();
    ({ server, browser, page } = signedIn);
  });
  after(() => closeSignedIn(signedIn));

  test('n above what the API gives says so; codes are words; caller IDs share one format', async () => {
    await open(page, '/?range=30d&topn=lure_category&n=80', ['topn']);
    assert.match(await page.getByTestId('topn-note').innerText(), /at most 50 values/);
    // Each row: the raw value (its List link to the calls) and the label shown (the value that filters).
    const labels = await page
      .locator('[data-panel="topn"] details.data-table tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [
          r.querySelector('a[data-drill]')?.getAttribute('data-drill') ?? null,
          r.querySelector('button.filter-value')?.textContent ?? null,
        ]),
      );
    assert.ok(
      labels.some(([raw, text]) => raw === 'TECH_SUPPORT' && text === 'Tech support'),
      JSON.stringify(labels),
    );
    assert.ok(
      labels.every(([, text]) => !/_/.test(text!)),
      'no raw codes',
    );
    const ids = await page.locator('[data-panel="live"] tbody tr td:nth-child(2)').allInnerTexts();
    assert.ok(ids.length > 0);
    for (const id of ids) assert.match(id, /^\(\d{3}\) \d{3}-\d{4}$|^\+(?!1)|^[A-Za-z—]/, id);
    const stages = await page.locator('[data-panel="live"] .badge').allInnerTexts();
    assert.ok(
      stages.every((s) => !s.includes('_')),
      stages.join(),
    );
  });

  test('the local time-zone switch changes every time shown', async () => {
    const ny = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
    const p = await ny.newPage();
    await open(p, '/?range=24h&tz=utc', ['timeseries', 'arrivals']);
    const utc = await p.getByTestId('range-text').innerText();
    assert.match(utc, /UTC/);
    await p.getByTestId('tz-local').check();
    await p.waitForFunction(() => /E[SD]T/.test(document.querySelector('[data-testid="range-text"]')!.textContent!));
    const span = await shownSpan(p);
    const hours = (Date.parse(span.end) - Date.parse(span.end.slice(0, 10) + 'T00:00:00Z')) / 3_600_000;
    const local = await p.getByTestId('range-text').innerText();
    assert.notEqual(local, utc);
    assert.match(await p.locator('[data-panel="timeseries"] .panel-sub').innerText(), /E[SD]T/);
    assert.ok(hours >= 0);
    await ny.close();
  });

  test('dark mode follows the system, charts included; focus rings keep 3:1 in both themes', async () => {
    const lum = async (p: Page) =>
      p
        .locator('[data-panel="geo"] canvas')
        .first()
        .evaluate((c: HTMLCanvasElement) => {
          const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let sum = 0;
          let n = 0;
          for (let i = 0; i < d.length; i += 16)
            if (d[i + 3] > 200) {
              sum += (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]) / 255;
              n++;
            }
          return sum / n;
        });
    const mapLum: Record<string, number> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, '/?range=7d', ['geo', 'timeseries']);
      const colours = await page.evaluate(() => ({
        page: getComputedStyle(document.documentElement).backgroundColor,
        panel: getComputedStyle(document.querySelector('.panel')!).backgroundColor,
        text: getComputedStyle(document.querySelector('.panel h2')!).color,
      }));
      const dark = scheme === 'dark';
      assert.equal(contrastRatio(colours.page, 'rgb(0, 0, 0)') < 2, dark, `${scheme} page ${colours.page}`);
      assert.equal(contrastRatio(colours.panel, 'rgb(0, 0, 0)') < 2, dark, `${scheme} panel ${colours.panel}`);
      assert.ok(contrastRatio(colours.text, colours.panel) >= 7, `${scheme} text on panels`);
      mapLum[scheme] = await lum(page);
      if (dark) assert.ok(mapLum.dark < mapLum.light - 0.1, `the map is darker: ${JSON.stringify(mapLum)}`);

      // Every focus stop of the page, from the top: a solid ring of 3:1 against what is drawn
      // around it (found by hit-testing just outside the element, where the ring is).
      await open(page, '/?range=7d', ['timeseries']);
      const rings: { what: string; ratio: number }[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const r = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          if (!el || el === document.body) return null;
          const ringEl = el.matches('.segmented input') ? el.closest('label')! : el;
          const cs = getComputedStyle(ringEl);
          const box = ringEl.getBoundingClientRect();
          const off = parseFloat(cs.outlineOffset) + parseFloat(cs.outlineWidth) / 2;
          const opaque = (c: string) => c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c);
          const behind = (x: number, y: number) => {
            for (const e of document.elementsFromPoint(x, y)) {
              if (e === ringEl || ringEl.contains(e)) continue;
              const bg = getComputedStyle(e).backgroundColor;
              if (opaque(bg)) return bg;
            }
            return getComputedStyle(document.documentElement).backgroundColor;
          };
          const cx = box.left + box.width / 2;
          const cy = box.top + box.height / 2;
          const points: [number, number][] = [
            [box.left - off, cy],
            [box.right + off, cy],
            [cx, box.top - off],
            [cx, box.bottom + off],
          ];
          const bgs = points.filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight).map(([x, y]) => behind(x, y));
          return {
            what: `${el.tagName}.${el.className} ${(el.textContent ?? '').slice(0, 20)}`,
            style: cs.outlineStyle,
            width: parseFloat(cs.outlineWidth),
            color: cs.outlineColor,
            bgs,
          };
        });
        if (!r) continue;
        assert.equal(r.style, 'solid', `${scheme}: ${r.what} has a focus ring`);
        assert.ok(r.width >= 2, `${scheme}: ${r.what} ring ${r.width}px`);
        for (const bg of r.bgs) rings.push({ what: `${r.what} on ${bg}`, ratio: contrastRatio(r.color, bg) });
      }
      assert.ok(new Set(rings.map((x) => x.what.split(' on ')[0])).size >= 20, `${rings.length} focus stops`);
      const worst = rings.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      console.log(`# ${scheme}: ${rings.length} focus stops, lowest ring contrast ${worst.ratio.toFixed(2)}:1 (${worst.what})`);
      assert.ok(worst.ratio >= 3, `${scheme}: ${worst.what} ring contrast ${worst.ratio.toFixed(2)}`);

      if (process.env.UPDATE_README_SCREENSHOT === '1') {
        await open(page, '/?range=7d', PANELS);
        await page.waitForTimeout(600);
        const file = path.join(ROOT, 'docs', dark ? 'overview-dark.png' : 'overview.png');
        // From the headline cards to the map; a taller picture of the dark theme would pass 300 kB.
        await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 1280, height: 1600 }, fullPage: true });
        assert.ok(statSync(file).size < 300_000, `${file} is ${statSync(file).size} bytes, over 300 kB`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('on a phone the view controls fold away behind one button, and nothing overflows sideways', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    await open(p, '/?range=7d', ['timeseries', 'topn']);
    const toggle = p.getByTestId('view-toggle');
    assert.equal(await toggle.isVisible(), true);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await p.getByRole('radio', { name: '30 days' }).isVisible(), false, 'folded');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await p.getByRole('radio', { name: '30 days' }).check();
    await p.waitForFunction(() => new URLSearchParams(location.search).get('range') === '30d');
    assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling');
    await p.screenshot({ path: path.join(ARTIFACTS, 'overview-phone.png'), fullPage: false });
    await phone.close();
  });
});
