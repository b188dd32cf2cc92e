// The agent's structure (issue 26): src/agent/ is split by stage (read, plan, run, say), no
// function in it is over 120 lines, no import cycle exists inside it, and no stage calls a later
// one (read ← plan ← run; say, the wording, is used by plan and run and reads only the plan's
// intents). Read from the TypeScript syntax tree.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const AGENT = path.resolve(import.meta.dirname, '../../src/agent');
const STAGES = ['read', 'plan', 'run', 'say'] as const;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}
const ALL = files(AGENT);
const source = (f: string) => ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
const rel = (f: string) => path.relative(AGENT, f).split(path.sep).join('/');

/** Whether an import brings in types only (`import type`, or every name marked `type`). */
function typeOnly(n: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(n)) return n.isTypeOnly;
  const c = n.importClause;
  if (!c) return false;
  if (c.isTypeOnly) return true;
  const b = c.namedBindings;
  return !c.name && !!b && ts.isNamedImports(b) && b.elements.every((e) => e.isTypeOnly);
}

/** The agent files a file imports (relative imports inside src/agent/); `values`: leave out type-only imports. */
function importsOf(f: string, values = false): string[] {
  const out: string[] = [];
  source(f).forEachChild((n) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      if (values && typeOnly(n)) return;
      const spec = n.moduleSpecifier.text;
      if (!spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(f), spec).replace(/\.js$/, '.ts');
      if (target.startsWith(AGENT + path.sep)) out.push(target);
    }
  });
  return out;
}

describe('src/agent/ structure', () => {
  it('is split by stage: read, plan, run, say, with the entry points at the root', () => {
    const dirs = readdirSync(AGENT).filter((d) => statSync(path.join(AGENT, d)).isDirectory());
    assert.deepEqual(dirs.sort(), [...STAGES].sort());
    const root = readdirSync(AGENT).filter((f) => f.endsWith('.ts'));
    assert.deepEqual(root.sort(), ['agent.ts', 'planner.ts', 'service.ts', 'turns.ts']);
  });

  it('has no function over 120 lines', () => {
    const long: string[] = [];
    for (const f of ALL) {
      const sf = source(f);
      const visit = (n: ts.Node) => {
        if (ts.isFunctionLike(n) && 'body' in n && n.body) {
          const [a, b] = [sf.getLineAndCharacterOfPosition(n.getStart()).line, sf.getLineAndCharacterOfPosition(n.getEnd()).line];
          if (b - a + 1 > 120) long.push(`${rel(f)}:${a + 1} (${b - a + 1} lines)`);
        }
        n.forEachChild(visit);
      };
      visit(sf);
    }
    assert.deepEqual(long, []);
  });

  it('has no import cycle', () => {
    const graph = new Map(ALL.map((f) => [f, importsOf(f)]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map(rel).join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const g of graph.get(f) ?? []) visit(g, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of ALL) visit(f, []);
    assert.deepEqual(cycles, []);
  });

  it('a stage calls no later stage: read ← plan ← run, and say words a plan without planning or running', () => {
    // Types are shared freely (a plan's type is read by the stages after it); these are the value imports.
    // say may read the plan it words (plan/intents.ts: the intents and their limits), and plan and run use say's wording.
    const stageOf = (f: string) => rel(f).split('/')[0];
    const may: Record<string, string[]> = {
      read: ['read'],
      plan: ['read', 'plan', 'say'],
      run: ['read', 'plan', 'run', 'say'],
      say: ['read', 'say', 'plan/intents.ts'],
    };
    const wrong: string[] = [];
    for (const f of ALL) {
      const s = stageOf(f);
      if (!(s in may)) continue;
      for (const g of importsOf(f, true)) {
        const ok = may[s].includes(stageOf(g)) || may[s].includes(rel(g)) || ['agent.ts', 'turns.ts'].includes(rel(g));
        if (!ok) wrong.push(`${rel(f)} → ${rel(g)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });
});
