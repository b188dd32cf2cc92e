// The `honeypot` command on a real data directory: orgs, keys, demo NDJSON, ingest.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

test('orgs, keys, demo --out and ingest with rejected records', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-cli-'));
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      env: { ...process.env, HONEYPOT_DATA_DIR: path.join(dir, 'data') },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  try {
    const org = JSON.parse(cli('orgs', 'create', '--name', 'Acme', '--tier', 'pro'));
    assert.equal(org.tier, 'pro');
    assert.deepEqual(
      JSON.parse(cli('orgs', 'list')).items.map((o: { id: string }) => o.id),
      [org.id],
    );

    const key = JSON.parse(cli('keys', 'create', '--org', org.id, '--name', 'a', '--role', 'read', '--scope', '{"persona":["Margaret"]}'));
    assert.match(key.key, /^hpk_/);
    assert.deepEqual(key.scope, { persona: ['margaret'] });
    const listed = JSON.parse(cli('keys', 'list', '--org', org.id));
    assert.equal(listed.items.length, 1);
    assert.ok(!JSON.stringify(listed).includes(key.key));
    assert.match(cli('keys', 'revoke', key.id), /Revoked/);
    assert.notEqual(JSON.parse(cli('keys', 'list', '--org', org.id)).items[0].revoked_at, null);

    const file = path.join(dir, 'calls.ndjson');
    const written = JSON.parse(cli('demo', '--days', '2', '--per-day', '50', '--seed', '3', '--out', file));
    assert.equal(written.written, 100);
    assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, 100);
    appendFileSync(file, '{not json\n{"call_sid":"CA_x","started_at":"yesterday","duration_sec":1}\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'ingest', file, '--org', org.id], {
      env: { ...process.env, HONEYPOT_DATA_DIR: path.join(dir, 'data') },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    assert.deepEqual(JSON.parse(out), { accepted: 100, created: 100, updated: 0, rejected: 2 });
    // Ingesting the same file again replaces: all updates, nothing created.
    assert.deepEqual(JSON.parse(cli('ingest', file, '--org', org.id)), { accepted: 100, created: 0, updated: 100, rejected: 2 });
    // The embedded engine keeps no rollups, and says so.
    assert.match(cli('rollups', 'rebuild'), /keeps no rollups/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keys: no scope on an ingest key; revoke needs a KEY_ID', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'honeypot-cli-'));
  const env = { ...process.env, HONEYPOT_DATA_DIR: path.join(dir, 'data') };
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { env, encoding: 'utf8' });
  try {
    const org = JSON.parse(run('orgs', 'create', '--name', 'Acme').stdout);
    const scoped = run('keys', 'create', '--org', org.id, '--name', 'i', '--role', 'ingest', '--scope', '{"persona":["margaret"]}');
    assert.notEqual(scoped.status, 0);
    assert.equal(scoped.stdout, '');
    assert.match(scoped.stderr, /--scope is not valid: Only read keys may carry a scope/);
    assert.deepEqual(JSON.parse(run('keys', 'list', '--org', org.id).stdout).items, []);
    const plain = JSON.parse(run('keys', 'create', '--org', org.id, '--name', 'i', '--role', 'ingest').stdout);
    assert.equal(plain.role, 'ingest');
    assert.equal(plain.scope, null);

    const revoke = run('keys', 'revoke');
    assert.notEqual(revoke.status, 0);
    assert.match(revoke.stderr, /KEY_ID is required/);
    assert.match(revoke.stderr, /honeypot keys revoke KEY_ID/, 'prints the usage');
    assert.equal(JSON.parse(run('keys', 'list', '--org', org.id).stdout).items[0].revoked_at, null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
