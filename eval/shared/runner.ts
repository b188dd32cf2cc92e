// The runner of a held-out set, shared by eval/heldout-4 on (the earlier sets keep their own
// copies): builds the set's world, computes every truth, and then either
//   --check        the smoke check: the set's own REST checks, then every case validated (no agent asked)
//   --truths-only  every question with its truth (shows the questions: for the lead only)
//   (no flag)      the held-out run: asks the agent every question over HTTP, ONCE, and reports
// The agent is asked over HTTP on a loopback port (POST /api/agent/ask, docs/contract.md §11),
// so the latency is that of a client.

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepare, setProblems, type EvalCase, type Prepared } from './cases.js';
import type { Truth } from './judge.js';
import { judgeUnread, unreadProblems, type UnreadVerdict } from './unread.js';
import type { Scope, World } from './world.js';

export interface EvalSet<X, K extends string, C extends EvalCase<X, 'read' | K>> {
  /** "held-out set 5": the report's heading. */
  title: string;
  /** Where the held-out run writes results.json and failures.json (gitignored). */
  outDir: string;
  classes: readonly string[];
  cases: C[];
  now: Date;
  scopes: Record<K, readonly [string, Scope]>;
  minimum: { cases: number; outOfScope: number; perClass?: Record<string, number> };
  buildWorld: (opts: { listen: boolean }) => Promise<World<K>>;
  /** The truths' context over the world (its app and keys). */
  context: (world: World<K>) => X;
  /** The set's own checks of the REST figures its truths rest on: a list of problems. */
  restChecks: (world: World<K>, x: X) => Promise<string[]>;
}

interface Reply {
  question: string;
  status: number;
  answer: string;
  tool_calls: { name: string; args?: unknown }[];
  ms: number;
}

interface Result<C> extends Prepared<C> {
  replies: Reply[];
  verdict: UnreadVerdict;
}

export function showTruth(t: Truth): string {
  switch (t.kind) {
    case 'number':
      return `${t.value} (${t.unit})`;
    case 'label':
      return `label ${t.any.join(' | ')}`;
    case 'ranking':
      return `ranking ${[
        ...t.items.map((i) => `${i.labels[0]} (${i.count})`),
        ...(t.tail ? [`any ${t.tail.slots} of ${t.tail.members.map((m) => m[0]).join(' / ')} (${t.tail.count})`] : []),
      ].join(' > ')}`;
    case 'any':
      return `any of [${t.options.map(showTruth).join('] or [')}]`;
    case 'compare':
      return `compare [${showTruth(t.a)}] with [${showTruth(t.b)}]${t.direction ? `, direction ${t.direction}` : ''}`;
    case 'all':
      return `all of ${t.parts.map(showTruth).join(' ; ')}`;
    case 'zero':
      return 'zero';
    case 'nothing':
      return 'nothing (zero, or the value not found)';
    case 'yesno':
      return `${t.yes ? 'yes' : 'no'}${t.value ? ` (${showTruth(t.value)})` : ''}`;
    case 'decline':
      return 'declined';
  }
}

/** One case asked over HTTP: its turns in one session (a fresh session id when it has several). */
async function ask<K extends string, C extends EvalCase<never, 'read' | K>>(world: World<K>, p: Prepared<C>): Promise<Result<C>> {
  const key = world.keys[p.c.key ?? 'read'];
  const session_id = p.c.turns.length > 1 ? randomUUID() : undefined;
  const replies: Reply[] = [];
  for (const question of p.c.turns) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${world.origin}/api/agent/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        question,
        ...(session_id ? { session_id } : {}),
        ...(p.c.dashboard_range ? { dashboard_range: p.c.dashboard_range } : {}),
      }),
    });
    const text = await res.text();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    let body: { answer?: string; tool_calls?: { name: string; args?: unknown }[] } | null = null;
    if (res.status === 200) body = JSON.parse(text);
    replies.push({ question, status: res.status, answer: body?.answer ?? text, tool_calls: body?.tool_calls ?? [], ms });
  }
  const last = replies[replies.length - 1];
  const verdict: UnreadVerdict =
    last.status === 200
      ? judgeUnread({ answer: last.answer, tool_calls: last.tool_calls }, p.truth!, p.c.unread)
      : { correct: false, falseZero: false, declined: false, why: `HTTP ${last.status}`, notUnderstood: false };
  return { ...p, replies, verdict };
}

function pct(a: number, b: number): string {
  return b ? `${((100 * a) / b).toFixed(1)}%` : '-';
}

function report<C extends EvalCase<never, string>>(title: string, classes: readonly string[], results: Result<C>[]): void {
  console.log(`\n${title}: per class`);
  for (const cls of classes) {
    const rs = results.filter((r) => r.c.cls === cls);
    if (!rs.length) continue;
    const ok = rs.filter((r) => r.verdict.correct).length;
    console.log(`  ${cls.padEnd(14)} ${String(ok).padStart(3)} / ${String(rs.length).padEnd(3)} ${pct(ok, rs.length)}`);
  }
  const ok = results.filter((r) => r.verdict.correct).length;
  const inScope = results.filter((r) => r.c.cls !== 'out_of_scope');
  const inScopeOk = inScope.filter((r) => r.verdict.correct).length;
  const oos = results.filter((r) => r.c.cls === 'out_of_scope');
  const falseZeros = results.filter((r) => r.verdict.falseZero);
  const watched = results.filter((r) => r.c.fz);
  const declinedInScope = inScope.filter((r) => r.verdict.declined);
  const lat = results.flatMap((r) => r.replies.map((x) => x.ms)).sort((a, b) => a - b);
  const q = (f: number) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(f * (lat.length - 1)))] : NaN);
  console.log(`  ${'TOTAL'.padEnd(14)} ${String(ok).padStart(3)} / ${String(results.length).padEnd(3)} ${pct(ok, results.length)}`);
  console.log(`  answerable (all but out of scope): ${inScopeOk} / ${inScope.length} ${pct(inScopeOk, inScope.length)}`);
  console.log(`  false zeros: ${falseZeros.length}${falseZeros.length ? ` (${falseZeros.map((r) => r.c.id).join(', ')})` : ''}`);
  console.log(`  false zeros among the ${watched.length} false-zero-watch questions: ${watched.filter((r) => r.verdict.falseZero).length}`);
  console.log(
    `  answerable questions declined: ${declinedInScope.length}${declinedInScope.length ? ` (${declinedInScope.map((r) => r.c.id).join(', ')})` : ''}`,
  );
  const unread = results.filter((r) => r.c.unread);
  if (unread.length)
    console.log(
      `  unread phrases: ${unread.filter((r) => r.verdict.correct && !r.verdict.notUnderstood).length} exact figure, ` +
        `${unread.filter((r) => r.verdict.notUnderstood).length} said not understood, ${unread.filter((r) => !r.verdict.correct).length} wrong`,
    );
  console.log(`  out-of-scope declined: ${oos.filter((r) => r.verdict.correct).length} / ${oos.length}`);
  console.log(
    `  latency over HTTP (loopback, per request): p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms over ${lat.length} requests`,
  );
}

function writeOut(dir: string, name: string, data: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}

/** The smoke check (no agent): returns the exit code. */
async function check<X, K extends string, C extends EvalCase<X, 'read' | K>>(
  set: EvalSet<X, K, C>,
  world: World<K>,
  x: X,
): Promise<number> {
  const problems: string[] = [];
  // The HTTP path the runner uses, on a read endpoint (not the agent).
  const res = await fetch(`${world.origin}/api/kpis/summary?range=7d`, { headers: { authorization: `Bearer ${world.keys.read}` } });
  if (res.status !== 200) problems.push(`GET /api/kpis/summary over HTTP: ${res.status}`);
  problems.push(...(await set.restChecks(world, x)));
  const t0 = Date.now();
  const prepared = await prepare(x, set.cases);
  const sp = setProblems(prepared, set.classes, set.minimum);
  problems.push(...sp.problems);
  // "Not understood" is right for an unread phrase's case only, and such a case is of its class.
  for (const p of prepared) {
    if (!p.truth) continue;
    if (set.classes.includes('unread_phrase') && (p.c.cls === 'unread_phrase') !== !!p.c.unread)
      problems.push(`${p.c.id}: an unread phrase belongs to the class unread_phrase alone`);
    if (p.c.unread) for (const m of unreadProblems(p.truth, p.c.unread)) problems.push(`${p.c.id} (${p.c.cls}): ${m}`);
    else if (judgeUnread({ answer: 'I did not understand that phrase.', tool_calls: [] }, p.truth).notUnderstood)
      problems.push(`${p.c.id}: "not understood" accepted outside the class unread_phrase`);
  }
  console.log(`${prepared.length} cases (${sp.perClass}); truths computed in ${Date.now() - t0} ms`);
  console.log(
    `false-zero watch: ${set.cases.filter((c) => c.fz).length}; multi-turn: ${set.cases.filter((c) => c.turns.length > 1).length}; ` +
      `scoped keys: ${set.cases.filter((c) => c.key && c.key !== 'read').length}; unread phrases: ${set.cases.filter((c) => c.unread).length}; ` +
      `truths read two ways (any of): ${prepared.filter((p) => p.truth?.kind === 'any').length}`,
  );
  if (problems.length) {
    console.error(`SMOKE CHECK FAILED (${problems.length}):\n  ${problems.join('\n  ')}`);
    return 1;
  }
  console.log('smoke check passed: the REST figures agree, every truth computes and every case can be judged (the agent was not asked)');
  return 0;
}

async function main<X, K extends string, C extends EvalCase<X, 'read' | K>>(set: EvalSet<X, K, C>): Promise<number> {
  const argv = process.argv.slice(2);
  const mode = argv.includes('--check') ? 'check' : argv.includes('--truths-only') ? 'truths' : 'ask';
  const unknown = argv.filter((a) => !['--check', '--truths-only'].includes(a));
  if (unknown.length || argv.length > 1) {
    console.error(`usage: run.ts [--check | --truths-only]${unknown.length ? ` (unknown: ${unknown.join(' ')})` : ''}`);
    return 2;
  }
  const t0 = Date.now();
  const world = await set.buildWorld({ listen: true });
  try {
    console.log(
      `world: demo org, ${world.calls} calls, clock ${set.now.toISOString()}, listening on ${world.origin} (${Date.now() - t0} ms)`,
    );
    console.log(
      `scoped keys: ${(Object.entries(set.scopes) as [string, readonly [string, Scope]][])
        .map(([k, v]) => `${k} ${JSON.stringify(v[1])}`)
        .join(', ')}`,
    );
    const x = set.context(world);
    if (mode === 'check') return await check(set, world, x);

    const prepared = await prepare(x, set.cases);
    const failed = prepared.filter((p) => p.error);
    if (mode === 'truths') {
      for (const p of prepared) {
        console.log(
          `\n[${p.c.id}] ${p.c.cls}${p.c.key ? ` (key: ${p.c.key})` : ''}${p.c.dashboard_range ? ` (dashboard ${p.c.dashboard_range})` : ''}${p.c.fz ? ' [false-zero watch]' : ''}${p.c.unread ? ` [unread: ${p.c.unread}]` : ''}`,
        );
        for (const t of p.c.turns) console.log(`  Q: ${t}`);
        console.log(p.error ? `  TRUTH ERROR: ${p.error}` : `  truth: ${showTruth(p.truth!)}`);
      }
      console.log(`\n${prepared.length} cases; ${failed.length} truth errors`);
      return failed.length ? 1 : 0;
    }
    if (failed.length) {
      // A case whose truth cannot be computed exactly (the demo data changed since the set was
      // written) is not asked nor scored; it is listed here and in the report.
      console.error(
        `NOT ASKED, truth failed (${failed.length} of ${prepared.length}):\n  ${failed.map((p) => `${p.c.id}: ${p.error}`).join('\n  ')}`,
      );
    }
    const results: Result<C>[] = [];
    for (const p of prepared) if (!p.error) results.push(await ask(world, p));
    report(set.title, set.classes, results);
    if (failed.length) console.log(`  not asked (truth failed): ${failed.length} (${failed.map((p) => p.c.id).join(', ')})`);
    const rows = results.map((r) => ({
      id: r.c.id,
      class: r.c.cls,
      key: r.c.key ?? 'read',
      correct: r.verdict.correct,
      why: r.verdict.why,
      false_zero: r.verdict.falseZero,
      declined: r.verdict.declined,
      not_understood: r.verdict.notUnderstood,
      truth: showTruth(r.truth!),
      turns: r.replies,
    }));
    const failures = writeOut(
      set.outDir,
      'failures.json',
      rows.filter((r) => !r.correct),
    );
    console.log(`  failing cases: ${path.relative(process.cwd(), failures)}`);
    console.log(`  every case with its answer: ${path.relative(process.cwd(), writeOut(set.outDir, 'results.json', rows))}`);
    return 0;
  } finally {
    await world.t.close();
  }
}

/** Runs the set as its command line says and exits with the run's code. */
export function runEval<X, K extends string, C extends EvalCase<X, 'read' | K>>(set: EvalSet<X, K, C>): void {
  main(set).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
