// A real server process (`src/server.ts` through tsx) on a free port, for tests that need
// what only a process has: printed output, signals, a hard kill and a restart.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Starts the server and resolves once /readyz answers (or `readyWhen` matches the output). */
export async function startServer(env: Record<string, string>, readyWhen?: RegExp): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', HONEYPOT_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  // How long the process may take to answer, only so that a hang ends: this test process's own
  // start (tsx and a few imports; the server loads many more) measured under the machine's
  // present load, thirty times over, and at least two minutes. A busy machine is slower, not failed.
  const deadline = Date.now() + Math.max(120_000, process.uptime() * 1000 * 30);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server did not become ready: ${out}`);
    }
    const ready = readyWhen
      ? readyWhen.test(out)
      : await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
    if (ready) return { child, base, output: () => out, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POST to the admin API of a server process; asserts 201 and returns the created record. */
export async function adminCreate(server: ServerProcess, token: string, url: string, body: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
