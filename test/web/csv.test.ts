// The dashboard's CSV writer (web/src/lib/csv.ts), without a browser: quoting as RFC 4180 asks,
// and values from calls that a spreadsheet would run as formulas kept as text.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toCsv } from '../../web/src/lib/csv.js';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks; empty for null; CRLF lines', () => {
    assert.equal(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['two\nlines', null],
          [1.5, true],
        ],
      ),
      'a,b\r\n"x,y","say ""hi"""\r\n"two\nlines",\r\n1.5,true\r\n',
    );
  });
  it('text starting like a formula is kept as text; numbers are numbers', () => {
    assert.equal(
      toCsv(['v'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM'], [-2]]),
      'v\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@SUM\r\n-2\r\n',
    );
  });
});
