// SSRF guard for webhook and alert targets (CONTRACT §9). A target may only reach public
// unicast addresses: the host is resolved once, every address it resolves to is checked, and
// the connection goes to the checked address (an undici Agent whose lookup returns it), so a
// second DNS answer can never swap in an internal address. Literal-IP hosts are also checked
// when a subscription or rule is created. `allowPrivate` (dev and tests) skips the class check.

import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Agent } from 'undici';
import { NO_PUBLIC_ADDRESS } from '../storage/queries/webhooks.js';

export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

// ---------------------------------------------------------------------------------------------
// address classes

type Cidr4 = [number, number, string];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** Refused IPv4 ranges: [network, prefix length, class]. */
const REFUSED_V4: Cidr4[] = [
  [v4(0, 0, 0, 0), 8, 'unspecified'],
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'CGNAT'],
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'reserved'],
  [v4(192, 0, 2, 0), 24, 'reserved'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(198, 18, 0, 0), 15, 'reserved'],
  [v4(198, 51, 100, 0), 24, 'reserved'],
  [v4(203, 0, 113, 0), 24, 'reserved'],
  [v4(224, 0, 0, 0), 4, 'multicast'],
  [v4(240, 0, 0, 0), 4, 'reserved'],
];

function parseV4(s: string): number | null {
  if (isIP(s) !== 4) return null;
  const [a, b, c, d] = s.split('.').map(Number);
  return v4(a, b, c, d);
}

function classOfV4(n: number): string | null {
  for (const [net, len, cls] of REFUSED_V4) {
    const mask = len === 0 ? 0 : (~0 << (32 - len)) >>> 0;
    if ((n & mask) >>> 0 === net) return cls;
  }
  return null;
}

/** Eight 16-bit groups of an IPv6 address (zone id dropped, embedded dotted quad accepted). */
function parseV6(s: string): number[] | null {
  const addr = s.split('%')[0];
  if (isIP(addr) !== 6) return null;
  let text = addr;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const n = parseV4(quad[1]);
    if (n === null) return null;
    text = `${text.slice(0, -quad[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (x: string) => (x === '' ? [] : x.split(':').map((h) => parseInt(h, 16)));
  const hi = part(head);
  const lo = tail === null ? [] : part(tail);
  const fill = tail === null ? 0 : 8 - hi.length - lo.length;
  const groups = [...hi, ...Array<number>(fill).fill(0), ...lo];
  return groups.length === 8 ? groups : null;
}

const v4Of = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;

function classOfV6(g: number[]): string | null {
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address: judge that.
  if (zeroTo(5) && g[5] === 0xffff) return classOfV4(v4Of(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classOfV4(v4Of(g[6], g[7]));
  if (zeroTo(6)) return 'reserved'; // deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x2002) return classOfV4(v4Of(g[1], g[2])); // 6to4 embeds an IPv4 address
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private';
  if (g[0] === 0x2001 && g[1] === 0) return 'reserved'; // Teredo
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'reserved';
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'reserved'; // discard-only 100::/64
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** Why an address may not be a webhook target (e.g. "loopback"), or null when it may. */
export function refusedClass(address: string): string | null {
  const n = parseV4(address);
  if (n !== null) return classOfV4(n);
  const g = parseV6(address);
  if (g !== null) return classOfV6(g);
  return 'not an IP address';
}

// ---------------------------------------------------------------------------------------------
// URLs

const hostOf = (u: URL) => u.hostname.replace(/^\[(.*)\]$/, '$1');

/** Checks a target when it is stored: scheme, no credentials, and a literal IP's class. */
export function checkTargetUrl(raw: string, policy: TargetPolicy): { ok: true; url: string } | { ok: false; message: string } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, message: 'must be an absolute URL' };
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && policy.allowHttp)) {
    return { ok: false, message: 'must be an https URL' };
  }
  if (u.username || u.password) return { ok: false, message: 'must not carry credentials' };
  const host = hostOf(u);
  if (!host) return { ok: false, message: 'must name a host' };
  if (isIP(host) && !policy.allowPrivate) {
    const cls = refusedClass(host);
    if (cls) return { ok: false, message: `must not point to a non-public address (${cls})` };
  }
  return { ok: true, url: u.toString() };
}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the target's host once and checks every address; the first one is used. Refusals
 * carry one fixed message (NO_PUBLIC_ADDRESS): what a name resolves to inside our network, or
 * whether it resolves at all, is not the API user's business.
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<PinnedAddress> {
  const host = hostOf(url);
  const literal = isIP(host);
  const found: PinnedAddress[] = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : (
        await lookup(host, { all: true, verbatim: true }).catch(() => {
          throw new TargetRefused(NO_PUBLIC_ADDRESS);
        })
      ).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  if (found.length === 0) throw new TargetRefused(NO_PUBLIC_ADDRESS);
  if (!policy.allowPrivate && found.some((a) => refusedClass(a.address) !== null)) throw new TargetRefused(NO_PUBLIC_ADDRESS);
  return found[0];
}

/** An undici Agent that connects only to the checked address, whatever the host name. */
export function pinnedAgent(pin: PinnedAddress, connectTimeoutMs: number): Agent {
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pin.address, family: pin.family }]);
    else callback(null, pin.address, pin.family);
  };
  return new Agent({ connect: { lookup: pinnedLookup, timeout: connectTimeoutMs }, keepAliveTimeout: 1 });
}
