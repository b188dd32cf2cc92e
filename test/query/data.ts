// Seeded call records for the query tests: realistic pools with shared values, mixed case,
// nulls, absent fields, cents and huge asks, transcripts, and start times clustered around
// DST changes (New York, London, Santiago — whose changes happen at local midnight) and on
// window and bucket edges.

import { DAY, HOUR, MINUTE, pick, zoned } from './reference.js';

export const NOW = Date.parse('2026-11-20T14:07:30Z'); // a Friday
const t = (s: string) => Date.parse(s);

/** Spans of time holding calls: each with a DST change of some zone inside. */
const CLUSTERS: [number, number, number][] = [
  // [from, to, weight]
  [t('2026-02-26T00:00:00Z'), t('2026-03-14T00:00:00Z'), 2], // New York springs forward 2026-03-08
  [t('2026-03-27T00:00:00Z'), t('2026-04-08T00:00:00Z'), 2], // London 03-29, Santiago 04-05 (at local midnight)
  [t('2026-09-03T00:00:00Z'), t('2026-09-09T00:00:00Z'), 1], // Santiago springs forward at midnight 09-06
  [t('2026-10-18T00:00:00Z'), NOW + HOUR, 8], // London 10-25, New York 11-01, up to the present and beyond
];

/** Instants on DST changes, local midnights and window edges (each also taken ±1 ms). */
export const EDGES: number[] = [
  t('2026-03-08T07:00:00Z'), // NY 03:00 EDT, just after the skipped hour
  t('2026-03-08T06:30:00Z'), // NY 01:30 EST
  t('2026-03-08T05:00:00Z'), // NY midnight
  t('2026-03-09T04:00:00Z'), // NY midnight after the change
  t('2026-03-29T01:00:00Z'), // London springs forward
  t('2026-03-29T00:00:00Z'), // London midnight
  t('2026-04-05T03:00:00Z'), // Santiago falls back at 24:00
  t('2026-04-05T03:30:00Z'), // Santiago 23:30 the second time
  t('2026-04-05T04:00:00Z'), // Santiago midnight of Sunday
  t('2026-09-06T04:00:00Z'), // Santiago springs forward: Sunday starts at 01:00
  t('2026-09-06T03:00:00Z'), // Santiago 23:00 Saturday
  t('2026-10-25T01:00:00Z'), // London falls back
  t('2026-10-25T00:30:00Z'), // London 01:30 BST
  t('2026-10-24T23:00:00Z'), // London midnight
  t('2026-11-01T04:00:00Z'), // NY midnight, EDT
  t('2026-11-01T05:00:00Z'), // NY 01:00 EDT
  t('2026-11-01T05:30:00Z'), // NY 01:30 EDT
  t('2026-11-01T06:00:00Z'), // NY 01:00 EST (the repeated hour)
  t('2026-11-01T06:30:00Z'), // NY 01:30 EST
  t('2026-11-01T07:00:00Z'), // NY 02:00 EST
  t('2026-11-02T05:00:00Z'), // NY midnight, EST, a Monday
  t('2026-11-01T00:00:00Z'), // UTC month start
  t('2026-11-02T00:00:00Z'), // UTC Monday
  t('2026-11-15T18:30:00Z'), // Kolkata midnight
  t('2026-11-16T00:00:00Z'),
  NOW - 7 * DAY,
  NOW - 30 * DAY,
  NOW - DAY,
  NOW - 14 * DAY,
  NOW,
];

const BRANDS = [
  'Amazon',
  'AMAZON',
  ' amazon ',
  'Apple',
  'PayPal',
  'Microsoft',
  'TD Bank',
  'Target',
  'Éclair',
  '100% Real',
  'under_score',
  'Ｚeta',
  '',
];
const LURES = ['REFUND', 'IRS', 'TECH_SUPPORT', 'PRIZE2', '_X_'];
const BANKS = [
  'Chase',
  'JPMorgan Chase Bank',
  'chase',
  'JPMorgan Chase',
  'TD Bank',
  'Wells Fargo',
  'Bank of America',
  'BofA',
  'Ünïcode Bank',
  'Local CU',
  'Target',
];
const AGENTS = ['David Taylor', 'david taylor', 'Kevin', 'KEVIN', 'Ｋevin', 'Mark%', ' '];
const GENERIC = ['alpha', 'Beta', 'beta', 'Gamma, Inc.', 'δέλτα', '  padded  ', '', 'a_b', 'a%b'];
export const ASKS = [0, 0.01, 0.1, 0.29, 12.34, 99.5, 100, 500, 999.99, 1000, 1500, 2499.99, 2500, 10000, 999999999.99, 1000000000];
const DURATIONS = [0, 1, 14, 15, 16, 29, 30, 59, 60, 119, 120, 299, 300, 599, 600, 1799, 1800, 86400];
const CONFIDENCES = [null, 0, 0.69, 0.7, 0.71, 1];
const REASONS = ['caller_hung_up_normal', 'websocket_issue_our_side', 'voice_engine_issue', 'ai_session_capped', null];
const PERSONAS = ['margaret', 'Harold', ' margaret ', 'MARGARET', 'harold', '', null];
const CALLER_IDS = [
  '+12125550143',
  '2125550143',
  '(212) 555-0143',
  '+1 718 555 0199',
  ' 1-202-555-0101 ',
  '+14155550100',
  '213-555-0111',
  '+13055550123',
  '7135550123',
  '+13125550100',
  '+16175550100',
  '+17875550100', // PR
  '+18005551234', // toll-free
  '8885550000', // toll-free
  '+14165550123', // Toronto
  '+442071234567', // not NANP
  'anonymous',
  '',
  null,
];
const TURNS = [
  'Hello, this is Amazon support.',
  'Please buy a Gift Card today',
  'I need 100% of it now',
  'my user_name is kevin',
  'Wire it to Chase, account 4410',
  'ok',
  'Ça va? Bitcoin ATM',
  'REFUND department, David Taylor speaking',
];

function field(rand: () => number, pool: readonly string[], pNull: number): string | null | undefined {
  const r = rand();
  if (r < pNull * 0.8) return null;
  if (r < pNull) return undefined;
  return pick(rand, pool);
}

function instant(rand: () => number): number {
  if (rand() < 0.3) return pick(rand, EDGES) + pick(rand, [-1, 0, 0, 0, 1, -30 * MINUTE, 30 * MINUTE]);
  const total = CLUSTERS.reduce((s, c) => s + c[2], 0);
  let r = rand() * total;
  for (const [from, to, w] of CLUSTERS) {
    if (r < w) return from + Math.floor(rand() * ((to - from) / 1000)) * 1000;
    r -= w;
  }
  return NOW;
}

/** One call record as sent to ingest (CONTRACT §5), at `ms`, written in one of several offsets. */
export function randomCall(rand: () => number, sid: string, ms: number = instant(rand)): Record<string, unknown> {
  const json: Record<string, unknown> = {
    call_sid: sid,
    started_at: zoned(ms, pick(rand, ['UTC', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/London'])),
    duration_sec: rand() < 0.5 ? pick(rand, DURATIONS) : Math.floor(rand() * 2500),
  };
  const callerId = pick(rand, CALLER_IDS);
  if (callerId !== null || rand() < 0.5) json.caller_id = callerId;
  const persona = pick(rand, PERSONAS);
  if (persona !== null || rand() < 0.5) json.persona = persona;
  const reason = pick(rand, REASONS);
  if (reason !== null || rand() < 0.5) json.disconnect_reason = reason;
  const clean = pick(rand, [true, false, null, undefined]);
  if (clean !== undefined) json.cleanly_closed = clean;
  if (rand() < 0.7) {
    json.transcript = Array.from({ length: Math.floor(rand() * 4) }, (_, i) => ({
      speaker: pick(rand, ['caller', 'persona', 'system']),
      text: pick(rand, TURNS),
      offset_sec: i * 2.5,
    }));
  }
  const r = rand();
  if (r < 0.1) json.extraction = null;
  else if (r < 0.15) {
    // no extraction
  } else if (r < 0.18) json.extraction = {};
  else {
    const e: Record<string, unknown> = {};
    const set = (k: string, v: unknown) => {
      if (v !== undefined) e[k] = v;
    };
    set('impersonated_brand', field(rand, BRANDS, 0.25));
    set('lure_category', field(rand, LURES, 0.4));
    set('payment_method', field(rand, ['gift_card', 'wire', 'zelle', 'crypto', ''], 0.55));
    set('impersonated_government_agency', field(rand, ['IRS', 'SSA', 'irs'], 0.85));
    set('mule_bank_name', field(rand, BANKS, 0.7));
    set('mule_bank_routing_number', field(rand, ['021000021', '026009593', '031101266'], 0.85));
    set('mule_bank_account_number', field(rand, ['4410023318', '000111', '123456789'], 0.88));
    set('mule_account_holder_name', field(rand, ['Kevin Marsh', 'Zoë Ávila', 'kevin marsh'], 0.88));
    set('crypto_wallet_address', field(rand, ['bc1qxyz', '0xABCDEF'], 0.9));
    set('crypto_chain', field(rand, ['bitcoin', 'ethereum', 'tron', 'Bitcoin'], 0.85));
    set('gift_card_brand', field(rand, ['Apple', 'Target', 'Google Play', 'apple'], 0.8));
    set('phishing_url', field(rand, ['https://amaz0n.example', 'http://paypa1.example/login'], 0.9));
    set('remote_desktop_app', field(rand, ['AnyDesk', 'TeamViewer', 'anydesk'], 0.7));
    set('synthetic_org', field(rand, GENERIC, 0.8));
    set('fake_agent_name', field(rand, AGENTS, 0.5));
    set('physical_mule_drop_address', field(rand, ['1 Main St, Springfield', '22 Elm Rd'], 0.93));
    const conf = pick(rand, [...CONFIDENCES, 'rand', 'rand', 'absent'] as const);
    if (conf === 'rand') e.auditor_confidence = Math.round(rand() * 1000) / 1000;
    else if (conf !== 'absent') e.auditor_confidence = conf;
    const a = rand();
    if (a < 0.3) {
      // no asks
    } else if (a < 0.38) e.dollar_asks = a < 0.34 ? null : [];
    else
      e.dollar_asks = Array.from({ length: 1 + Math.floor(rand() * 4) }, () =>
        rand() < 0.9 ? pick(rand, ASKS.slice(0, -2)) : pick(rand, ASKS),
      );
    if (rand() < 0.5) e.dollars_dangled = pick(rand, [0, 0.07, 199.5, 399, null]);
    json.extraction = e;
  }
  return json;
}

/** `n` calls with call_sids `<prefix>0000`… */
export function dataset(rand: () => number, n: number, prefix = 'CA'): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => randomCall(rand, `${prefix}${String(i).padStart(4, '0')}`));
}
