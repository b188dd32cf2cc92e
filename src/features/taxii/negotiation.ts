// Content negotiation for the TAXII endpoints (TAXII 2.1 §1.6.8): every answer is
// application/taxii+json;version=2.1, so an Accept header must allow it (else 406); and these
// endpoints are GET-only, so a request carrying content is refused with 415 (RFC 9110
// §15.5.16: content in a format this method on this resource does not take, and no format is
// taken). A Content-Type of TAXII itself without content is tolerated: some clients send it on
// every request.

import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../../errors.js';
import { notAcceptable } from './errors.js';

interface MediaRange {
  type: string;
  subtype: string;
  params: Map<string, string>;
  q: number;
}

/** Splits on commas and semicolons outside quoted strings. */
function splitOutsideQuotes(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted && c === '\\' && i + 1 < s.length) {
      cur += c + s[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/** One media range of an Accept header, or null when it is malformed. */
function parseRange(text: string): MediaRange | null {
  const [head, ...rest] = splitOutsideQuotes(text, ';').map((p) => p.trim());
  const slash = head.indexOf('/');
  if (slash < 0) return null;
  const type = head.slice(0, slash).toLowerCase();
  const subtype = head.slice(slash + 1).toLowerCase();
  if (!TOKEN.test(type) || !TOKEN.test(subtype) || (type === '*' && subtype !== '*')) return null;
  const params = new Map<string, string>();
  let q = 1;
  for (const p of rest) {
    if (p === '') continue;
    const eq = p.indexOf('=');
    if (eq < 0) return null;
    const name = p.slice(0, eq).trim().toLowerCase();
    let value = p.slice(eq + 1).trim();
    if (!TOKEN.test(name)) return null;
    if (value.startsWith('"')) {
      if (value.length < 2 || !value.endsWith('"')) return null;
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    } else if (!TOKEN.test(value)) return null;
    if (name === 'q') {
      if (!QVALUE.test(value)) return null;
      q = Number(value);
    } else params.set(name, value);
  }
  return { type, subtype, params, q };
}

/**
 * How specifically `range` names application/taxii+json;version=2.1: 3 with the version,
 * 2 without, 1 for application/*, 0 for * /*; -1 when it does not match it at all.
 */
function specificity(range: MediaRange): number {
  if (range.type === '*') return range.params.size === 0 ? 0 : -1;
  if (range.type !== 'application') return -1;
  if (range.subtype === '*') return range.params.size === 0 ? 1 : -1;
  if (range.subtype !== 'taxii+json') return -1;
  if (range.params.size === 0) return 2;
  const version = range.params.get('version');
  return range.params.size === 1 && version === '2.1' ? 3 : -1;
}

/**
 * True when an Accept header allows application/taxii+json;version=2.1: the most specific
 * range naming it decides, and q=0 refuses it (RFC 9110 §12.5.1). No header allows anything.
 */
export function acceptsTaxii(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  let best: MediaRange | null = null;
  let bestSpec = -1;
  for (const text of splitOutsideQuotes(accept, ',')) {
    if (text.trim() === '') continue;
    const range = parseRange(text.trim());
    if (!range) continue;
    const spec = specificity(range);
    if (spec > bestSpec) {
      best = range;
      bestSpec = spec;
    }
  }
  return best !== null && best.q > 0;
}

/** True for application/taxii+json with no parameters or version=2.1 only. */
export function isTaxiiContentType(contentType: string): boolean {
  const range = parseRange(contentType.trim());
  return range !== null && specificity(range) >= 2;
}

/** Throws the TAXII answer to a request these GET-only endpoints do not serve: 415, then 406. */
export function checkNegotiation(headers: IncomingHttpHeaders): void {
  const length = headers['content-length'];
  const hasContent = headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
  if (hasContent) {
    throw new ApiError(415, 'unsupported_media_type', 'TAXII endpoints here are read-only (GET): a request takes no content.');
  }
  const contentType = headers['content-type'];
  if (contentType !== undefined && !isTaxiiContentType(contentType)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Content-Type "${contentType.slice(0, 100)}" is not supported: these endpoints take no content (send no Content-Type, or ${'application/taxii+json;version=2.1'}).`,
    );
  }
  const accept = headers.accept;
  if (!acceptsTaxii(accept)) {
    throw notAcceptable(
      `Accept "${(accept ?? '').slice(0, 200)}" does not allow application/taxii+json;version=2.1, the only media type served here ` +
        '(application/taxii+json, application/* or */* do too).',
    );
  }
}
