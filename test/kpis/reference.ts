// A small, independent model of the overview figures (CONTRACT §4, §6) over raw test records,
// written in plain JS without importing the code under test. The KPI and export tests compare
// every endpoint with it.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

// ---------------------------------------------------------------------------------------------
// seeded randomness

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

// ---------------------------------------------------------------------------------------------
// formatting

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** RFC 3339 of `ms` written in a zone `offsetMin` minutes east of UTC. */
export function rfc3339(ms: number, offsetMin = 0): string {
  const local = new Date(ms + offsetMin * MINUTE).toISOString();
  const base = ms % 1000 !== 0 ? local.slice(0, 23) : local.slice(0, 19);
  if (offsetMin === 0) return `${base}Z`;
  const a = Math.abs(offsetMin);
  return `${base}${offsetMin < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** The API's UTC timestamps: "…:00Z", or "…:00.123Z" when there are milliseconds. */
export const utc = (ms: number) => rfc3339(ms, 0);

/** Order by Unicode code point (not UTF-16 code unit, which is what `<` on strings does). */
export function cmpCodePoint(a: string, b: string): number {
  const A = [...a];
  const B = [...b];
  for (let i = 0; i < Math.min(A.length, B.length); i++) {
    const d = A[i].codePointAt(0)! - B[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return A.length - B.length;
}

// ---------------------------------------------------------------------------------------------
// records

const INTEL = [
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'impersonated_government_agency',
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'phishing_url',
  'remote_desktop_app',
  'synthetic_org',
  'fake_agent_name',
  'physical_mule_drop_address',
] as const;
export type IntelName = (typeof INTEL)[number];
const T1 = [
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
] as const;
const T2 = ['payment_method', 'phishing_url', 'remote_desktop_app', 'impersonated_government_agency'] as const;
const T3 = ['impersonated_brand', 'lure_category'] as const;

/** A record as sent to the ingest API (the JSON), plus its start time in ms for the model. */
export interface RawCall {
  ms: number;
  json: Record<string, unknown>;
}

/** What the model knows about a stored call, normalised the way the contract says. */
export interface Call {
  sid: string;
  ms: number;
  duration: number;
  callerId: string | null;
  state: string | null;
  areaCode: string | null;
  persona: string | null;
  reason: string | null;
  clean: boolean | null;
  ext: null | (Record<IntelName, string | null> & { conf: number | null; asks: number[]; dangled: number | null });
  tier: 1 | 2 | 3 | null;
  hasIntel: boolean;
  hooked: boolean;
}

/** The area codes the tests use; every other code is outside the US map. */
const AREA_STATES: Record<string, string> = {
  '202': 'DC',
  '212': 'NY',
  '718': 'NY',
  '213': 'CA',
  '415': 'CA',
  '305': 'FL',
  '713': 'TX',
  '787': 'PR',
};

function nanpAreaCode(callerId: string | null): string | null {
  if (callerId === null) return null;
  const s = callerId.replace(/[\s\-.()]/g, '');
  let national: string;
  if (s.startsWith('+')) {
    if (!s.startsWith('+1')) return null;
    national = s.slice(2);
  } else if (s.length === 11 && s[0] === '1') national = s.slice(1);
  else national = s;
  if (!/^[2-9]\d{9}$/.test(national)) return null; // by area code alone, any exchange (CONTRACT §6)
  return national.slice(0, 3);
}

const clean = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Bank names of the fixture that ingest stores under another spelling (normaliseBankName), by hand. */
const STORED_BANK_NAME: Record<string, string> = { Chase: 'JPMorgan Chase' };

function normalise(raw: RawCall): Call {
  const j = raw.json;
  const e = j.extraction as Record<string, unknown> | null | undefined;
  let ext: Call['ext'] = null;
  if (e) {
    const fields = Object.fromEntries(INTEL.map((f) => [f, clean(e[f])])) as Record<IntelName, string | null>;
    if (fields.mule_bank_name !== null) fields.mule_bank_name = STORED_BANK_NAME[fields.mule_bank_name] ?? fields.mule_bank_name;
    ext = {
      ...fields,
      conf: (e.auditor_confidence as number | null | undefined) ?? null,
      asks: (e.dollar_asks as number[] | null | undefined) ?? [],
      dangled: (e.dollars_dangled as number | null | undefined) ?? null,
    };
  }
  const has = (fs: readonly IntelName[]) => ext !== null && fs.some((f) => ext![f] !== null);
  const hasIntel = has(INTEL);
  const callerId = clean(j.caller_id);
  const code = nanpAreaCode(callerId);
  const state = code !== null && Object.hasOwn(AREA_STATES, code) ? AREA_STATES[code] : null;
  return {
    sid: j.call_sid as string,
    ms: raw.ms,
    duration: j.duration_sec as number,
    callerId,
    state,
    areaCode: state === null ? null : code,
    persona: clean(j.persona),
    reason: (j.disconnect_reason as string | null | undefined) ?? null,
    clean: (j.cleanly_closed as boolean | null | undefined) ?? null,
    ext,
    tier: has(T1) ? 1 : has(T2) ? 2 : has(T3) ? 3 : null,
    hasIntel,
    hooked: hasIntel && (j.duration_sec as number) >= 15,
  };
}

/** The stored calls of one org: later ingests of a call_sid replace earlier ones. */
export function stored(batches: RawCall[][]): Call[] {
  const bySid = new Map<string, Call>();
  for (const batch of batches) for (const r of batch) bySid.set(r.json.call_sid as string, normalise(r));
  return [...bySid.values()];
}

// ---------------------------------------------------------------------------------------------
// slices and windows

export type TestScope = Partial<Record<'impersonated_brand' | 'lure_category' | 'mule_bank_name' | 'caller_state' | 'persona', string[]>>;

export function inSlice(c: Call, scope: TestScope | null): boolean {
  if (!scope) return true;
  const value: Record<string, string | null> = {
    impersonated_brand: c.ext?.impersonated_brand ?? null,
    lure_category: c.ext?.lure_category ?? null,
    mule_bank_name: c.ext?.mule_bank_name ?? null,
    caller_state: c.state,
    persona: c.persona,
  };
  return Object.entries(scope).every(([dim, allowed]) => {
    const v = value[dim];
    return v !== null && allowed.map((a) => a.toLowerCase()).includes(v.toLowerCase());
  });
}

export interface Win {
  start: number;
  end: number;
}

const inWin = (c: Call, w: Win) => c.ms >= w.start && c.ms < w.end;

// ---------------------------------------------------------------------------------------------
// figures

export type Metric =
  'calls' | 'hooked_calls' | 'hook_rate' | 'tier1_calls' | 'total_dollars_asked' | 'avg_duration_sec' | 'high_confidence_insights';
export const METRICS: Metric[] = [
  'calls',
  'hooked_calls',
  'hook_rate',
  'tier1_calls',
  'total_dollars_asked',
  'avg_duration_sec',
  'high_confidence_insights',
];
export type BucketName = '15min' | 'hour' | 'day' | 'week';
export const BUCKET_NAMES: BucketName[] = ['15min', 'hour', 'day', 'week'];
const WIDTH: Record<BucketName, number> = { '15min': 15 * MINUTE, hour: HOUR, day: DAY, week: WEEK };

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function metricOf(calls: Call[], m: Metric): number {
  const n = calls.length;
  switch (m) {
    case 'calls':
      return n;
    case 'hooked_calls':
      return calls.filter((c) => c.hooked).length;
    case 'hook_rate':
      return n === 0 ? 0 : calls.filter((c) => c.hooked).length / n;
    case 'tier1_calls':
      return calls.filter((c) => c.tier === 1).length;
    case 'total_dollars_asked':
      return sum(calls.flatMap((c) => c.ext?.asks ?? []));
    case 'avg_duration_sec':
      return n === 0 ? 0 : sum(calls.map((c) => c.duration)) / n;
    case 'high_confidence_insights':
      return calls.filter((c) => c.ext?.conf != null && c.ext.conf >= 0.7).length;
  }
}

export function refTimeseries(calls: Call[], w: Win, m: Metric, bucket: BucketName) {
  const width = WIDTH[bucket];
  // Weeks start on Monday; 1970-01-05 was one.
  const anchor = bucket === 'week' ? 4 * DAY : 0;
  const first = Math.floor((w.start - anchor) / width) * width + anchor;
  const points: { timestamp: string; value: number }[] = [];
  for (let b = first; b < w.end; b += width) {
    const lo = Math.max(b, w.start);
    const hi = Math.min(b + width, w.end);
    points.push({
      timestamp: utc(b),
      value: metricOf(
        calls.filter((c) => c.ms >= lo && c.ms < hi),
        m,
      ),
    });
  }
  return points;
}

export function refTopn(calls: Call[], w: Win, column: IntelName, n: number) {
  const counts = new Map<string, number>();
  for (const c of calls) {
    const v = inWin(c, w) ? (c.ext?.[column] ?? null) : null;
    if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const total = sum([...counts.values()]);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || cmpCodePoint(a[0], b[0]))
    .slice(0, n)
    .map(([label, count]) => ({ label, count, pct_of_total: count / total }));
}

export function refDurationHistogram(calls: Call[], w: Win) {
  const edges = [0, 15, 30, 60, 120, 300, 600, 1200, 1800];
  const inside = calls.filter((c) => inWin(c, w));
  return edges.map((min, i) => {
    const max = i + 1 < edges.length ? edges[i + 1] : null;
    return { min_sec: min, max_sec: max, count: inside.filter((c) => c.duration >= min && (max === null || c.duration < max)).length };
  });
}

export function refAskHistogram(calls: Call[], w: Win) {
  const edges = [0, 100, 500, 1000, 2500, 5000, 10000];
  const asks = calls.filter((c) => inWin(c, w)).flatMap((c) => c.ext?.asks ?? []);
  return edges.map((min, i) => {
    const max = i + 1 < edges.length ? edges[i + 1] : null;
    return { min, max, count: asks.filter((a) => a >= min && (max === null || a < max)).length };
  });
}

function tier1Row(c: Call) {
  return {
    call_sid: c.sid,
    call_started_at: utc(c.ms),
    auditor_confidence: c.ext?.conf ?? null,
    mule_bank_name: c.ext!.mule_bank_name,
    mule_bank_routing_number: c.ext!.mule_bank_routing_number,
    mule_bank_account_number: c.ext!.mule_bank_account_number,
    mule_account_holder_name: c.ext!.mule_account_holder_name,
    crypto_wallet_address: c.ext!.crypto_wallet_address,
    crypto_chain: c.ext!.crypto_chain,
    gift_card_brand: c.ext!.gift_card_brand,
    physical_mule_drop_address: c.ext!.physical_mule_drop_address,
    validity: {
      mule_bank_routing_number: routingValidity(c.ext!.mule_bank_routing_number),
      crypto_wallet_address: walletValidity(c.ext!.crypto_wallet_address, c.ext!.crypto_chain),
    },
  };
}

/** A tiny ABA reference: 9 digits, an assigned prefix (00–12, 21–32, 61–72, 80), weights 3, 7, 1 summing to a multiple of 10. */
function routingValidity(v: string | null): boolean | null {
  if (v === null) return null;
  if (!/^\d{9}$/.test(v.replace(/[ -]/g, ''))) return false;
  const d = [...v.replace(/[ -]/g, '')].map(Number);
  const prefix = d[0] * 10 + d[1];
  const assigned = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  const sum = d.reduce((acc, x, i) => acc + x * [3, 7, 1][i % 3], 0);
  return assigned && sum % 10 === 0 && d.some((x) => x !== 0);
}

/**
 * The fixtures' wallets, worked by hand: 'bc1qxyz' and '0xABCDEF' are malformed for every chain
 * and look like Bitcoin and Ethereum, so false; '-0x12' looks like no chain's address, so it
 * cannot be judged without a chain.
 */
function walletValidity(v: string | null, chain: string | null): boolean | null {
  if (v === null) return null;
  if (v === '-0x12') return chain === null ? null : false;
  if (v !== 'bc1qxyz' && v !== '0xABCDEF') throw new Error(`no hand-worked validity for wallet ${v}`);
  return false;
}

/** Every tier-1 row of the window, newest first, ties by call_sid in code-point order. */
export function refTier1(calls: Call[], w: Win) {
  return calls
    .filter((c) => inWin(c, w) && c.tier === 1)
    .sort((a, b) => b.ms - a.ms || cmpCodePoint(a.sid, b.sid))
    .map(tier1Row);
}

export function refGeo(calls: Call[], w: Win) {
  const byState = new Map<string, { count: number; codes: Set<string> }>();
  for (const c of calls) {
    if (!inWin(c, w) || c.state === null) continue;
    const e = byState.get(c.state) ?? { count: 0, codes: new Set<string>() };
    e.count++;
    e.codes.add(c.areaCode!);
    byState.set(c.state, e);
  }
  return [...byState]
    .sort((a, b) => b[1].count - a[1].count || cmpCodePoint(a[0], b[0]))
    .map(([state, e]) => ({ state, count: e.count, area_codes: [...e.codes].sort() }));
}

export function refDisconnects(calls: Call[], w: Win) {
  const inside = calls.filter((c) => inWin(c, w));
  const n = (r: string) => inside.filter((c) => c.reason === r).length;
  return {
    caller_hung_up_normal: n('caller_hung_up_normal'),
    websocket_issue_our_side: n('websocket_issue_our_side'),
    voice_engine_issue: n('voice_engine_issue'),
    ai_session_capped: n('ai_session_capped'),
  };
}

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function refSummary(calls: Call[], w: Win) {
  const inside = calls.filter((c) => inWin(c, w));
  const n = inside.length;
  const durations = inside.map((c) => c.duration);
  const confs = inside.map((c) => c.ext?.conf ?? null).filter((x): x is number => x !== null);
  const asks = inside.flatMap((c) => c.ext?.asks ?? []);
  const hooked = inside.filter((c) => c.hooked).length;
  return {
    calls_received: n,
    cleanly_closed: inside.filter((c) => c.clean === true).length,
    hooked_calls: hooked,
    hook_rate: n === 0 ? 0 : hooked / n,
    avg_call_duration_sec: n === 0 ? null : sum(durations) / n,
    median_call_duration_sec: median(durations),
    max_call_duration_sec: n === 0 ? null : Math.max(...durations),
    insights_produced: inside.filter((c) => c.ext !== null).length,
    high_confidence_insights: confs.filter((x) => x >= 0.7).length,
    avg_auditor_confidence: confs.length === 0 ? null : sum(confs) / confs.length,
    tier1_calls: inside.filter((c) => c.tier === 1).length,
    tier2_calls: inside.filter((c) => c.tier === 2).length,
    tier3_calls: inside.filter((c) => c.tier === 3).length,
    total_dollars_asked: sum(asks),
    median_dollar_ask: median(asks),
    max_single_ask: asks.length === 0 ? null : Math.max(...asks),
    total_dollars_dangled: sum(inside.map((c) => c.ext?.dangled ?? 0)),
  };
}

/** deepEqual, except that numbers may differ by a relative 1e-9 (float sums in another order). */
export function approxEqual(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const tol = 1e-9 * Math.max(1, Math.abs(expected));
    if (Math.abs(actual - expected) > tol) throw new Error(`${path}: ${actual} ≠ ${expected}`);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      throw new Error(`${path}: length ${Array.isArray(actual) ? actual.length : typeof actual} ≠ ${expected.length}`);
    }
    expected.forEach((e, i) => approxEqual(actual[i], e, `${path}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') throw new Error(`${path}: ${JSON.stringify(actual)} is not an object`);
    const ek = Object.keys(expected).sort();
    const ak = Object.keys(actual).sort();
    if (JSON.stringify(ek) !== JSON.stringify(ak)) throw new Error(`${path}: keys ${ak} ≠ ${ek}`);
    for (const k of ek) approxEqual((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  if (actual !== expected) throw new Error(`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
}

// ---------------------------------------------------------------------------------------------
// data

const BRANDS = ['Amazon', 'AMAZON', ' amazon ', 'Apple', 'TD Bank', 'Target', 'Ａpple', '🏦 Bank', 'Éclair', '東京電力', '', '   '];
const LURES = ['REFUND', ' REFUND ', 'IRS', 'TECH_SUPPORT', 'PRIZE2', ''];
const BANKS = [
  'TD Bank',
  'Target',
  'Chase',
  '=HYPERLINK("http://x")',
  '+Bank',
  '-Bank',
  '@Bank',
  'Bank, "Quoted"\nLine 2',
  'Ünïcode Bank',
  '🏦',
  'Ｚ Bank',
];
const GENERIC = ['alpha', 'Beta', 'beta', 'Gamma, Inc.', 'δέλτα', '  padded  ', '', '=1+1'];
const ASKS = [0, 0.25, 99.5, 99.75, 100, 250.25, 499.75, 500, 999, 1000, 2499.5, 2500, 4999.75, 5000, 9999.75, 10000, 25000.5];
const DURATIONS = [0, 14, 15, 29, 30, 59, 60, 119, 120, 299, 300, 599, 600, 1199, 1200, 1799, 1800, 86400];
const CONFIDENCES = [null, 0, 0.69, 0.7, 0.71, 1];
const REASONS = ['caller_hung_up_normal', 'websocket_issue_our_side', 'voice_engine_issue', 'ai_session_capped', null];

/** Caller IDs in every NANP form, and the ones left out of geography. */
const CALLER_IDS = [
  '+12125550143',
  '2125550143',
  '12125550143',
  '(212) 555-0143',
  '212.555.0143',
  '+1 718 555 0199',
  ' 1-202-555-0101 ',
  '+14155550100',
  '213-555-0111',
  '+13055550123',
  '7135550123',
  '+17875550100',
  '+18005551234', // toll-free
  '8885550000', // toll-free
  '+14165550123', // Toronto
  '6045550123', // Vancouver
  '+442071234567', // not NANP
  '+1212555014', // too short
  '2121550143', // exchange starting with 1: still NY by its area code
  '+1 212 055 0143', // exchange starting with 0: NY too
  'anonymous',
  '',
  null,
];

function field(rand: () => number, pool: readonly string[], pNull = 0.5): string | null | undefined {
  const r = rand();
  if (r < pNull * 0.8) return null;
  if (r < pNull) return undefined; // absent
  return pick(rand, pool);
}

/** A random call record; `sid` and `ms` are given. */
export function randomCall(rand: () => number, sid: string, ms: number): RawCall {
  const json: Record<string, unknown> = {
    call_sid: sid,
    started_at: rfc3339(ms, pick(rand, [0, 0, 0, 330, -300, -480, 60])),
    duration_sec: rand() < 0.4 ? pick(rand, DURATIONS) : Math.floor(rand() * 2500),
  };
  const callerId = pick(rand, CALLER_IDS);
  if (callerId !== null || rand() < 0.5) json.caller_id = callerId;
  json.persona = pick(rand, ['margaret', 'harold', ' margaret ', '', null]);
  const reason = pick(rand, REASONS);
  if (reason !== null || rand() < 0.5) json.disconnect_reason = reason;
  json.cleanly_closed = pick(rand, [true, false, null]);
  const r = rand();
  if (r < 0.12) json.extraction = null;
  else if (r < 0.17) {
    // no extraction at all
  } else {
    const e: Record<string, unknown> = {};
    const set = (k: string, v: unknown) => {
      if (v !== undefined) e[k] = v;
    };
    set('impersonated_brand', field(rand, BRANDS, 0.3));
    set('lure_category', field(rand, LURES, 0.4));
    set('payment_method', field(rand, ['gift_card', 'wire', 'zelle', ''], 0.6));
    set('impersonated_government_agency', field(rand, ['IRS', 'SSA', ''], 0.85));
    set('mule_bank_name', field(rand, BANKS, 0.75));
    set('mule_bank_routing_number', field(rand, ['021000021', '026009593', '-0210', ''], 0.85));
    set('mule_bank_account_number', field(rand, ['123456789', '000111', '+44 1', ''], 0.9));
    set('mule_account_holder_name', field(rand, ['John Doe', 'Zoë Ávila', ''], 0.9));
    set('crypto_wallet_address', field(rand, ['bc1qxyz', '0xABCDEF', ''], 0.9));
    set('crypto_chain', field(rand, ['bitcoin', 'ethereum', 'tron', ''], 0.9));
    set('gift_card_brand', field(rand, ['Apple', 'Target', 'Google Play', '@Steam'], 0.85));
    set('phishing_url', field(rand, ['https://amaz0n.example', ''], 0.9));
    set('remote_desktop_app', field(rand, ['AnyDesk', 'TeamViewer', 'anydesk'], 0.7));
    set('synthetic_org', field(rand, GENERIC, 0.9));
    set('fake_agent_name', field(rand, ['Kevin', 'kevin', 'Mark', 'Ｋevin', ' '], 0.6));
    set('physical_mule_drop_address', field(rand, ['1 Main St, Springfield', '\t=cmd|x', ''], 0.95));
    const conf = pick(rand, [...CONFIDENCES, 'rand', 'rand', 'absent'] as const);
    if (conf === 'rand') e.auditor_confidence = Math.round(rand() * 1000) / 1000;
    else if (conf !== 'absent') e.auditor_confidence = conf;
    const a = rand();
    if (a < 0.3) {
      // no asks
    } else if (a < 0.4) e.dollar_asks = a < 0.35 ? null : [];
    else e.dollar_asks = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(rand, ASKS));
    if (rand() < 0.5) e.dollars_dangled = pick(rand, [0, 199.5, 399, null]);
    json.extraction = e;
  }
  return { ms, json };
}
