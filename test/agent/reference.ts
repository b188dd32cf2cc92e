// An independent re-implementation of every agent tool over the fixture (no code from src/),
// used to check that each number in an answer comes from what the tool returned, and that
// each referenced call was in a tool result.

import {
  INTEL,
  inScope,
  isHooked,
  LIVE,
  NOW,
  ORG_A_CALLS,
  ORG_B_CALLS,
  refDisconnects,
  refGeo,
  refSummary,
  refTier1,
  refTopn,
  tierOf,
  transcriptHas,
  type FixtureCall,
  type W,
} from './fixture.js';

export type KeyName = 'A' | 'B' | 'scoped';

export function callsOf(key: KeyName): FixtureCall[] {
  if (key === 'A') return ORG_A_CALLS;
  if (key === 'B') return ORG_B_CALLS;
  return inScope(ORG_A_CALLS);
}

const UNIT: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** The window of tool arguments: range ending now, or start/end (end defaults to now). */
function argsWindow(args: Record<string, unknown>, defaultRange: string): W {
  const date = (s: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s);
  if (typeof args.start === 'string') {
    return { start: date(args.start), end: typeof args.end === 'string' ? date(args.end) : NOW };
  }
  const range = typeof args.range === 'string' ? args.range : defaultRange;
  const m = /^(\d+)([hdw])$/.exec(range)!;
  const end = typeof args.end === 'string' ? date(args.end) : NOW;
  return { start: new Date(end.getTime() - Number(m[1]) * UNIT[m[2]]), end };
}

const WIDTH: Record<string, number> = { '15min': 900_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };
const MONDAY = 4 * 86_400_000;

function refSeries(calls: FixtureCall[], w: W, metric: string, bucket: string) {
  const width = WIDTH[bucket];
  const anchor = bucket === 'week' ? MONDAY : 0;
  const first = Math.floor((w.start.getTime() - anchor) / width) * width + anchor;
  const points: Array<{ timestamp: string; value: number }> = [];
  for (let t = first; t < w.end.getTime(); t += width) {
    const s = refSummary(calls, { start: new Date(Math.max(t, w.start.getTime())), end: new Date(Math.min(t + width, w.end.getTime())) });
    const value =
      metric === 'calls'
        ? s.calls_received
        : metric === 'avg_duration_sec'
          ? (s.avg_call_duration_sec ?? 0)
          : (s as unknown as Record<string, number>)[metric];
    points.push({ timestamp: new Date(t).toISOString().replace('.000Z', 'Z'), value });
  }
  return points;
}

const AREA_STATE: Record<string, string> = { '212': 'NY', '213': 'CA', '214': 'TX', '512': 'TX', '202': 'DC', '305': 'FL' };
const stateOf = (c: FixtureCall) => {
  const m = /^\+1(\d{3})\d{7}$/.exec(c.caller_id ?? '');
  return m ? (AREA_STATE[m[1]] ?? null) : null;
};

function summaryRow(c: FixtureCall) {
  const e = c.extraction;
  return {
    call_sid: c.call_sid,
    started_at: c.started_at,
    duration_sec: c.duration_sec,
    caller_id: c.caller_id,
    caller_state: stateOf(c),
    persona: c.persona,
    disconnect_reason: c.disconnect_reason,
    cleanly_closed: c.cleanly_closed,
    tier: tierOf(c),
    hooked: isHooked(c),
    auditor_confidence: e?.auditor_confidence ?? null,
    impersonated_brand: e?.impersonated_brand ?? null,
    lure_category: e?.lure_category ?? null,
    payment_method: e?.payment_method ?? null,
    total_dollars_asked: (e?.dollar_asks ?? []).reduce((a, b) => a + b, 0),
    dollars_dangled: e?.dollars_dangled ?? null,
  };
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const TOPN_COLUMN = (f: string) => (f === 'mule_bank_routing' ? 'mule_bank_routing_number' : f);

const VALUE_ARGS = [
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'impersonated_government_agency',
  'mule_bank_name',
  'gift_card_brand',
  'crypto_chain',
  'remote_desktop_app',
];

/** The calls the tools' filter arguments keep (every windowed tool takes them). */
function filtered(calls: FixtureCall[], args: Record<string, unknown>): FixtureCall[] {
  const list = (k: string) => (args[k] === undefined ? null : (Array.isArray(args[k]) ? (args[k] as unknown[]) : [args[k]]).map(lower));
  const qs = list('q');
  return calls
    .filter((c) => !qs || qs.every((q) => transcriptHas(c, String(q))))
    .filter((c) =>
      VALUE_ARGS.every((k) => !list(k) || list(k)!.includes(lower((c.extraction as Record<string, unknown> | null)?.[k] ?? null))),
    )
    .filter((c) => !list('persona') || list('persona')!.includes(lower(c.persona)))
    .filter((c) => !list('caller_state') || list('caller_state')!.includes(lower(stateOf(c))))
    .filter((c) => !list('tier') || list('tier')!.includes(tierOf(c) ?? -1))
    .filter((c) => typeof args.hooked !== 'boolean' || isHooked(c) === args.hooked)
    .filter((c) => typeof args.min_duration_sec !== 'number' || c.duration_sec >= args.min_duration_sec)
    .filter((c) => typeof args.max_duration_sec !== 'number' || c.duration_sec <= args.max_duration_sec);
}

/** Calls per value of a call column (persona), like get_topn. */
function refColumnTopn(calls: FixtureCall[], w: W, column: 'persona', n: number) {
  const inW = calls.filter(
    (c) => Date.parse(c.started_at) >= w.start.getTime() && Date.parse(c.started_at) < w.end.getTime() && c[column] !== null,
  );
  const counts = new Map<string, number>();
  for (const c of inW) counts.set(c[column]!, (counts.get(c[column]!) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([label, count]) => ({ label, count, pct_of_total: count / inW.length }));
}

/** What the tool returns for these arguments, computed from the fixture. */
export function refTool(name: string, args: Record<string, unknown>, key: KeyName, defaultRange: string): unknown {
  const calls = filtered(callsOf(key), args);
  const range = (w: W) => ({ start_utc: w.start.toISOString().replace('.000Z', 'Z'), end_utc: w.end.toISOString().replace('.000Z', 'Z') });
  switch (name) {
    case 'get_summary': {
      const w = argsWindow(args, defaultRange);
      return { range: range(w), ...refSummary(calls, w) };
    }
    case 'get_timeseries': {
      const w = argsWindow(args, defaultRange);
      return { range: range(w), points: refSeries(calls, w, String(args.metric), String(args.bucket ?? 'day')) };
    }
    case 'get_topn': {
      const w = argsWindow(args, defaultRange);
      if (args.field === 'persona') return { range: range(w), items: refColumnTopn(calls, w, 'persona', Number(args.n ?? 10)) };
      return { range: range(w), items: refTopn(calls, w, TOPN_COLUMN(String(args.field)), Number(args.n ?? 10)) };
    }
    case 'get_tier1': {
      const w = argsWindow(args, defaultRange);
      const rows = refTier1(calls, w);
      return {
        range: range(w),
        total: rows.length,
        items: rows.slice(0, Number(args.limit ?? 20)).map((c) => ({
          call_sid: c.call_sid,
          call_started_at: c.started_at,
          ...Object.fromEntries(INTEL.map((f) => [f, (c.extraction as Record<string, unknown> | null)?.[f] ?? null])),
          auditor_confidence: c.extraction?.auditor_confidence ?? null,
        })),
      };
    }
    case 'get_attacker_geo': {
      const w = argsWindow(args, defaultRange);
      return { range: range(w), items: refGeo(calls, w) };
    }
    case 'get_disconnect_breakdown': {
      const w = argsWindow(args, defaultRange);
      return { range: range(w), ...refDisconnects(calls, w) };
    }
    case 'get_active_calls': {
      const live = LIVE.filter((s) => NOW.getTime() - s.heartbeatAt.getTime() < 60_000)
        .filter(() => key !== 'B')
        .filter((s) => key !== 'scoped' || ['amazon', 'paypal'].includes(s.body.impersonated_brand.toLowerCase()))
        .sort((a, b) => Date.parse(a.body.started_at) - Date.parse(b.body.started_at));
      return { active_count: live.length, calls: live.map((s) => ({ call_sid: s.sid, ...s.body })) };
    }
    case 'search_calls': {
      const w = argsWindow(args, defaultRange);
      const list = (k: string) => (Array.isArray(args[k]) ? (args[k] as unknown[]).map(lower) : null);
      const matched = calls
        .filter((c) => Date.parse(c.started_at) >= w.start.getTime() && Date.parse(c.started_at) < w.end.getTime())

        .filter((c) =>
          ['impersonated_brand', 'lure_category', 'payment_method'].every(
            (k) => !list(k) || list(k)!.includes(lower(summaryRow(c)[k as 'impersonated_brand'])),
          ),
        )
        .filter((c) => !list('caller_state') || list('caller_state')!.includes(lower(stateOf(c))))
        .filter((c) => !Array.isArray(args.tier) || (args.tier as number[]).includes(tierOf(c) ?? -1))
        .filter((c) => typeof args.hooked !== 'boolean' || isHooked(c) === args.hooked)
        .filter((c) => typeof args.min_duration_sec !== 'number' || c.duration_sec >= args.min_duration_sec)
        .filter((c) => typeof args.max_duration_sec !== 'number' || c.duration_sec <= args.max_duration_sec)
        .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || (a.call_sid < b.call_sid ? -1 : 1));
      const limit = Number(args.limit ?? 20);
      return { range: range(w), items: matched.slice(0, limit).map(summaryRow), has_more: matched.length > limit };
    }
    case 'query':
      return refQuery(callsOf(key), args, defaultRange);
    case 'get_call': {
      const c = calls.find((x) => x.call_sid === args.call_sid);
      if (!c) return { error: 'not found' };
      return { ...summaryRow(c), transcript: c.transcript ?? [], extraction: c.extraction };
    }
  }
  throw new Error(`unknown tool ${name}`);
}

// ---------------------------------------------------------------------------------------------
// grounding: every number of an answer must be one of the tool results' numbers, or a sum,
// difference or change between them (comparisons, trends, totals)

function leaves(value: unknown, path: string, nums: Map<string, number[]>, strs: Set<string>): void {
  if (typeof value === 'number') {
    const k = path.split('.').pop()!;
    nums.set(k, [...(nums.get(k) ?? []), value]);
  } else if (typeof value === 'string') {
    strs.add(value);
  } else if (Array.isArray(value)) {
    value.forEach((v) => leaves(v, path, nums, strs));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}.${k}`, nums, strs);
  }
}

function halvesSums(points: Array<{ value: number }>): number[] {
  const n = points.length;
  const h = Math.floor(n / 2);
  const sum = (xs: Array<{ value: number }>) => xs.reduce((a, p) => a + p.value, 0);
  return [sum(points), sum(points.slice(0, h)), sum(points.slice(n - h))];
}

function weightedHalves(values: Array<{ value: number }>, weights: Array<{ value: number }>): number[] {
  const n = values.length;
  const h = Math.floor(n / 2);
  const part = (from: number, to: number) => {
    let s = 0;
    let wsum = 0;
    for (let i = from; i < to; i++) {
      s += values[i].value * weights[i].value;
      wsum += weights[i].value;
    }
    return wsum ? [s / wsum] : [];
  };
  return [...part(0, h), ...part(n - h, n)];
}

export interface Evidence {
  numbers: number[];
  strings: Set<string>;
}

export function evidenceOf(results: unknown[], args: Array<Record<string, unknown>>, question: string): Evidence {
  const nums = new Map<string, number[]>();
  const strs = new Set<string>();
  results.forEach((r) => leaves(r, '', nums, strs));
  args.forEach((a) => leaves(a, '', nums, strs));
  const base = [...nums.values()].flat();
  // Range labels ("30d", "2w") name their number.
  for (const s of strs) {
    const m = /^(\d+)[hdw]$/.exec(s);
    if (m) base.push(Number(m[1]));
  }
  const derived: number[] = [];
  // Per key (the same figure from two results): differences and relative changes.
  for (const vs of nums.values()) {
    if (vs.length < 2 || vs.length > 60) continue;
    for (const a of vs) for (const b of vs) if (a !== b) derived.push(a - b, Math.abs(a - b), b !== 0 ? ((a - b) / b) * 100 : 0);
  }
  const series = results.flatMap((r) =>
    (r as { points?: Array<{ value: number }> }).points ? [(r as { points: Array<{ value: number }> }).points] : [],
  );
  for (const p of series) derived.push(...halvesSums(p));
  if (series.length === 2) derived.push(...weightedHalves(series[0], series[1]));
  const halves = derived.slice();
  for (const a of halves) for (const b of halves) if (a !== b) derived.push(a - b, Math.abs(a - b), b !== 0 ? ((a - b) / b) * 100 : 0);
  // Counts of listed rows ("showing 10").
  for (const r of results) {
    for (const v of Object.values((r as Record<string, unknown>) ?? {})) if (Array.isArray(v)) derived.push(v.length);
  }
  for (const m of question.matchAll(/\d+(?:\.\d+)?/g)) derived.push(Number(m[0]));
  // Windows of different lengths are also compared per day.
  for (const r of results) {
    const range = (r as { range?: { start_utc?: string; end_utc?: string } } | null)?.range;
    if (!range?.start_utc || !range.end_utc) continue;
    const days = (Date.parse(range.end_utc) - Date.parse(range.start_utc)) / 86_400_000;
    if (days > 0) for (const v of Object.values(r as Record<string, unknown>)) if (typeof v === 'number') derived.push(v / days);
  }
  // Answers write the results' timestamps out ("Nov 20, 2026 14:00 UTC"): their calendar parts are data.
  for (const s of strs) {
    if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) continue;
    const d = new Date(s);
    if (!Number.isNaN(d.getTime()))
      derived.push(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  }
  return { numbers: [...base, ...derived], strings: strs };
}

/** The numbers of an answer that no tool result explains (empty when grounded). */
export function ungroundedNumbers(answer: string, ev: Evidence): string[] {
  let text = answer;
  // Verbatim strings of the results (timestamps, SIDs, caller IDs, routing numbers, labels) and
  // their date prefixes are data, not figures.
  const strings = [...ev.strings].filter((s) => /\d/.test(s) && s.length >= 2).sort((a, b) => b.length - a.length);
  for (const s of strings) text = text.split(s).join(' ');
  for (const s of strings) if (/^\d{4}-\d{2}-\d{2}T/.test(s)) text = text.split(s.slice(0, 10)).join(' ');
  text = text.replace(/\btier-[123]\b/gi, ' ').replace(/\bTier-[123]\b/g, ' ');
  const bad: string[] = [];
  for (const m of text.matchAll(/[+-]?\$?\d[\d,]*(?:\.\d+)?%?/g)) {
    const token = m[0];
    const isPct = token.endsWith('%');
    const clean = token.replace(/[+$,%]/g, '');
    const v = Math.abs(Number(clean));
    const decimals = clean.includes('.') ? clean.split('.')[1].length : 0;
    const tol = 0.5 * 10 ** -decimals + 1e-9;
    const ok = ev.numbers.some((n) => {
      const cands = [Math.abs(n), Math.abs(n * 100)];
      return cands.some((c) => Math.abs(c - v) <= tol) || (!isPct && Math.abs(Math.abs(n) - v) <= tol);
    });
    if (!ok) bad.push(token);
  }
  return bad;
}

export function sidsOfResults(results: unknown[]): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'call_sid' && typeof x === 'string') out.add(x);
        else walk(x);
      }
    }
  };
  results.forEach(walk);
  return out;
}

/** A field of a call as the query language reads it (intel fields, persona, hooked, tier). */
function fieldOf(c: FixtureCall, field: string): unknown {
  if (field === 'persona') return c.persona;
  if (field === 'hooked') return isHooked(c);
  if (field === 'tier') return tierOf(c);
  if (field === 'caller_state') return stateOf(c);
  return (c.extraction as Record<string, unknown> | null)?.[field] ?? null;
}

/**
 * POST /api/query over the fixture, for the bodies the agent sends: `is` and `has` filters on
 * call fields, at most one dimension, summary metrics (and `asks`) per group.
 */
function refQuery(calls: FixtureCall[], args: Record<string, unknown>, defaultRange: string) {
  const w = argsWindow(args, defaultRange);
  const filters = (args.filters ?? []) as unknown[][];
  const keep = (c: FixtureCall) =>
    filters.every((f) => {
      const v = fieldOf(c, String(f[1]));
      if (f[0] === 'has') return v !== null && v !== undefined;
      if (f[0] === 'is') return (f[2] as unknown[]).map(lower).includes(lower(v));
      throw new Error(`reference query: filter ${JSON.stringify(f)} not modelled`);
    });
  const kept = calls.filter(keep);
  const dims = (args.dimensions ?? []) as string[];
  const metrics = args.metrics as string[];
  const groups = new Map<string, FixtureCall[]>();
  for (const c of kept) {
    const k = dims.length ? JSON.stringify(fieldOf(c, dims[0])) : '[]';
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  const results = [...groups.entries()]
    .map(([k, cs]) => {
      const s = refSummary(cs, w) as unknown as Record<string, number | null>;
      const asks = cs.filter((c) => Date.parse(c.started_at) >= w.start.getTime() && Date.parse(c.started_at) < w.end.getTime());
      const n = asks.flatMap((c) => c.extraction?.dollar_asks ?? []).length;
      return {
        dimensions: dims.length ? [JSON.parse(k)] : [],
        metrics: metrics.map((m) => (m === 'asks' ? n : s[m])),
        calls: s.calls_received,
      };
    })
    .filter((r) => !dims.length || (r.calls ?? 0) > 0)
    .map(({ dimensions, metrics: m }) => ({ dimensions, metrics: m }));
  return { results, range: { start_utc: w.start.toISOString().replace('.000Z', 'Z'), end_utc: w.end.toISOString().replace('.000Z', 'Z') } };
}
