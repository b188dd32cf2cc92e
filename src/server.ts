// Process entry: config, storage, listen, graceful shutdown. Everything else is in buildApp.

import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { seedDemoIfEmpty } from './demo/seed.js';
import { Metrics } from './http/metrics.js';
import { openStorage } from './storage/index.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const storage = await openStorage(config);
  const app = await buildApp({
    config,
    storage,
    logger: { level: config.logLevel },
    metrics: new Metrics(true),
    closeStorage: true,
  });
  const demo = config.demo ? await seedDemoIfEmpty(app) : null;
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  if (demo) {
    console.log(`\nHoneypot Intel is running with demo data (${demo.calls} calls).`);
    console.log(`  Dashboard:    ${url}/`);
    console.log(`  API docs:     ${url}/docs`);
    console.log(`  Demo org:     ${demo.orgName} (pro)`);
    console.log(`  Demo read key (shown once, keep it):\n    ${demo.readKey}`);
    console.log(`  Try: curl -H "Authorization: Bearer ${demo.readKey}" ${url}/api/kpis/summary\n`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close(); // requests, then deliveries in flight finish; storage closes last
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
