// Comments cite what a reader can open in this repository: docs/contract.md's sections, other
// docs, or an explanation in place. An issue number or a section of the original seed
// specification (outside the repository) tells a newcomer nothing. `npm run check` runs this file.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TREES = ['src', 'web/src', 'bench', 'scripts'].map((d) => path.join(ROOT, d));
/** "issue 26", "issue #13", "seed §4": references to what is not in the repository. */
const OUTSIDE = /\bissues? #?\d+|\bseed\s*§/i;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(tsx?|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every comment's text in a file, with its line, read from the syntax tree's trivia. */
function comments(file: string): { line: number; text: string }[] {
  const text = readFileSync(file, 'utf8');
  const found: { line: number; text: string }[] = [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      const line = text.slice(0, scanner.getTokenStart()).split('\n').length;
      found.push({ line, text: scanner.getTokenText() });
    }
  }
  return found;
}

test('no comment cites an issue number or a section of the seed specification', () => {
  const offending = TREES.flatMap(files).flatMap((f) =>
    comments(f)
      .filter((c) => OUTSIDE.test(c.text))
      .map((c) => `${path.relative(ROOT, f)}:${c.line}: ${c.text.split('\n')[0].slice(0, 100)}`),
  );
  assert.deepEqual(offending, [], 'cite docs/contract.md (or explain in place) instead');
});

test('the rule sees a comment that cites an issue, and not the same words in a string', () => {
  assert.ok(OUTSIDE.test('// Additions of issue #13'));
  assert.ok(OUTSIDE.test('/* as seed §4 says */'));
  assert.ok(!OUTSIDE.test('// the issues this fixes'));
});
