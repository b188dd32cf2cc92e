// The demo seed runs on first start only, and of several instances starting together on one
// empty PostgreSQL database exactly one seeds (the claim is decided in the database).

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testApp, type TestApp } from '../helpers/app.js';
import { TEST_ENGINE } from '../helpers/serverMode.js';
import { DEMO_ORG_NAME, seedDemoOnce } from '../../src/demo/seed.js';

const orgNames = async (h: TestApp) => (await h.db.all<{ name: string }>('SELECT name FROM orgs')).map((r) => r.name);

describe('demo seed', () => {
  const apps: TestApp[] = [];
  after(async () => {
    for (const h of apps.reverse()) await h.close();
  });

  it('seeds an empty store once; a restart only resumes the live sessions', async () => {
    const h = await testApp();
    apps.push(h);
    const first = await seedDemoOnce(h.app);
    assert.ok(first && first.calls > 0);
    assert.equal(await seedDemoOnce(h.app), null);
    assert.deepEqual(await orgNames(h), [DEMO_ORG_NAME]);
    const [{ n }] = await h.db.all<{ n: number }>('SELECT count(*) AS n FROM calls');
    assert.equal(Number(n), first.calls);
  });

  it(
    'instances starting together on one empty database seed one demo org',
    { skip: TEST_ENGINE === 'postgres' ? false : 'needs a shared PostgreSQL' },
    async () => {
      const a = await testApp({}, { keep: true });
      const b = await testApp({}, { dir: a.dir });
      apps.push(b, a); // closed in reverse: a (keeps the database), then b (drops it)
      const seeds = await Promise.all([seedDemoOnce(a.app), seedDemoOnce(b.app)]);
      assert.equal(seeds.filter((s) => s !== null).length, 1);
      assert.deepEqual(await orgNames(a), [DEMO_ORG_NAME]);
    },
  );
});
