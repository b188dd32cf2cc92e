// Campaigns as connected components of calls (docs/campaigns.md). Pure: given the identifier
// rows of the calls one principal may see in one window, the answer depends on that set of rows
// only, never on the order they were ingested in.
//
// 1. Link keys. A strong identifier is a key by itself. Weak signals join two calls only when
//    two of them agree, so each pair of weak kinds a call carries makes one composite key
//    ("agent+caller_id", "caller_id+script"…): two calls share it exactly when they share both.
// 2. Common values. A key shared by calls of many operations (a bank's real phone number, a
//    URL shortener's domain) must not glue them together. Take the key v away; group the calls
//    carrying v by the components the remaining keys make; count the groups whose component
//    also holds a call without v (an operation seen apart from v). v is common, and never links,
//    when that count exceeds COMMON_GROUPS.
// 3. Components. Union-find over the calls by every key that is not common; a component of two
//    or more calls is a campaign.

import { createHash } from 'node:crypto';
import { isStrong, STRONG_KINDS, WEAK_KINDS, type IdentifierKind } from './identifiers.js';

/** A value whose calls fall into more operations than this (see 2. above) never links. */
export const COMMON_GROUPS = 10;

export interface IdentifierRow {
  callSid: string;
  startedAt: number;
  kind: IdentifierKind;
  value: string;
}

interface LinkKey {
  /** A strong kind, or two weak kinds joined by "+" (in WEAK_KINDS order). */
  kind: string;
  value: string;
}

export interface Component {
  /** `cmp_` + 16 hex digits of SHA-256 over its org and earliest link key (idOf). */
  id: string;
  /** Its calls, earliest first (ties by call_sid, code point). */
  calls: string[];
  /** The keys that join it: each with the calls of this component that carry it (two or more). */
  links: { key: LinkKey; calls: string[] }[];
}

export interface CampaignGraph {
  components: Component[];
  /** The component of each call in one; lone calls are absent. */
  componentOf: Map<string, Component>;
  /** Keys the common-value rule refused, as `kind\0value`. */
  common: Set<string>;
  /**
   * The components before the common-value rule (every key of two or more calls links), of two
   * or more calls, earliest call first. Whether a key is common depends only on the calls of
   * its raw component, so a raw component is the unit ingest recomputes (storage/campaigns/upkeep.ts).
   */
  raw: string[][];
}

const KIND_ORDER = [...STRONG_KINDS, ...pairKinds()];
const SEP = '\u0000';

function pairKinds(): string[] {
  const out: string[] = [];
  for (let i = 0; i < WEAK_KINDS.length; i++) for (let j = i + 1; j < WEAK_KINDS.length; j++) out.push(`${WEAK_KINDS[i]}+${WEAK_KINDS[j]}`);
  return out;
}

const keyText = (kind: string, value: string) => `${kind}${SEP}${value}`;
const keyOf = (text: string): LinkKey => {
  const i = text.indexOf(SEP);
  return { kind: text.slice(0, i), value: text.slice(i + 1) };
};

/** Code-point order of two strings (the service's text order on every engine). */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A campaign's id: stable across rebuilds, since it depends on one identifier only. The org is
 * hashed in too, so two orgs that meet the same wallet get unrelated ids.
 */
function idOf(orgId: string, key: LinkKey): string {
  return `cmp_${createHash('sha256').update(`${orgId}\n${key.kind}\n${key.value}`).digest('hex').slice(0, 16)}`;
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]];
      x = p[x];
    }
    return x;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/**
 * The link keys of one call from its identifiers: strong ones as they are, weak ones pairwise.
 * `shared`, when given, says which identifiers other calls carry too: a key with a part no other
 * call has can join nothing, and leaving it out spares most of the pairs (script bands are
 * mostly unique).
 */
export function linkKeysOf(
  ids: readonly { kind: IdentifierKind; value: string }[],
  shared?: (kind: string, value: string) => boolean,
): string[] {
  const keys: string[] = [];
  const weak = new Map<string, string[]>();
  for (const { kind, value } of ids) {
    if (shared && !shared(kind, value)) continue;
    if (isStrong(kind)) keys.push(keyText(kind, value));
    else weak.set(kind, [...(weak.get(kind) ?? []), value]);
  }
  for (let i = 0; i < WEAK_KINDS.length; i++) {
    for (let j = i + 1; j < WEAK_KINDS.length; j++) {
      const a = weak.get(WEAK_KINDS[i]);
      const b = weak.get(WEAK_KINDS[j]);
      if (!a || !b) continue;
      for (const va of a) for (const vb of b) keys.push(keyText(`${WEAK_KINDS[i]}+${WEAK_KINDS[j]}`, `${va} & ${vb}`));
    }
  }
  return keys;
}

export function buildCampaigns(orgId: string, rows: readonly IdentifierRow[]): CampaignGraph {
  // Calls, numbered in (started_at, call_sid) order so that index order is time order.
  const started = new Map<string, number>();
  const idsOf = new Map<string, { kind: IdentifierKind; value: string }[]>();
  const carriers = new Map<string, number>();
  for (const r of rows) {
    started.set(r.callSid, r.startedAt);
    const part = keyText(r.kind, r.value);
    carriers.set(part, (carriers.get(part) ?? 0) + 1);
    const list = idsOf.get(r.callSid);
    if (list) list.push(r);
    else idsOf.set(r.callSid, [r]);
  }
  const sids = [...started.keys()].sort((a, b) => started.get(a)! - started.get(b)! || byCodePoint(a, b));
  const index = new Map(sids.map((s, i) => [s, i]));

  // Each key's calls (indexes ascending), keeping only keys of two or more calls.
  const callsOf = new Map<string, number[]>();
  const keysOfCall: string[][] = sids.map(() => []);
  for (const sid of sids) {
    const i = index.get(sid)!;
    for (const k of new Set(linkKeysOf(idsOf.get(sid)!, (kind, value) => carriers.get(keyText(kind, value))! > 1))) {
      const list = callsOf.get(k);
      if (list) list.push(i);
      else callsOf.set(k, [i]);
    }
  }
  for (const [k, calls] of callsOf) {
    if (calls.length < 2) callsOf.delete(k);
    else for (const i of calls) keysOfCall[i].push(k);
  }

  const common = new Set<string>();
  for (const [k, calls] of callsOf) if (calls.length > COMMON_GROUPS && isCommon(k, calls, callsOf, keysOfCall, sids.length)) common.add(k);

  const uf = new UnionFind(sids.length);
  const rawUf = new UnionFind(sids.length);
  for (const [k, calls] of callsOf) {
    for (const i of calls) rawUf.union(calls[0], i);
    if (!common.has(k)) for (const i of calls) uf.union(calls[0], i);
  }
  const rawByRoot = new Map<number, string[]>();
  for (let i = 0; i < sids.length; i++) {
    const root = rawUf.find(i);
    const list = rawByRoot.get(root);
    if (list) list.push(sids[i]);
    else rawByRoot.set(root, [sids[i]]);
  }
  const raw = [...rawByRoot.values()].filter((m) => m.length > 1);

  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < sids.length; i++) {
    const root = uf.find(i);
    const list = byRoot.get(root);
    if (list) list.push(i);
    else byRoot.set(root, [i]);
  }
  const components: Component[] = [];
  const componentOf = new Map<string, Component>();
  for (const members of byRoot.values()) {
    if (members.length < 2) continue;
    // members ascend, so the first is the earliest call.
    const links: Component['links'] = [];
    const memberKeys = new Set(members.flatMap((i) => keysOfCall[i]).filter((k) => !common.has(k)));
    for (const k of memberKeys) links.push({ key: keyOf(k), calls: callsOf.get(k)!.map((i) => sids[i]) });
    links.sort((a, b) => compareKeys(a.key, b.key));
    const earliest = keysOfCall[members[0]]
      .filter((k) => !common.has(k))
      .map(keyOf)
      .sort(compareKeys)[0];
    const c: Component = { id: idOf(orgId, earliest), calls: members.map((i) => sids[i]), links };
    components.push(c);
    for (const sid of c.calls) componentOf.set(sid, c);
  }
  components.sort((a, b) => byCodePoint(a.id, b.id));
  return { components, componentOf, common, raw };
}

/** Strong kinds first, then the weak pairs; then values by code point. */
export function compareKeys(a: LinkKey, b: LinkKey): number {
  return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || byCodePoint(a.value, b.value);
}

/**
 * The common-value rule for key `k` (header, 2.). First a cheap bound: grouping its calls by
 * the other keys among themselves only gives at least as many groups, so when those that reach a
 * call without `k` are COMMON_GROUPS or fewer, `k` is not common. Otherwise the exact count.
 */
function isCommon(k: string, calls: number[], callsOf: Map<string, number[]>, keysOfCall: string[][], n: number): boolean {
  const local = new Map(calls.map((i, li) => [i, li]));
  const uf = new UnionFind(calls.length);
  const reaching = new Set<number>();
  const seen = new Set<string>([k]);
  for (const i of calls) {
    for (const o of keysOfCall[i]) {
      if (seen.has(o)) continue;
      seen.add(o);
      const inside = callsOf.get(o)!.filter((j) => local.has(j));
      for (const j of inside) uf.union(local.get(inside[0])!, local.get(j)!);
      if (inside.length < callsOf.get(o)!.length) for (const j of inside) reaching.add(local.get(j)!);
    }
  }
  const localGroups = new Set([...reaching].map((li) => uf.find(li)));
  if (localGroups.size <= COMMON_GROUPS) return false;

  const all = new UnionFind(n);
  for (const [o, members] of callsOf) if (o !== k) for (const j of members) all.union(members[0], j);
  const withOthers = new Set<number>();
  for (let j = 0; j < n; j++) if (!local.has(j)) withOthers.add(all.find(j));
  const groups = new Set(calls.map((i) => all.find(i)).filter((root) => withOthers.has(root)));
  return groups.size > COMMON_GROUPS;
}
