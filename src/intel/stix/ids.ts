// Deterministic STIX identifiers: `<type>--<UUIDv5>`. UUIDv5 (RFC 9562 §5.5) is SHA-1 over the
// namespace's 16 bytes then the name, with the version and variant bits set; node:crypto has
// SHA-1 but no v5, and the algorithm is a dozen lines, so no package is added for it.

import { createHash } from 'node:crypto';

/** Our namespace for SDO/SRO ids (a random v4 fixed once, never to change: ids would all move). */
const HONEYPOT_NAMESPACE = '8a83f389-40ad-4cdd-a694-cb06cf9ff33b';
/** The namespace STIX 2.1 (§2.9) gives for SCO ids, so other producers derive the same SCO ids. */
const STIX_SCO_NAMESPACE = '00abedb4-aa42-466c-9c01-fed23315a9b7';

export function uuidv5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`bad namespace ${namespace}`);
  const h = createHash('sha1').update(ns).update(name, 'utf8').digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * RFC 8785 (JCS) for the flat string-valued objects we hash: keys sorted by UTF-16 code
 * units, JSON.stringify's string escaping (which JCS adopts), no whitespace. Null values dropped.
 */
export function canonicalJson(obj: Record<string, string | null | undefined>): string {
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== null && obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(obj[k])}`).join(',')}}`;
}

/** An SCO id per STIX 2.1 §2.9: UUIDv5 in the STIX namespace of the JCS of its id-contributing properties. */
export const scoId = (type: string, contributing: Record<string, string | null | undefined>): string =>
  `${type}--${uuidv5(canonicalJson(contributing), STIX_SCO_NAMESPACE)}`;

/** An SDO/SRO id: UUIDv5 in our namespace of the type and its parts joined by NUL (no part holds one after JSON). */
export const sdoId = (type: string, ...parts: string[]): string =>
  `${type}--${uuidv5([type, ...parts].map((p) => JSON.stringify(p)).join('\u0000'), HONEYPOT_NAMESPACE)}`;
