// The browser-test harness: the production server on a free port with a fresh data
// directory and demo data, its demo read key read from stdout as a person would copy it, and
// Debian's Chromium driven by playwright-core. Every test/web/*.test.ts uses it.

import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');
export const CHROMIUM = '/usr/bin/chromium';
export const ADMIN = 'web-test-admin-token';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const skip =
  !existsSync(CHROMIUM) && process.env.CI !== 'true'
    ? `browser tests skipped: no Chromium at ${CHROMIUM} (install it with "apt-get install -y chromium"; with CI=true they run and fail instead)`
    : false;

/** Every overview panel, by its data-panel name. */
export const PANELS = ['timeseries', 'disconnect', 'arrivals', 'topn', 'geo', 'duration-histogram', 'ask-histogram', 'live', 'tier1'];

export interface Server {
  proc: ChildProcess;
  origin: string;
  demoKey: string;
  dataDir: string;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function buildDashboard(): void {
  if (process.env.WEB_TEST_SKIP_BUILD === '1' && existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) return;
  const res = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  assert.equal(res.status, 0, `the dashboard build failed:\n${res.stdout}\n${res.stderr}`);
}

export async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'honeypot-web-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HONEYPOT_DATA_DIR: dataDir,
      HONEYPOT_DEMO: '1',
      HONEYPOT_ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const demoKey = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not print a demo key within 120 s:\n${out}`)), 120_000);
    const check = () => {
      const key = /hpk_[A-Za-z0-9_-]{20,}/.exec(out)?.[0];
      if (key && out.includes('Dashboard:')) {
        clearTimeout(timer);
        resolve(key);
      }
    };
    proc.stdout!.on('data', check);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${out}`));
    });
  });
  return { proc, origin: `http://127.0.0.1:${port}`, demoKey, dataDir, output: () => out };
}

export async function stopServer(s: Server | undefined): Promise<void> {
  if (!s) return;
  if (s.proc.exitCode === null) {
    const exited = new Promise((r) => s.proc.once('exit', r));
    s.proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  }
  rmSync(s.dataDir, { recursive: true, force: true });
}

export async function apiJson<T>(s: Server, key: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(s.origin + url, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = await res.text();
  assert.ok(res.ok, `${init.method ?? 'GET'} ${url} answered ${res.status}: ${body}`);
  return JSON.parse(body) as T;
}

/**
 * Waits until the panel shows data: a chart or table rows, and no loading, empty or error
 * state. A chart counts once its latest figures are drawn (EChart's data-drawn), not when
 * its empty canvas appears.
 */
export async function waitForPanelData(page: Page, name: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const el = document.querySelector(`[data-panel="${n}"]`);
      if (!el) return false;
      if (el.querySelector('.state-loading, .state-error, .state-empty, .state-unavailable, .state-pro')) return false;
      if (el.querySelector('.echart:not([data-drawn])')) return false;
      return !!el.querySelector('.echart[data-drawn] canvas, tbody tr');
    },
    name,
    { timeout },
  );
}

/** Signs in through the form, as a person pasting the key. */
export async function signIn(page: Page, origin: string, key: string, url = '/'): Promise<void> {
  await page.goto(origin + url);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('[data-testid="summary-cards"], .topbar', { timeout: 20_000 });
}

export const cardValue = (page: Page, card: string) => page.locator(`[data-card="${card}"] [data-value]`).innerText();
export const toNumber = (s: string) => Number(s.replace(/[^0-9.]/g, ''));

/** Parses a computed CSS colour ("rgb(1, 2, 3)", "rgba(1, 2, 3, 0.5)") into [r, g, b, a]. */
function parseRgb(css: string): [number, number, number, number] {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\s*\)/.exec(css);
  assert.ok(m, `not an rgb() colour: ${css}`);
  const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), a];
}

/** WCAG 2 contrast ratio of two opaque computed colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = parseRgb(css)
      .slice(0, 3)
      .map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** Opens a dashboard URL (null: reloads), signing in when the page asks, and waits for the panels' data. */
export async function openDashboard(p: Page, s: Server, url: string | null, panels: string[] = ['timeseries']): Promise<void> {
  if (url === null) await p.reload();
  else await p.goto(s.origin + url);
  const at = url ?? p.url().slice(s.origin.length);
  await p.waitForSelector('[data-testid="summary-cards"], #api-key, .topbar', { timeout: 20_000 });
  if (await p.locator('#api-key').count()) await signIn(p, s.origin, s.demoKey, at);
  for (const name of panels) await waitForPanelData(p, name);
}

/** The window the overview shows (its cards' data-start/-end), or the period before it. */
export async function shownSpan(p: Page, prev = false): Promise<{ start: string; end: string }> {
  const el = p.getByTestId('summary-cards');
  return {
    start: (await el.getAttribute(prev ? 'data-prev-start' : 'data-start'))!,
    end: (await el.getAttribute(prev ? 'data-prev-end' : 'data-end'))!,
  };
}

/** A demo server and a browser page signed in to it, collecting the page's uncaught errors. */
export interface SignedInBrowser {
  server: Server;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

export async function openSignedIn(): Promise<SignedInBrowser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  buildDashboard();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a __name() helper that page.evaluate bodies lack.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await signIn(page, server.origin, server.demoKey);
  return { server, browser, context, page, pageErrors };
}

/** Closes what openSignedIn() opened; the page must have had no uncaught error. */
export async function closeSignedIn(s: SignedInBrowser | undefined): Promise<void> {
  if (!s) return;
  await s.browser.close();
  await stopServer(s.server);
  assert.deepEqual(s.pageErrors, [], 'no uncaught errors in the page');
}
