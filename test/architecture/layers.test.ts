// The layering of src/ (issue 15): storage owns all SQL text, and storage imports nothing from
// the layers above it (features, delivery, agent, http). Both are read from the TypeScript
// syntax tree, so SQL words in comments do not count and a statement split by `${…}` does.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const STORAGE = path.join(SRC, 'storage');
/** What storage must not import: the layers that call it. */
const ABOVE_STORAGE = ['features', 'delivery', 'agent', 'http'].map((d) => path.join(SRC, d));

/** An SQL statement's opening words; upper case, as every query here is written. */
const SQL = /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE (TABLE|INDEX)|ALTER TABLE)\b/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const inside = (file: string, dir: string) => file.startsWith(dir + path.sep);
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function parse(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** `file:line: text` of every string or template literal holding SQL; a `${…}` reads as one word. */
function sqlLiterals(source: ts.SourceFile): string[] {
  const found: string[] = [];
  walk(source, (n) => {
    let text: string | null = null;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) text = n.text;
    else if (ts.isTemplateExpression(n)) text = [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join('_');
    if (text !== null && SQL.test(text)) {
      const line = source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
      found.push(`${rel(source.fileName)}:${line}: ${text.trim().split('\n')[0].slice(0, 80)}`);
    }
  });
  return found;
}

/** Module specifiers of every import, re-export and dynamic import, with their lines. */
function importsOf(source: ts.SourceFile): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = [];
  const add = (spec: ts.Expression | undefined, at: ts.Node) => {
    if (spec && ts.isStringLiteralLike(spec))
      out.push({ spec: spec.text, line: source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1 });
  };
  walk(source, (n) => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) add(n.moduleSpecifier, n);
    else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) add(n.arguments[0], n);
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) add(n.moduleReference.expression, n);
  });
  return out;
}

/** `file:line: spec` of every import of a storage file that reaches a layer above storage. */
function upwardImports(source: ts.SourceFile): string[] {
  return importsOf(source)
    .filter(({ spec }) => spec.startsWith('.'))
    .filter(({ spec }) => {
      const target = path.resolve(path.dirname(source.fileName), spec);
      return ABOVE_STORAGE.some((dir) => target === dir || inside(target, dir));
    })
    .map(({ spec, line }) => `${rel(source.fileName)}:${line}: ${spec}`);
}

describe('the checks themselves', () => {
  const sample = (text: string, at = path.join(SRC, 'delivery', 'sample.ts')) => parse(at, text);

  test('SQL in quotes and templates is found with its line; comments and prose are not', () => {
    const text = [
      '// INSERT INTO in a comment does not count',
      "const a = 'SELECT id FROM t';",
      'const b = `UPDATE ${table} SET x = 1`;',
      'const c = `select lower case is not our style`;',
      "const d = 'Delete from the list';",
      'const e = `',
      '  DELETE FROM t WHERE id = $1`;',
      "const f = 'CREATE INDEX i ON t (x)';",
    ].join('\n');
    assert.deepEqual(
      sqlLiterals(sample(text)).map((s) => s.split(': ')[0]),
      ['src/delivery/sample.ts:2', 'src/delivery/sample.ts:3', 'src/delivery/sample.ts:6', 'src/delivery/sample.ts:8'],
    );
  });

  test('upward imports are found in every form; domain, errors and storage itself are allowed', () => {
    const at = path.join(STORAGE, 'queries', 'sample.ts');
    const text = [
      "import { a } from '../../delivery/outbox.js';",
      "import type { B } from '../../features/webhooks/schemas.js';",
      "export { c } from '../../agent/turns.js';",
      "const d = await import('../../http/auth.js');",
      "import { e } from '../../domain/events.js';",
      "import { f } from '../db.js';",
      "import { g } from '../../errors.js';",
      "import { h } from 'node:crypto';",
    ].join('\n');
    assert.deepEqual(upwardImports(sample(text, at)), [
      'src/storage/queries/sample.ts:1: ../../delivery/outbox.js',
      'src/storage/queries/sample.ts:2: ../../features/webhooks/schemas.js',
      'src/storage/queries/sample.ts:3: ../../agent/turns.js',
      'src/storage/queries/sample.ts:4: ../../http/auth.js',
    ]);
  });
});

describe('layers of src/', () => {
  const files = tsFiles(SRC);

  test('there is something to check', () => {
    assert.ok(files.some((f) => inside(f, STORAGE)) && files.some((f) => !inside(f, STORAGE)));
  });

  test('no SQL text outside src/storage/', () => {
    const found = files.filter((f) => !inside(f, STORAGE)).flatMap((f) => sqlLiterals(parse(f)));
    assert.deepEqual(found, [], `SQL belongs in src/storage/:\n${found.join('\n')}`);
  });

  test('src/storage/ imports nothing from features, delivery, agent or http', () => {
    const found = files.filter((f) => inside(f, STORAGE)).flatMap((f) => upwardImports(parse(f)));
    assert.deepEqual(found, [], `storage must not import the layers above it:\n${found.join('\n')}`);
  });
});
