// A JSON ingest body (one record, or an array of up to 10,000), kept as text and parsed one
// record at a time: the whole body parsed at once could hold millions of tiny values (64 MiB
// of `[{},{},…]` took 2 GB and 17 s). The array is split by scanJson, which builds nothing; a
// record too big to build is rejected alone, unparsed, like an over-long NDJSON line.

import { validationFailed } from '../../errors.js';
import { scanJson, type JsonPart, type JsonScan } from '../../http/jsonShape.js';

/** The most one record may hold; real records are far smaller (depth 3, a few hundred values). */
const RECORD_LIMITS = { depth: 32, containers: 100_000, commas: 1_000_000 };
const TOO_BIG = `is too complex: at most ${RECORD_LIMITS.depth} levels deep, 100,000 objects and arrays and 1,000,000 values`;

export class JsonBody {
  readonly scan: JsonScan;
  /** Throws SyntaxError when the brackets or strings of `text` do not match. */
  constructor(
    readonly text: string,
    maxRecords: number,
  ) {
    this.scan = scanJson(text, { split: true, maxParts: maxRecords });
  }
}

const tooBig = (p: JsonPart) => p.depth > RECORD_LIMITS.depth || p.containers > RECORD_LIMITS.containers || p.commas > RECORD_LIMITS.commas;

/**
 * The records of the body: a parsed value, or why the record is refused unparsed. Every record
 * is checked to be valid JSON first, so a broken body is a 400 before anything is stored.
 */
export function jsonRecords(body: JsonBody): Iterable<{ value: unknown } | { error: string }> {
  const { text, scan } = body;
  const parse = (p: JsonPart): unknown => JSON.parse(text.slice(p.start, p.end));
  if (!scan.array) {
    const part = scan.parts[0];
    if (tooBig(part)) return [{ error: TOO_BIG }];
    const value = parse(part);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw validationFailed('The body must be a call record, an array of records, or NDJSON.');
    }
    return [{ value }];
  }
  for (const p of scan.parts) if (!tooBig(p)) parse(p); // throws on the first record that is not JSON
  return (function* () {
    for (const p of scan.parts) yield tooBig(p) ? { error: TOO_BIG } : { value: parse(p) };
  })();
}
