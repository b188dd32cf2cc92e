// Builds the dashboard (web/) into web/dist, which the service serves at `/`
// (src/features/web/routes.ts). Run from the project root: `npm run build:web`.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `root: 'web'`, resolved from this file so the build works from any working directory.
const root = fileURLToPath(new URL('.', import.meta.url));

/** Writes .br and .gz beside each text asset; the server sends them (@fastify/static preCompressed). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'honeypot-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|json|svg|html)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // ECharts is split per chart type; nothing should come close to this.
    chunkSizeWarningLimit: 700,
  },
  server: {
    // `npx vite --config web/vite.config.ts` for UI work against a running service on :8080.
    proxy: { '/api': 'http://localhost:8080' },
  },
});
