// The built-in planner's output on every question of the existing eval sets (the built-in eval
// of evalSuite.ts, the live tuning sets and the old live held-out set), kept in
// test/agent/snapshot.json so that every change of the planner shows as a difference to decide
// on, not an accident.
//
//   node --import tsx test/agent/snapshot.ts           prints the differences against the file
//   node --import tsx test/agent/snapshot.ts --write   rewrites the file from the current planner
//
// Each entry: the tool calls (name and arguments, in order) and the answer's shape — its text
// with every number written as '#', cut to 200 characters — plus a hash of the whole answer, so
// a change of figures alone shows too. No truths are computed: this is about what the planner
// does, not whether it is right (the eval tests judge that).

import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { CASES } from './evalSuite.js';
import { HELDOUT } from './live/heldout.js';
import { buildWorld } from './live/harness.js';
import { TUNING } from './live/tuning.js';
import { TUNING2 } from './live/tuning2.js';
import { agentWorld, askRaw } from './setup.js';

const FILE = new URL('./snapshot.json', import.meta.url);

export interface SnapshotEntry {
  set: string;
  id: string;
  question: string;
  tools: string[];
  shape: string;
  answer_sha: string;
}

interface Asked {
  set: string;
  id: string;
  question: string;
  key: string;
  session?: string;
  body?: Record<string, unknown>;
}

export const shapeOf = (answer: string) =>
  answer
    .replace(/\d[\d,.]*/g, '#')
    .replace(/\s+/g, ' ')
    .slice(0, 200);

async function askAll(app: FastifyInstance, cases: Asked[]): Promise<SnapshotEntry[]> {
  const sessions = new Map<string, string>();
  const out: SnapshotEntry[] = [];
  for (const c of cases) {
    const body: Record<string, unknown> = { question: c.question, ...c.body };
    if (c.session) {
      const key = `${c.set}:${c.session}`;
      if (!sessions.has(key)) sessions.set(key, randomUUID());
      body.session_id = sessions.get(key);
    }
    const res = await askRaw(app, c.key, body);
    const json = res.json() as { answer?: string; tool_calls?: Array<{ name: string; args: unknown }> };
    const answer = res.statusCode === 200 ? String(json.answer) : `HTTP ${res.statusCode}`;
    out.push({
      set: c.set,
      id: c.id,
      question: c.question,
      tools: (json.tool_calls ?? []).map((t) => `${t.name} ${JSON.stringify(t.args)}`),
      shape: shapeOf(answer),
      answer_sha: createHash('sha256').update(answer).digest('hex').slice(0, 12),
    });
  }
  return out;
}

async function current(): Promise<SnapshotEntry[]> {
  const out: SnapshotEntry[] = [];
  const fixture = await agentWorld({ HONEYPOT_RATE_AGENT: '1000000/60' });
  try {
    const keys = { A: fixture.keyA, B: fixture.keyB, scoped: fixture.keyScoped };
    const cases = CASES.map((c) => ({
      set: 'eval',
      id: c.id,
      question: c.question,
      key: keys[c.key ?? 'A'],
      session: c.session,
      body: c.body,
    }));
    out.push(...(await askAll(fixture.app, cases)));
  } finally {
    await fixture.t.close();
  }
  const live = await buildWorld();
  try {
    const sets = [
      ['tuning', TUNING],
      ['tuning2', TUNING2],
      ['heldout-old', HELDOUT],
    ] as const;
    for (const [set, cs] of sets) {
      const cases = cs.map((c) => ({ set, id: c.id, question: c.question, key: live.keys[c.key ?? 'org'], session: c.session }));
      out.push(...(await askAll(live.app, cases)));
    }
  } finally {
    await live.close();
  }
  return out;
}

function differences(before: SnapshotEntry[], after: SnapshotEntry[]): string[] {
  const old = new Map(before.map((e) => [`${e.set}:${e.id}`, e]));
  const lines: string[] = [];
  for (const e of after) {
    const o = old.get(`${e.set}:${e.id}`);
    if (!o) {
      lines.push(`NEW ${e.set}:${e.id} ${e.question}`);
      continue;
    }
    // Value look-ups run side by side, so their order varies from run to run: compared as a set.
    const sameTools = [...o.tools].sort().join('\n') === [...e.tools].sort().join('\n');
    if (sameTools && o.answer_sha === e.answer_sha) continue;
    lines.push(`\n${e.set}:${e.id}  ${e.question}`);
    if (!sameTools) {
      lines.push(`  tools before: ${o.tools.join(' | ') || '(none)'}`, `  tools after:  ${e.tools.join(' | ') || '(none)'}`);
    }
    if (o.shape !== e.shape) lines.push(`  shape before: ${o.shape}`, `  shape after:  ${e.shape}`);
    else if (o.answer_sha !== e.answer_sha) lines.push('  same shape, other figures');
  }
  return lines;
}

const now = await current();
if (process.argv.includes('--write')) {
  writeFileSync(FILE, `${JSON.stringify(now, null, 1)}\n`);
  console.log(`wrote ${now.length} entries`);
} else {
  const before = JSON.parse(readFileSync(FILE, 'utf8')) as SnapshotEntry[];
  const diff = differences(before, now);
  const changed = diff.filter((l) => l.startsWith('\n')).length;
  console.log(diff.join('\n'));
  console.log(`\n${changed} of ${now.length} questions differ from the snapshot`);
}
process.exit(0);
