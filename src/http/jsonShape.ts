// The shape of a JSON text, found by one pass over its characters that builds nothing: how
// many objects and arrays it holds, how many values, how deep it nests. JSON.parse of 64 MiB
// of `[{},{},…]` took 2 GB and 17 s, so bodies are measured before they are parsed. The pass
// can also split a top-level array into its elements, so they are parsed one at a time.
// Only strings and brackets are checked here; JSON.parse checks the rest of each part.

export interface JsonPart {
  /** The part is text.slice(start, end). */
  start: number;
  end: number;
  /** Objects and arrays in the part. */
  containers: number;
  /** Commas in the part: about how many values it holds, less one per container. */
  commas: number;
  /** Deepest nesting of objects and arrays in the part (0 for a scalar). */
  depth: number;
}

export interface JsonScan {
  /** True when the text is an array that was split into its elements (`parts`). */
  array: boolean;
  parts: JsonPart[];
  /** The array has more than `maxParts` elements: scanning stopped there. */
  more: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const BOM = 0xfeff;
/** Levels whose bracket kind is remembered (to catch `{]`); deeper parts are refused anyway. */
const MATCHED_LEVELS = 64;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Scans `text` once. With `split`, a top-level array is cut into its elements (at most
 * `maxParts`); otherwise, and for any other value, the whole text is the one part. Throws
 * SyntaxError when strings or brackets do not close, brackets do not match, an element is
 * empty or something follows the value.
 */
export function scanJson(text: string, opts: { split: boolean; maxParts?: number }): JsonScan {
  const maxParts = opts.maxParts ?? Infinity;
  const bad = (why: string) => new SyntaxError(`Invalid JSON: ${why}`);
  let i = text.charCodeAt(0) === BOM ? 1 : 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const array = opts.split && text.charCodeAt(i) === OPEN_ARRAY;
  const parts: JsonPart[] = [];
  const kinds: number[] = [];
  // In array mode the array itself is level 1 and parts are its elements; otherwise level 0 is the part.
  const base = array ? 1 : 0;
  let depth = 0;
  let part: JsonPart = { start: array ? i + 1 : i, end: text.length, containers: 0, commas: 0, depth: 0 };
  let closed = false;

  const endPart = (end: number, last: boolean) => {
    part.end = end;
    let k = part.start;
    while (k < end && isSpace(text.charCodeAt(k))) k++;
    if (k < end) parts.push(part);
    // "[]" has no element; "[1,]" and "[,1]" have an empty one.
    else if (!(last && parts.length === 0)) throw bad('an array element is empty');
    part = { start: end + 1, end: text.length, containers: 0, commas: 0, depth: 0 };
  };

  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (closed) {
      if (!isSpace(c)) throw bad('something follows the value');
      continue;
    }
    if (c === QUOTE) {
      // Skip the string: to the next quote not escaped.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
      if (i >= text.length) throw bad('a string does not end');
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth < MATCHED_LEVELS) kinds[depth] = c;
      depth++;
      if (depth > base) {
        part.containers++;
        part.depth = Math.max(part.depth, depth - base);
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (depth < 0) throw bad('a bracket closes nothing');
      if (depth < MATCHED_LEVELS && kinds[depth] !== (c === CLOSE_OBJECT ? OPEN_OBJECT : OPEN_ARRAY)) throw bad('brackets do not match');
      if (array && depth === 0) {
        endPart(i, true);
        closed = true;
      } else if (!array && depth === 0) {
        closed = true;
      }
    } else if (c === COMMA) {
      if (array && depth === 1) {
        if (parts.length >= maxParts) return { array, parts, more: true };
        endPart(i, false);
      } else {
        part.commas++;
      }
    }
  }
  if (depth !== 0) throw bad('a bracket does not close');
  if (!array) {
    part.end = text.length;
    parts.push(part);
  }
  if (array && parts.length > maxParts) return { array, parts: parts.slice(0, maxParts), more: true };
  return { array, parts, more: false };
}
