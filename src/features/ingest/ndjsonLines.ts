// The lines of an NDJSON byte stream, holding at most `maxBytes` of one line: a longer line
// is reported as too long and the rest of it is dropped as it streams by (readline kept a
// whole line, and one 600 MB line ended the process). Lines are split on the byte 0x0A and
// each is decoded whole, so a UTF-8 character split across chunks stays intact. A line that
// is not valid UTF-8 is reported as such (never stored with U+FFFD in place of its bytes),
// and a byte-order mark before the first line is dropped.

import { isUtf8 } from 'node:buffer';

export type NdjsonLine = { text: string } | { tooLong: true } | { notUtf8: true };

const LF = 0x0a;
const CR = 0x0d;

/** Yields every line (CRLF or LF; a last line without a break too), blank ones included. */
export async function* ndjsonLines(stream: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<NdjsonLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  let first = true;

  // The line's bytes so far, decoded, its CR (of a CRLF break) left out; resets the state.
  const endLine = (): NdjsonLine => {
    const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
    const start = first && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const length = bytes.length > start && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    const line: NdjsonLine =
      tooLong || length - start > maxBytes
        ? { tooLong: true }
        : isUtf8(bytes.subarray(start, length))
          ? { text: bytes.toString('utf8', start, length) }
          : { notUtf8: true };
    parts = [];
    size = 0;
    tooLong = false;
    first = false;
    return line;
  };

  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start <= buf.length) {
      const lf = buf.indexOf(LF, start);
      const stop = lf === -1 ? buf.length : lf;
      if (!tooLong && stop > start) {
        // One byte of room for the CR of a CRLF break.
        if (size + (stop - start) > maxBytes + 1) {
          tooLong = true;
          parts = [];
          size = 0;
        } else {
          parts.push(buf.subarray(start, stop));
          size += stop - start;
        }
      }
      if (lf === -1) break;
      yield endLine();
      start = lf + 1;
    }
  }
  if (size > 0 || tooLong) yield endLine();
}
