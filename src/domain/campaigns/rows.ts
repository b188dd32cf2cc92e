// A campaign's figures (CONTRACT §14) from its component and the facts of its calls. Pure.

import { bucketStarts, DAY_MS, formatUtc, type Window } from '../window.js';
import { buildCampaigns, byCodePoint, linkKeysOf, type CampaignGraph, type Component, type IdentifierRow } from './components.js';
import { isStrong, STRONG_KINDS, type StrongKind } from './identifiers.js';

/** What a campaign row needs of each of its calls (read from `calls`). */
export interface CallFacts {
  callSid: string;
  startedAt: number;
  brand: string | null;
  lure: string | null;
  paymentMethod: string | null;
  state: string | null;
  /** The call's total ask, in cents. */
  askedCents: number;
}

/** Values listed per identifier kind in a row, most calls first. */
const MAX_VALUES_PER_KIND = 20;

export interface CampaignRow {
  id: string;
  calls: number;
  first_seen: string;
  last_seen: string;
  brands: string[];
  lures: string[];
  payment_methods: string[];
  states: string[];
  total_dollars_asked: number;
  identifiers: Record<StrongKind, { value: string; calls: number }[]>;
  growth: number;
  previous_calls: number;
}

export interface CampaignDetail extends CampaignRow {
  timeline: { day: string; calls: number }[];
  links: { kind: string; value: string; calls: number; call_sids: string[] }[];
  related: { kind: string; value: string; campaign_calls: number; other_calls: number; other_campaigns: string[] }[];
}

/** Call sids a link lists at most (its `calls` counts them all). */
const MAX_LINK_SIDS = 100;
const MAX_LINKS = 200;
export const MAX_RELATED = 50;
export const MAX_OTHER_CAMPAIGNS = 20;

/**
 * What a campaign's figures read besides its calls' facts: identifier rows of the window (its
 * calls' own, and for `related` those of other calls sharing a weak value) and the campaign of
 * any other call of the window.
 */
export interface CampaignContext {
  rows: readonly IdentifierRow[];
  /** Each call's rows, so that a row's figures read its own calls only. */
  rowsOf: Map<string, IdentifierRow[]>;
  campaignOf: (callSid: string) => string | undefined;
}

/** The window's campaigns: components of its identifier rows, and what they are made of (the read-time path). */
export interface WindowCampaigns extends CampaignContext {
  graph: CampaignGraph;
}

export function rowsByCall(rows: readonly IdentifierRow[]): Map<string, IdentifierRow[]> {
  const rowsOf = new Map<string, IdentifierRow[]>();
  for (const r of rows) {
    const list = rowsOf.get(r.callSid);
    if (list) list.push(r);
    else rowsOf.set(r.callSid, [r]);
  }
  return rowsOf;
}

export function windowCampaigns(orgId: string, rows: readonly IdentifierRow[]): WindowCampaigns {
  const graph = buildCampaigns(orgId, rows);
  return { graph, rows, rowsOf: rowsByCall(rows), campaignOf: (sid) => graph.componentOf.get(sid)?.id };
}

/** Distinct non-null values, most calls first, then code point. */
function ranked(values: (string | null)[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0])).map(([v]) => v);
}

/**
 * How many calls of the previous period carry one of the component's link keys (the keys that
 * join it): the same operation seen before the window, by the identifiers that define it.
 */
export function previousCalls(c: Component, previous: PreviousCalls): number {
  const calls = new Set<string>();
  for (const l of c.links) for (const sid of previous.get(`${l.key.kind}\u0000${l.key.value}`) ?? []) calls.add(sid);
  return calls.size;
}

/** The calls of the previous period by link key. */
export type PreviousCalls = Map<string, string[]>;

export function previousCallsByKey(rows: readonly IdentifierRow[]): PreviousCalls {
  const ids = new Map<string, IdentifierRow[]>();
  for (const r of rows) {
    const list = ids.get(r.callSid);
    if (list) list.push(r);
    else ids.set(r.callSid, [r]);
  }
  const byKey: PreviousCalls = new Map();
  for (const [sid, list] of ids) {
    for (const k of new Set(linkKeysOf(list))) {
      const sids = byKey.get(k);
      if (sids) sids.push(sid);
      else byKey.set(k, [sid]);
    }
  }
  return byKey;
}

/** `c.calls`: its calls of the window, earliest first; `previous`: its calls of the period before. */
export function campaignRow(
  w: Pick<CampaignContext, 'rowsOf'>,
  c: Pick<Component, 'id' | 'calls'>,
  facts: Map<string, CallFacts>,
  previous: number,
): CampaignRow {
  const calls = c.calls.map((sid) => facts.get(sid)!);
  const identifiers = Object.fromEntries(STRONG_KINDS.map((k) => [k, new Map<string, number>()])) as Record<
    StrongKind,
    Map<string, number>
  >;
  for (const sid of c.calls) {
    for (const r of w.rowsOf.get(sid) ?? [])
      if (isStrong(r.kind)) identifiers[r.kind].set(r.value, (identifiers[r.kind].get(r.value) ?? 0) + 1);
  }
  let cents = 0;
  for (const f of calls) cents += f.askedCents;
  return {
    id: c.id,
    calls: calls.length,
    first_seen: formatUtc(calls[0].startedAt),
    last_seen: formatUtc(calls[calls.length - 1].startedAt),
    brands: ranked(calls.map((f) => f.brand)),
    lures: ranked(calls.map((f) => f.lure)),
    payment_methods: ranked(calls.map((f) => f.paymentMethod)),
    states: ranked(calls.map((f) => f.state)),
    total_dollars_asked: cents / 100,
    identifiers: Object.fromEntries(
      STRONG_KINDS.map((k) => [
        k,
        [...identifiers[k].entries()]
          .sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0]))
          .slice(0, MAX_VALUES_PER_KIND)
          .map(([value, n]) => ({ value, calls: n })),
      ]),
    ) as CampaignRow['identifiers'],
    growth: calls.length - previous,
    previous_calls: previous,
  };
}

/**
 * The row plus its timeline (calls per UTC day of the window, zero-filled), links and related weak
 * signals (`related` when the caller worked them out already, as relatedSignals would from `w`).
 */
export function campaignDetail(
  w: CampaignContext,
  c: Component,
  facts: Map<string, CallFacts>,
  previous: number,
  window: Window,
  related?: CampaignDetail['related'],
): CampaignDetail {
  const row = campaignRow(w, c, facts, previous);
  const perDay = new Map<number, number>();
  for (const sid of c.calls) {
    const day = Math.floor(facts.get(sid)!.startedAt / DAY_MS) * DAY_MS;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const timeline = bucketStarts(window, 'day').map((d) => ({ day: formatUtc(d), calls: perDay.get(d.getTime()) ?? 0 }));
  const links = c.links.slice(0, MAX_LINKS).map((l) => ({
    kind: l.key.kind,
    value: l.key.value,
    calls: l.calls.length,
    call_sids: l.calls.slice(0, MAX_LINK_SIDS),
  }));
  return { ...row, timeline, links, related: related ?? relatedSignals(w, c) };
}

/**
 * Weak signals (one kind at a time) that this campaign's calls share with calls outside it: a
 * lead for an analyst, not a link. Script bands of the same calls are shown once.
 */
function relatedSignals(w: CampaignContext, c: Component): CampaignDetail['related'] {
  const inCampaign = new Set(c.calls);
  const callsOf = new Map<string, { kind: string; value: string; sids: string[] }>();
  for (const r of w.rows) {
    if (isStrong(r.kind)) continue;
    const k = `${r.kind}\u0000${r.value}`;
    const e = callsOf.get(k);
    if (e) e.sids.push(r.callSid);
    else callsOf.set(k, { kind: r.kind, value: r.value, sids: [r.callSid] });
  }
  const out: CampaignDetail['related'] = [];
  const shown = new Set<string>();
  const entries = [...callsOf.values()].sort((a, b) => byCodePoint(a.kind, b.kind) || byCodePoint(a.value, b.value));
  for (const e of entries) {
    const mine = e.sids.filter((s) => inCampaign.has(s));
    const others = e.sids.filter((s) => !inCampaign.has(s));
    if (mine.length === 0 || others.length === 0) continue;
    const signature = `${e.kind}\u0000${[...e.sids].sort(byCodePoint).join(',')}`;
    if (shown.has(signature)) continue;
    shown.add(signature);
    const campaigns = new Set<string>();
    for (const s of others) {
      const other = w.campaignOf(s);
      if (other) campaigns.add(other);
    }
    out.push({
      kind: e.kind,
      value: e.value,
      campaign_calls: mine.length,
      other_calls: others.length,
      other_campaigns: [...campaigns].sort(byCodePoint).slice(0, MAX_OTHER_CAMPAIGNS),
    });
  }
  out.sort(
    (a, b) =>
      b.other_calls + b.campaign_calls - (a.other_calls + a.campaign_calls) || byCodePoint(a.kind, b.kind) || byCodePoint(a.value, b.value),
  );
  return out.slice(0, MAX_RELATED);
}
