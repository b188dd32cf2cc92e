// The dashboard: the single-page app built into web/dist (`npm run build:web`), served at `/`.
// Its pages (the client routes of web/src/lib/router.tsx) answer index.html to a browser
// asking for HTML; hashed assets are cached for a year. Every other path is the problem+json
// 404 of the not-found handler. The API reference (/docs) gets the same security headers.

import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC, declareAccess } from '../../http/access.js';

/** The dashboard's pages (web/src/lib/router.tsx); `/` is always the page. */
const CLIENT_ROUTES = ['/calls', '/calls/:sid', '/campaigns', '/campaigns/:id', '/agent', '/webhooks', '/alerts', '/integrations'];

/**
 * web/dist, found by walking up from this module to the project root (package.json beside
 * web/): the same answer from src/features/web (tsx) and from dist/src/features/web (tsc).
 */
export function webDistDir(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'web'))) return path.join(dir, 'web', 'dist');
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve('web', 'dist');
    dir = parent;
  }
}

// The key sits in sessionStorage, so the page allows scripts from its own origin only.
const HTML_HEADERS: Record<string, string> = {
  'cache-control': 'no-cache',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Honeypot Intel</title>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>The dashboard has not been built</h1>
<p>Run <code>npm run build</code> (or <code>npm run build:web</code>) and reload. The API is up: see <a href="/docs">/docs</a>.</p>
</body></html>`;

/** Browsers navigating to a page ask for text/html; API clients and asset loads do not. */
const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

export interface WebRoutesOptions {
  /** Defaults to web/dist beside package.json. */
  distDir?: string;
}

export async function webRoutes(app: FastifyInstance, opts: WebRoutesOptions = {}): Promise<void> {
  declareAccess(app, PUBLIC);
  const root = path.resolve(opts.distDir ?? webDistDir());
  // `serve: false`: only reply.sendFile is used, from the routes below, so every other path
  // reaches the one not-found handler. Pre-compressed .br/.gz siblings win.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false, suppressWarning: true });

  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      return reply.code(503).headers({ 'cache-control': 'no-cache' }).type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    return reply.headers(HTML_HEADERS).sendFile('index.html');
  };

  /** A file under web/dist for this URL path, or null (no traversal, no directories). */
  const fileFor = (urlPath: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..' || s === '.')) return null;
    const rel = decoded.replace(/^\/+/, '');
    if (!rel) return null;
    const abs = path.resolve(root, rel);
    if (!abs.startsWith(root + path.sep)) return null;
    try {
      return statSync(abs).isFile() ? rel : null;
    } catch {
      return null;
    }
  };

  const schema = { hide: true };
  app.get('/', { schema }, async (_req, reply) => sendIndex(reply));
  // A page asked for by an API client (not text/html) is not the page: the problem+json 404.
  for (const url of CLIENT_ROUTES) {
    app.get(url, { schema }, async (req, reply) => (wantsHtml(req) ? sendIndex(reply) : reply.callNotFound()));
  }
  // Vite names assets by content hash: they never change under the same name.
  app.get('/assets/*', { schema }, async (req, reply) => {
    const file = fileFor(req.url.split('?')[0]);
    if (!file) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('x-content-type-options', 'nosniff');
    return reply.sendFile(file);
  });
  // The few other files at the top of web/dist (robots.txt, icons), as they are at start.
  const topFiles = existsSync(root) ? readdirSync(root).filter((f) => f !== 'index.html' && fileFor(`/${f}`)) : [];
  for (const name of topFiles) {
    app.get(`/${name}`, { schema }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      reply.header('x-content-type-options', 'nosniff');
      return reply.sendFile(name);
    });
  }
}

/** The API reference (swagger-ui at /docs), open to everyone, with the dashboard's security headers. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  declareAccess(app, PUBLIC);
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiHooks: {
      onRequest: async (_req, reply) => {
        reply.headers(HTML_HEADERS);
      },
    },
  });
}
