// The lines of an NDJSON byte stream, holding at most `maxBytes` of one line: a longer line
// is reported as too long and the rest of it is dropped as it streams by (readline kept a
// whole line, and one 600 MB line ended the process). Lines are split on the byte 0x0A and
// each is decoded whole, so a UTF-8 character split across chunks stays intact.

export type NdjsonLine = { text: string } | { tooLong: true };

const LF = 0x0a;
const CR = 0x0d;

/** Yields every line (CRLF or LF; a last line without a break too), blank ones included. */
export async function* ndjsonLines(stream: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<NdjsonLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let tooLong = false;

  // The line's bytes so far, decoded, its CR (of a CRLF break) left out; resets the state.
  const endLine = (): NdjsonLine => {
    const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
    const length = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
    const line: NdjsonLine = tooLong || length > maxBytes ? { tooLong: true } : { text: bytes.toString('utf8', 0, length) };
    parts = [];
    size = 0;
    tooLong = false;
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
