// Realistic synthetic honeypot calls in the CONTRACT §5 ingest shape, streamed so that a
// million calls need no more memory than ten. Arrivals follow US Eastern business hours and
// a weekday rhythm; what each call reveals follows its lure (catalog.ts); every extracted
// value is also spoken by the caller in the transcript.

import type { DisconnectReason, IntelField, Speaker } from '../domain/call.js';
import {
  CALLER_PRESSURE,
  CLOSINGS,
  DROP_CITIES,
  DURATION_SHAPES,
  GIFT_CARD_BRANDS,
  HOLDER_BUSINESS_A,
  HOLDER_BUSINESS_B,
  HOLDER_BUSINESS_C,
  HOLDER_FIRST,
  HOLDER_LAST,
  AGENT_FIRST,
  AGENT_LAST,
  BRAND_SLUGS,
  LURES,
  MULE_BANKS,
  NULL_CALL_SCRIPTS,
  PERSONAS,
  PERSONA_GREETINGS,
  PERSONA_REACTIONS,
  PERSONA_STALLS,
  REMOTE_DESKTOP_APPS,
  REMOTE_DESKTOP_SITES,
  STREET_NAMES,
  STREET_SUFFIXES,
  URL_PATHS,
  URL_TLDS,
  URL_WORDS,
  cap,
  formatUsd,
  niceAmount,
  type Chain,
  type LureSpec,
  type PaymentMethod,
  type Persona,
  type ScriptContext,
} from './catalog.js';
import { accountNumber, callSid, callerId, routingNumber, usNumber10, walletAddress } from './identifiers.js';
import { Rng, RotatingPool, WeightedTable } from './random.js';

// ---------------------------------------------------------------- public types

export type IngestExtractionJson = { [K in IntelField]: string | null } & {
  auditor_confidence: number | null;
  dollar_asks: number[];
  dollars_dangled: number | null;
};

export interface IngestTranscriptTurnJson {
  speaker: Speaker;
  text: string;
  offset_sec: number;
}

/** One record of `POST /api/ingest/calls` (CONTRACT §5), ready for JSON.stringify. */
export interface IngestCallJson {
  call_sid: string;
  started_at: string;
  duration_sec: number;
  caller_id: string | null;
  persona: string | null;
  disconnect_reason: DisconnectReason | null;
  cleanly_closed: boolean | null;
  transcript?: IngestTranscriptTurnJson[];
  extraction: IngestExtractionJson | null;
}

export interface DemoOptions {
  days: number;
  callsPerDay: number;
  /** Every call starts strictly before this instant. */
  end: Date;
  seed?: number;
  /** Default true; false omits `transcript` (much faster, same other fields). */
  transcripts?: boolean;
}

export const DEFAULT_SEED = 20261120;

// ---------------------------------------------------------------- arrivals

// Relative call volume by Eastern hour: overseas call centres work US business hours.
const ET_HOUR_PROFILE = [
  0.15, 0.1, 0.08, 0.07, 0.08, 0.15, 0.3, 0.55, 0.85, 1.0, 1.0, 1.0,
  0.9, 0.95, 1.0, 1.0, 0.95, 0.85, 0.6, 0.45, 0.35, 0.28, 0.22, 0.18,
];
// Sunday … Saturday (Eastern): weekends run at ~40% of a weekday.
const ET_DOW_FACTOR = [0.4, 1.05, 1.0, 1.0, 1.0, 0.92, 0.4];

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** US Eastern offset in hours (-4 in daylight time, -5 otherwise), rules since 2007. */
export function easternOffsetHours(utcMs: number): number {
  const y = new Date(utcMs).getUTCFullYear();
  const march1 = new Date(Date.UTC(y, 2, 1)).getUTCDay();
  const nov1 = new Date(Date.UTC(y, 10, 1)).getUTCDay();
  const dstStart = Date.UTC(y, 2, 1 + ((7 - march1) % 7) + 7, 7); // 2nd Sunday of March, 2:00 EST
  const dstEnd = Date.UTC(y, 10, 1 + ((7 - nov1) % 7), 6); // 1st Sunday of November, 2:00 EDT
  return utcMs >= dstStart && utcMs < dstEnd ? -4 : -5;
}

interface Slot {
  startSec: number;
  endSec: number;
  weight: number;
}

/**
 * UTC-hour slots covering [startSec, endSec) with their expected share of calls. The
 * noise comes from a fresh stream each time, so two passes see identical weights.
 */
function* arrivalSlots(startSec: number, endSec: number, seed: number): Generator<Slot> {
  const noise = Rng.derive(seed, 'arrivals.noise');
  let etDay = Number.NaN;
  let dayFactor = 1;
  for (let s = startSec; s < endSec; ) {
    const next = Math.min(endSec, (Math.floor(s / 3600) + 1) * 3600);
    const ms = s * 1000;
    const etMs = ms + easternOffsetHours(ms) * HOUR_MS;
    const day = Math.floor(etMs / DAY_MS);
    if (day !== etDay) {
      etDay = day;
      const dow = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
      // Day-to-day swing, plus the odd robocall blast day.
      dayFactor = ET_DOW_FACTOR[dow] * noise.lognormal(1, 0.1) * (noise.chance(0.03) ? 1.8 : 1);
    }
    const hour = Math.floor(etMs / HOUR_MS) % 24;
    const weight = ET_HOUR_PROFILE[hour] * dayFactor * noise.lognormal(1, 0.15) * ((next - s) / 3600);
    yield { startSec: s, endSec: next, weight };
    s = next;
  }
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
let cachedDay = Number.NaN;
let cachedDayPrefix = '';

/** `YYYY-MM-DDTHH:MM:SSZ`; the date part is cached because calls arrive in order. */
function rfc3339(sec: number): string {
  const day = Math.floor(sec / 86400);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  const rem = sec - day * 86400;
  const h = Math.floor(rem / 3600);
  const m = Math.floor((rem % 3600) / 60);
  return cachedDayPrefix + TWO_DIGITS[h] + ':' + TWO_DIGITS[m] + ':' + TWO_DIGITS[rem % 60] + 'Z';
}

/**
 * Streams about `days × callsPerDay` calls (exactly that many, rounded) over
 * [end − days, end), sorted by `started_at`. Deterministic for a seed; the records are
 * identical with and without transcripts except for `transcript` itself.
 */
export function* generateCalls(opts: DemoOptions): Generator<IngestCallJson> {
  const { days, callsPerDay, end } = opts;
  if (!(Number.isFinite(days) && days > 0)) throw new RangeError('days must be a positive number');
  if (!(Number.isFinite(callsPerDay) && callsPerDay >= 0)) throw new RangeError('callsPerDay must be >= 0');
  const endMs = end instanceof Date ? end.getTime() : Number.NaN;
  if (!Number.isFinite(endMs)) throw new RangeError('end must be a valid Date');
  const seed = opts.seed ?? DEFAULT_SEED;

  // Whole seconds s with start <= s and s < end.
  const startSec = Math.ceil((endMs - days * DAY_MS) / 1000);
  const endSec = Math.ceil(endMs / 1000);
  const total = Math.round(days * callsPerDay);
  if (total <= 0 || endSec <= startSec) return;

  let totalWeight = 0;
  for (const slot of arrivalSlots(startSec, endSec, seed)) totalWeight += slot.weight;

  const factory = new CallFactory(seed, opts.transcripts ?? true);
  const times = Rng.derive(seed, 'arrivals.times');
  let expected = 0;
  let emitted = 0;
  for (const slot of arrivalSlots(startSec, endSec, seed)) {
    // Cumulative rounding: every slot gets its share and the total comes out exact.
    expected += (total * slot.weight) / totalWeight;
    const n = Math.round(expected) - emitted;
    emitted += n;
    const span = slot.endSec - slot.startSec;
    // Sorted uniform order statistics, one at a time: no per-slot array.
    let x = 0;
    for (let i = 0; i < n; i++) {
      x += (1 - x) * (1 - Math.pow(times.next(), 1 / (n - i)));
      yield factory.make(slot.startSec + Math.min(span - 1, Math.floor(x * span)));
    }
  }
}

// ---------------------------------------------------------------- one call

type Outcome = 'none' | 'empty' | 'agent_only' | 'tier3' | 'tier2' | 'tier1';

// Shares of all calls: 15% nothing extracted; tier 1 ~12%, tier 2 ~35%, tier 3 the rest;
// a sliver of extractions with no intel at all, or only an agent's name (no tier).
const OUTCOMES = new WeightedTable<Outcome>([
  ['none', 15],
  ['empty', 1.5],
  ['agent_only', 0.5],
  ['tier3', 36],
  ['tier2', 35],
  ['tier1', 12],
]);

const DISCONNECTS = new WeightedTable<DisconnectReason | null>([
  ['caller_hung_up_normal', 90.5],
  ['websocket_issue_our_side', 4],
  ['voice_engine_issue', 3.5],
  [null, 2],
]);

const ASK_COUNTS: Record<'tier1' | 'tier2' | 'tier3', WeightedTable<number>> = {
  tier1: new WeightedTable([[1, 45], [2, 35], [3, 15], [4, 5]]),
  tier2: new WeightedTable([[0, 20], [1, 45], [2, 25], [3, 10]]),
  tier3: new WeightedTable([[0, 70], [1, 25], [2, 5]]),
};

/** The AI persona's session is capped; most very long calls end right there. */
const SESSION_CAP_SEC = 2700;

type Payload = 'gift_card' | 'mule' | 'wallet' | 'drop' | 'holder';
const PAYLOAD_OF: Record<PaymentMethod, Payload> = {
  gift_card: 'gift_card',
  wire_transfer: 'mule',
  zelle: 'mule',
  bank_transfer: 'mule',
  crypto_atm: 'wallet',
  bitcoin: 'wallet',
  cash_by_mail: 'drop',
  venmo: 'holder',
  cash_app: 'holder',
};

interface MuleAccount {
  bank: string;
  routing: string;
  account: string;
  holder: string;
}

interface Drop {
  address: string;
  recipient: string;
}

/** What the transcript needs beyond the extraction itself. */
interface CallFacts {
  outcome: Outcome;
  lure: LureSpec;
  persona: Persona;
  /** The payment the caller talks about (the extraction may have missed the method). */
  method: PaymentMethod | null;
}

interface LureTables {
  brands: WeightedTable<string> | null;
  agencies: WeightedTable<string> | null;
  payments: WeightedTable<PaymentMethod>;
  chains: WeightedTable<Chain>;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

class CallFactory {
  private readonly rng: Rng;
  private readonly tx: Rng | null;
  private readonly lures = new WeightedTable(LURES.map((l) => [l, l.weight] as const));
  private readonly lureTables = new Map<LureSpec, LureTables>();
  private readonly personas = new WeightedTable(PERSONAS.map((p) => [p, p.weight] as const));
  private readonly giftCards = new WeightedTable(GIFT_CARD_BRANDS);
  private readonly rdas = new WeightedTable(REMOTE_DESKTOP_APPS);
  private readonly banks = new WeightedTable(MULE_BANKS);
  private readonly tlds = new WeightedTable(URL_TLDS);
  private readonly paths = new WeightedTable(URL_PATHS);
  private readonly bankRouting = new Map<string, string[]>();
  private readonly callers: RotatingPool<string>;
  private readonly agents: RotatingPool<string>;
  private readonly muleAccounts: RotatingPool<MuleAccount>;
  private readonly wallets: Record<Chain, RotatingPool<string>>;
  private readonly drops: RotatingPool<Drop>;
  private readonly p2pHolders: RotatingPool<string>;
  private readonly urls = new Map<string, RotatingPool<string>>();
  private readonly writer: TranscriptWriter | null;

  constructor(seed: number, transcripts: boolean) {
    const r = (this.rng = Rng.derive(seed, 'calls'));
    this.tx = transcripts ? Rng.derive(seed, 'transcripts') : null;
    this.writer = this.tx ? new TranscriptWriter(this.tx) : null;
    for (const lure of LURES) {
      this.lureTables.set(lure, {
        brands: lure.brands.length ? new WeightedTable(lure.brands) : null,
        agencies: lure.agencies.length ? new WeightedTable(lure.agencies) : null,
        payments: new WeightedTable(lure.payments),
        chains: new WeightedTable(lure.chains),
      });
    }
    // Each mule bank's accounts sit behind a handful of routing numbers.
    for (const bank of this.banks.values) {
      this.bankRouting.set(bank, Array.from({ length: r.int(2, 4) }, () => routingNumber(r)));
    }
    // Spoofed caller IDs are mostly fresh, but centres reuse some lines for a while.
    this.callers = new RotatingPool(r, 300, 0.05, (g) => callerId(g));
    this.agents = new RotatingPool(r, 80, 0.02, (g) =>
      g.chance(0.35) ? g.pick(AGENT_FIRST) : `${g.pick(AGENT_FIRST)} ${g.pick(AGENT_LAST)}`,
    );
    this.muleAccounts = new RotatingPool(r, 60, 0.03, (g) => {
      const bank = this.banks.pick(g);
      return { bank, routing: g.pick(this.bankRouting.get(bank)!), account: accountNumber(g, bank), holder: this.holderName(g) };
    });
    this.wallets = {
      BTC: new RotatingPool(r, 40, 0.03, (g) => walletAddress(g, 'BTC')),
      ETH: new RotatingPool(r, 25, 0.03, (g) => walletAddress(g, 'ETH')),
      TRON: new RotatingPool(r, 30, 0.03, (g) => walletAddress(g, 'TRON')),
    };
    this.drops = new RotatingPool(r, 30, 0.03, (g) => ({ address: dropAddress(g), recipient: this.personName(g) }));
    this.p2pHolders = new RotatingPool(r, 50, 0.03, (g) => this.personName(g));
  }

  private personName(g: Rng): string {
    return `${g.pick(HOLDER_FIRST)} ${g.pick(HOLDER_LAST)}`;
  }

  private holderName(g: Rng): string {
    if (g.chance(0.75)) return this.personName(g);
    return `${g.pick(HOLDER_BUSINESS_A)} ${g.pick(HOLDER_BUSINESS_B)} ${g.pick(HOLDER_BUSINESS_C)}`;
  }

  private phishingUrl(lure: LureSpec, brand: string | null): string {
    const key = brand ?? lure.category;
    let pool = this.urls.get(key);
    if (!pool) {
      const slugs = brand
        ? (BRAND_SLUGS[brand] ?? [brand.toLowerCase().replace(/[^a-z0-9]+/g, '')])
        : lure.urlSlugs;
      pool = new RotatingPool(this.rng, 6, 0.05, (g) => {
        const word = g.pick(URL_WORDS);
        const domain = `${g.pick(slugs)}${g.chance(0.7) ? '-' : ''}${word}${g.chance(0.2) ? g.int(1, 99) : ''}.${this.tlds.pick(g)}`;
        return (g.chance(0.5) ? 'https://' : '') + domain + this.paths.pick(g);
      });
      this.urls.set(key, pool);
    }
    return pool.pick();
  }

  make(startedSec: number): IngestCallJson {
    const r = this.rng;
    const call_sid = callSid(r);
    const persona = this.personas.pick(r);
    const caller_id = r.chance(0.35) ? this.callers.pick() : callerId(r);
    const lure = this.lures.pick(r);
    const outcome = OUTCOMES.pick(r);

    // Duration: a short hang-up, or a long-tailed conversation whose length grows with
    // what the caller ends up revealing.
    const shape = outcome === 'tier1' ? DURATION_SHAPES.tier1
      : outcome === 'tier2' ? DURATION_SHAPES.tier2
      : outcome === 'tier3' || outcome === 'agent_only' ? DURATION_SHAPES.tier3
      : DURATION_SHAPES.none;
    const short = r.chance(shape.shortShare);
    let duration = short
      ? outcome === 'none' || outcome === 'empty' ? r.int(0, 14) : r.int(3, 14)
      : Math.max(15, Math.round(r.lognormal(shape.median, shape.sigma)));
    let reason = DISCONNECTS.pick(r);
    if (duration > SESSION_CAP_SEC && r.chance(0.85)) {
      duration = SESSION_CAP_SEC + r.int(0, 20);
      reason = 'ai_session_capped';
    }
    if (r.chance(0.00005)) {
      // A stuck media stream that nobody closed: the longest calls on record.
      duration = r.chance(0.3) ? 86_400 : r.int(20_000, 86_400);
      reason = 'websocket_issue_our_side';
    }
    duration = Math.min(86_400, duration);

    let cleanly_closed: boolean | null;
    switch (reason) {
      case 'caller_hung_up_normal':
        cleanly_closed = r.chance(0.99);
        break;
      case 'ai_session_capped':
        cleanly_closed = r.chance(0.95);
        break;
      case 'websocket_issue_our_side':
        cleanly_closed = r.chance(0.25);
        break;
      case 'voice_engine_issue':
        cleanly_closed = r.chance(0.4);
        break;
      default:
        cleanly_closed = r.chance(0.5) ? null : r.chance(0.6);
    }

    const facts: CallFacts = { outcome, lure, persona, method: null };
    const extraction = outcome === 'none' ? null : this.extraction(facts, short);

    const started_at = rfc3339(startedSec);
    if (this.writer) {
      const transcript = this.writer.write(facts, extraction, duration, reason);
      return { call_sid, started_at, duration_sec: duration, caller_id, persona: persona.id, disconnect_reason: reason, cleanly_closed, transcript, extraction };
    }
    return { call_sid, started_at, duration_sec: duration, caller_id, persona: persona.id, disconnect_reason: reason, cleanly_closed, extraction };
  }

  private extraction(facts: CallFacts, short: boolean): IngestExtractionJson {
    const r = this.rng;
    const { outcome, lure } = facts;
    const t = this.lureTables.get(lure)!;
    const ex: IngestExtractionJson = {
      auditor_confidence: null,
      impersonated_brand: null,
      lure_category: null,
      payment_method: null,
      impersonated_government_agency: null,
      mule_bank_name: null,
      mule_bank_routing_number: null,
      mule_bank_account_number: null,
      mule_account_holder_name: null,
      crypto_wallet_address: null,
      crypto_chain: null,
      gift_card_brand: null,
      phishing_url: null,
      remote_desktop_app: null,
      synthetic_org: null,
      fake_agent_name: null,
      physical_mule_drop_address: null,
      dollar_asks: [],
      dollars_dangled: null,
    };

    // Confidence 0.3–0.99, skewed high; the auditor is surest about account details.
    const u = r.next();
    const conf =
      outcome === 'tier1' ? 0.99 - 0.44 * u * u
      : outcome === 'empty' || outcome === 'agent_only' ? 0.3 + 0.35 * u
      : 0.99 - 0.69 * Math.pow(u, 2.2);
    ex.auditor_confidence = r.chance(0.01) ? null : round2(conf);

    if (outcome === 'empty') return ex;
    if (outcome === 'agent_only') {
      ex.fake_agent_name = this.agents.pick();
      return ex;
    }

    const deep = outcome !== 'tier3';
    if (t.brands && r.chance(deep ? 0.92 : 0.9)) ex.impersonated_brand = t.brands.pick(r);
    if (r.chance(deep ? 0.99 : 0.97) || ex.impersonated_brand === null) ex.lure_category = lure.category;
    if (r.chance(outcome === 'tier1' ? 0.8 : deep ? 0.7 : 0.45)) ex.fake_agent_name = this.agents.pick();
    if (r.chance(deep ? 0.35 : 0.15)) ex.synthetic_org = r.pick(lure.orgs);

    if (deep) {
      if (t.agencies && r.chance(lure.agencyChance)) ex.impersonated_government_agency = t.agencies.pick(r);
      if (r.chance(lure.remoteDesktopChance)) ex.remote_desktop_app = this.rdas.pick(r);
      if (r.chance(lure.phishingChance)) ex.phishing_url = this.phishingUrl(lure, ex.impersonated_brand);
      if (outcome === 'tier1') {
        const method = t.payments.pick(r);
        facts.method = method;
        if (r.chance(0.92)) ex.payment_method = method;
        this.tier1Payload(ex, method, t);
      } else {
        if (r.chance(0.8)) facts.method = t.payments.pick(r);
        if (
          facts.method === null &&
          ex.remote_desktop_app === null &&
          ex.phishing_url === null &&
          ex.impersonated_government_agency === null
        ) {
          facts.method = t.payments.pick(r);
        }
        ex.payment_method = facts.method;
      }
    }

    // Money: asks escalate from a lure-typical first ask; the bait is what was promised.
    if (!short) {
      const n = ASK_COUNTS[outcome as keyof typeof ASK_COUNTS].pick(r);
      let ask = 0;
      for (let i = 0; i < n; i++) {
        ask = i === 0 ? r.float(lure.ask.min, lure.ask.max) : Math.min(250_000, ask * r.float(1.3, 2.5));
        ask = niceAmount(ask, 0.12, r.next());
        ex.dollar_asks.push(ask);
      }
      const d = lure.dangled;
      if (d && r.chance(d.chance * (deep ? 1 : 0.6))) {
        const v = Math.exp(r.float(Math.log(d.min), Math.log(d.max)));
        ex.dollars_dangled = d.cents && r.chance(0.6) ? Math.floor(v) + 0.99 : niceAmount(v, 0.05, r.next());
      }
    }
    return ex;
  }

  private tier1Payload(ex: IngestExtractionJson, method: PaymentMethod, t: LureTables): void {
    const r = this.rng;
    switch (PAYLOAD_OF[method]) {
      case 'gift_card':
        ex.gift_card_brand = this.giftCards.pick(r);
        return;
      case 'mule': {
        const m = this.muleAccounts.pick();
        const wire = method !== 'zelle';
        if (r.chance(0.95)) ex.mule_bank_name = m.bank;
        if (r.chance(wire ? 0.7 : 0.2)) ex.mule_bank_routing_number = m.routing;
        if (r.chance(0.75)) ex.mule_bank_account_number = m.account;
        if (r.chance(0.7) || (ex.mule_bank_name ?? ex.mule_bank_routing_number ?? ex.mule_bank_account_number) === null) {
          ex.mule_account_holder_name = m.holder;
        }
        return;
      }
      case 'wallet': {
        const chain: Chain = method === 'bitcoin' ? 'BTC' : t.chains.pick(r);
        const walletSeen = r.chance(0.9);
        if (walletSeen) ex.crypto_wallet_address = this.wallets[chain].pick();
        if (r.chance(0.85) || !walletSeen) ex.crypto_chain = chain;
        return;
      }
      case 'drop': {
        const d = this.drops.pick();
        const addressSeen = r.chance(0.9);
        if (addressSeen) ex.physical_mule_drop_address = d.address;
        if (r.chance(0.6) || !addressSeen) ex.mule_account_holder_name = d.recipient;
        return;
      }
      case 'holder':
        ex.mule_account_holder_name = this.p2pHolders.pick();
        return;
    }
  }
}

function dropAddress(g: Rng): string {
  const [city, state, zip] = g.pick(DROP_CITIES);
  const unit = g.chance(0.45) ? `, ${g.pick(['Apt', 'Unit', 'Suite'])} ${g.int(1, 40)}${g.chance(0.4) ? g.pick(['A', 'B', 'C', 'D']) : ''}` : '';
  return `${g.int(100, 9899)} ${g.pick(STREET_NAMES)} ${g.pick(STREET_SUFFIXES)}${unit}, ${city}, ${state} ${zip}`;
}

// ---------------------------------------------------------------- transcripts

type Turn = [Speaker, string];

const CHAIN_WORDS: Record<Chain, string> = {
  BTC: 'Bitcoin (BTC)',
  ETH: 'Ethereum (ETH)',
  TRON: 'USDT on the TRON network (TRC20)',
};
const METHOD_WORDS: Record<PaymentMethod, string> = {
  gift_card: 'gift cards',
  wire_transfer: 'a wire transfer',
  zelle: 'Zelle',
  crypto_atm: 'the Bitcoin ATM',
  bitcoin: 'Bitcoin',
  cash_by_mail: 'cash sent by overnight mail',
  bank_transfer: 'a bank transfer',
  venmo: 'Venmo',
  cash_app: 'Cash App',
};

class TranscriptWriter {
  /** Indices between exchanges, where stalling may be inserted without breaking one. */
  private gaps: number[] = [];

  constructor(private readonly t: Rng) {}

  write(
    facts: CallFacts,
    ex: IngestExtractionJson | null,
    duration: number,
    reason: DisconnectReason | null,
  ): IngestTranscriptTurnJson[] {
    const t = this.t;
    const { persona, lure, outcome } = facts;
    const c: ScriptContext = {
      sir: persona.sir,
      personaName: persona.name,
      personaSurname: persona.surname,
      grand: persona.grand,
      brand: ex?.impersonated_brand ?? null,
      agency: ex?.impersonated_government_agency ?? null,
      org: ex?.synthetic_org ?? null,
      agent: ex?.fake_agent_name ?? null,
      dangled: ex?.dollars_dangled != null ? formatUsd(ex.dollars_dangled) : null,
    };
    const turns: Turn[] = [];
    this.gaps = [];
    if (t.chance(0.3)) turns.push(['system', `Inbound call connected to persona ${persona.id}.`]);

    if (duration === 0) {
      turns.push(['system', 'Caller disconnected before the greeting.']);
      return this.timed(turns, duration);
    }
    if (outcome === 'none' || outcome === 'empty') {
      for (const [s, text] of t.pick(NULL_CALL_SCRIPTS)) turns.push([s, text]);
      this.gaps.push(turns.length);
      if (duration >= 15) this.fill(turns, duration, persona);
      this.close(turns, reason);
      return this.timed(turns, duration);
    }

    turns.push(['persona', t.pick(PERSONA_GREETINGS)(c)]);
    const revealing = outcome !== 'agent_only';
    if (duration >= 15 && revealing && lure.preamble.length) {
      turns.push(['caller', t.pick(lure.preamble)(c)]);
      turns.push(['persona', t.pick(['Is that you, Michael?', 'Oh honey, is that you, Danny?', 'What happened? Are you hurt?'])]);
    }
    turns.push(['caller', this.intro(lure, c)]);
    this.gaps.push(turns.length);
    if (duration < 15) {
      // A short call: the caller got the pitch out and hung up.
      if (t.chance(0.5)) turns.push(['persona', t.pick(PERSONA_REACTIONS)(c)]);
      this.close(turns, reason);
      return this.timed(turns, duration);
    }

    const reaction = t.int(0, PERSONA_REACTIONS.length - 1);
    turns.push(['persona', PERSONA_REACTIONS[reaction](c)]);
    if (revealing) {
      turns.push(['caller', this.hook(lure, c)]);
      // A different reaction the second time round.
      const again = (reaction + t.int(1, PERSONA_REACTIONS.length - 1)) % PERSONA_REACTIONS.length;
      turns.push(['persona', PERSONA_REACTIONS[again](c)]);
    }
    this.gaps.push(turns.length);
    if (ex) {
      if (ex.phishing_url) {
        turns.push(['caller', t.pick([
          `Open your browser and go to ${ex.phishing_url}, that is our secure portal.`,
          `I am sending you a link, ${ex.phishing_url}. Please open it right now and log in.`,
          `Type this in the address bar exactly: ${ex.phishing_url}`,
        ])]);
        turns.push(['persona', this.stall(persona)]);
        this.gaps.push(turns.length);
      }
      if (ex.remote_desktop_app) {
        const site = REMOTE_DESKTOP_SITES[ex.remote_desktop_app] ?? 'our website';
        turns.push(['caller', t.pick([
          `Go to ${site} and download ${ex.remote_desktop_app}, then read me the nine-digit code on the screen.`,
          `Please install ${ex.remote_desktop_app} so I can connect and fix this for you. Go to ${site}.`,
          `I will connect to your computer with ${ex.remote_desktop_app}. It is safe, it is from ${site}.`,
        ])]);
        turns.push(['persona', t.pick(['It says do I want to allow changes. Should I click yes?', 'Which one is the download button, dear?', 'Oh, a little red window popped up.'])]);
        turns.push(['caller', `Yes, click allow. Now I can see your screen, ${c.sir}.`]);
        this.gaps.push(turns.length);
      }
      this.money(turns, facts, ex, c);
    }
    this.fill(turns, duration, persona);
    this.close(turns, reason);
    return this.timed(turns, duration);
  }

  /** The pitch; when money was dangled, one that names the amount. */
  private hook(lure: LureSpec, c: ScriptContext): string {
    const start = this.t.int(0, lure.hooks.length - 1);
    const first = lure.hooks[start](c);
    if (c.dangled === null || first.includes(c.dangled)) return first;
    for (let i = 1; i < lure.hooks.length; i++) {
      const text = lure.hooks[(start + i) % lure.hooks.length](c);
      if (text.includes(c.dangled)) return text;
    }
    return `${first} You will receive ${c.dangled}.`;
  }

  private intro(lure: LureSpec, c: ScriptContext): string {
    const t = this.t;
    const hi = t.pick(['Hello', 'Hi', 'Good afternoon', 'Hello, hello']);
    let who = "I'm calling";
    if (c.agent) {
      who = lure.titles.length && t.chance(0.8)
        ? `this is ${t.pick(lure.titles)} ${c.agent}${t.chance(0.4) ? `, badge number ${t.digits(5, true)},` : ''}`
        : t.pick([`my name is ${c.agent}`, `this is ${c.agent}`, `I am ${c.agent}`]);
    }
    const dept = t.pick(lure.departments);
    const from = c.brand ? ` from ${c.brand} ${dept}` : c.agency ? ` from the ${c.agency}` : c.org ? ` from ${c.org}` : ` from the ${dept}`;
    let s = `${hi} ${c.sir}, ${who}${from}.`;
    if (c.brand && c.agency) s += ` I am working together with the ${c.agency} on your case.`;
    if (c.org && (c.brand || c.agency)) s += t.pick([` This case is handled by ${c.org}.`, ` I am with ${c.org}.`]);
    return s;
  }

  private money(turns: Turn[], facts: CallFacts, ex: IngestExtractionJson, c: ScriptContext): void {
    const t = this.t;
    const asks = ex.dollar_asks.map(formatUsd);
    const first = asks[0] ?? null;
    const m = facts.method;
    const amountFor = first ? ` for ${first}` : '';
    if (m === null) {
      if (first) {
        turns.push(['caller', t.pick([`To release everything there is a processing fee of ${first}.`, `You need to pay ${first} today to close this case.`])]);
        turns.push(['persona', t.pick(['That much? Let me look at my checkbook.', 'Can I pay it next week when my check comes?'])]);
      }
    } else if (PAYLOAD_OF[m] === 'gift_card') {
      const gc = ex.gift_card_brand ? `${ex.gift_card_brand} gift cards` : 'gift cards';
      turns.push(['caller', t.pick([
        `You will need to go to the store and buy ${gc}${amountFor}. Do not tell the cashier what they are for.`,
        `The only secure way is ${gc}${first ? `, total ${first}` : ''}. Then scratch the back and read me the numbers.`,
        `Go to Walgreens or CVS and get ${gc}${amountFor}. If the cashier asks, say they are for your grandchildren.`,
      ])]);
      turns.push(['persona', t.pick(['Gift cards? That seems strange, dear.', 'Oh, I have to drive to the store? My knees are not so good.', 'Which store was that again?'])]);
      turns.push(['caller', 'Scratch the silver strip slowly and read me the claim code.']);
    } else if (PAYLOAD_OF[m] === 'mule') {
      turns.push(['caller', `${first ? `The amount is ${first}. ` : ''}You will send it by ${METHOD_WORDS[m]}. Please write down the receiving account.`]);
      this.gaps.push(turns.length);
      const parts: string[] = [];
      if (ex.mule_bank_name) parts.push(`the bank is ${ex.mule_bank_name}`);
      if (ex.mule_bank_routing_number) parts.push(`routing number ${ex.mule_bank_routing_number}`);
      if (ex.mule_bank_account_number) parts.push(`account number ${ex.mule_bank_account_number}`);
      if (ex.mule_account_holder_name) parts.push(`the account is under the name ${ex.mule_account_holder_name}`);
      if (parts.length) {
        turns.push(['persona', 'Hold on, let me get a pen. Okay, go ahead.']);
        turns.push(['caller', cap(parts.join(', ')) + '.']);
        turns.push(['persona', ex.mule_bank_account_number ? `Let me read that back. ${ex.mule_bank_account_number}?` : 'My pen ran out of ink, hold on.']);
        turns.push(['caller', 'Yes, correct. This is a secure protected account, your money will be safe there.']);
      } else {
        turns.push(['persona', t.pick(['I have never done one of those before.', 'Do I need to go to the bank for that?'])]);
      }
    } else if (PAYLOAD_OF[m] === 'wallet') {
      const chain = (ex.crypto_chain as Chain | null) ?? null;
      turns.push(['caller', m === 'crypto_atm'
        ? `Take ${first ?? 'the cash'} to the Bitcoin ATM at the gas station near you${chain ? ` and buy ${CHAIN_WORDS[chain]}` : ''}.`
        : `You will buy ${first ? `${first} in ` : ''}${chain ? CHAIN_WORDS[chain] : 'Bitcoin'} and send it to our secure wallet.`]);
      if (ex.crypto_wallet_address) {
        turns.push(['persona', 'A wallet? I keep my money in my purse.']);
        turns.push(['caller', `Scan the QR code I send you, or type the wallet address exactly: ${ex.crypto_wallet_address}`]);
        turns.push(['persona', 'Is that a zero or the letter O? Could you spell it again?']);
      }
    } else if (PAYLOAD_OF[m] === 'drop') {
      const to = ex.physical_mule_drop_address ? ` to ${ex.physical_mule_drop_address}` : '';
      turns.push(['caller', `Put ${first ?? 'the cash'} in cash inside a magazine, wrap it in foil, and send it overnight${to}.`]);
      if (ex.mule_account_holder_name) turns.push(['caller', `Address the package to ${ex.mule_account_holder_name}. Our courier will collect it.`]);
      turns.push(['persona', 'Cash in the mail? Is that allowed?']);
    } else {
      const app = METHOD_WORDS[m];
      turns.push(['caller', `Send ${first ?? 'the payment'} on ${app}${ex.mule_account_holder_name ? ` to ${ex.mule_account_holder_name}` : ''}.`]);
      if (ex.mule_account_holder_name) turns.push(['caller', `The name will show as ${ex.mule_account_holder_name}, that is our verification officer.`]);
      turns.push(['persona', `I don't know how to use ${app}. My granddaughter put it on my phone.`]);
    }
    this.gaps.push(turns.length);
    for (let i = 1; i < asks.length; i++) {
      turns.push(['caller', t.pick([
        `The transaction was flagged. You need to send another ${asks[i]}.`,
        `There is one more fee of ${asks[i]} and then it is done, I promise.`,
        `Your account is still exposed, ${c.sir}. We need ${asks[i]} more to secure it.`,
      ])]);
      turns.push(['persona', t.pick(['Another one? Oh dear.', "I don't think I have that much.", 'Let me call my daughter first.'])]);
      this.gaps.push(turns.length);
    }
  }

  private lastStall = '';
  private lastPressure = -1;

  private stall(persona: Persona): string {
    const own = PERSONA_STALLS[persona.id];
    let s = this.t.chance(0.25) ? this.t.pick(own) : this.t.pick(PERSONA_STALLS.any);
    if (s === this.lastStall) s = this.t.pick(PERSONA_STALLS.any);
    return (this.lastStall = s);
  }

  private pressure(sir: string): string {
    let i = this.t.int(0, CALLER_PRESSURE.length - 1);
    if (i === this.lastPressure) i = (i + 1) % CALLER_PRESSURE.length;
    this.lastPressure = i;
    return CALLER_PRESSURE[i]({ sir } as ScriptContext);
  }

  /** Stalling exchanges spread through the call so long calls read long. */
  private fill(turns: Turn[], duration: number, persona: Persona): void {
    const target = Math.min(60, Math.round(duration / 14));
    const pairs = Math.floor((target - turns.length) / 2);
    if (pairs <= 0 || this.gaps.length === 0) return;
    // Insert from the back so earlier gap indices stay valid.
    const at = Array.from({ length: pairs }, () => this.t.pick(this.gaps)).sort((a, b) => b - a);
    for (const i of at) {
      const pressure = this.pressure(persona.sir);
      const pair: Turn[] = this.t.chance(0.5)
        ? [['persona', this.stall(persona)], ['caller', pressure]]
        : [['caller', pressure], ['persona', this.stall(persona)]];
      turns.splice(i, 0, ...pair);
    }
  }

  private close(turns: Turn[], reason: DisconnectReason | null): void {
    if (reason === 'caller_hung_up_normal') {
      if (this.t.chance(0.6)) turns.push(['caller', this.t.pick(CLOSINGS.caller_hung_up_normal)]);
      if (this.t.chance(0.4)) turns.push(['system', 'Caller hung up.']);
    } else if (reason !== null) {
      turns.push(['system', CLOSINGS[reason]]);
    }
  }

  /** Offsets proportional to how long each line takes to say, within the call. */
  private timed(turns: Turn[], duration: number): IngestTranscriptTurnJson[] {
    const weights = turns.map(([, text]) => (1.5 + text.length / 15) * this.t.float(0.8, 1.25));
    const total = weights.reduce((a, b) => a + b, 0);
    const lead = duration >= 2 ? Math.min(1.5, duration * 0.05) : 0;
    const usable = Math.max(0, duration * 0.95 - lead);
    let acc = 0;
    return turns.map(([speaker, text], i) => {
      const offset = Math.min(duration, Math.floor((lead + (acc / total) * usable) * 10) / 10);
      acc += weights[i];
      return { speaker, text, offset_sec: offset };
    });
  }
}

// ---------------------------------------------------------------- live sessions

export const SESSION_STATES = ['Greeting', 'Engaging', 'Stalling', 'Extracting', 'Wrapping_up'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** Body of `PUT /api/ingest/sessions/{call_sid}` plus the sid itself. */
export interface DemoSession {
  call_sid: string;
  persona: string;
  caller_id: string;
  impersonated_brand: string | null;
  lure_category: string | null;
  state: SessionState;
  started_at: string;
}

const EARLY_STATES = new WeightedTable<SessionState>([['Engaging', 60], ['Stalling', 30], ['Greeting', 10]]);
const LATE_STATES = new WeightedTable<SessionState>([['Stalling', 35], ['Extracting', 35], ['Engaging', 15], ['Wrapping_up', 15]]);

/**
 * Calls in progress at `now`, started within the last 20 minutes, oldest first. Who is on
 * the line (sid, persona, caller, lure, state) depends only on `seed`, so calling again
 * with the same seed refreshes the same sessions; `started_at` is relative to `now`.
 */
export function generateLiveSessions(now: Date, count: number, seed: number = DEFAULT_SEED): DemoSession[] {
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid Date');
  if (!(Number.isInteger(count) && count >= 0)) throw new RangeError('count must be a whole number >= 0');
  const r = Rng.derive(seed, 'live');
  const lures = new WeightedTable(LURES.map((l) => [l, l.weight] as const));
  const personas = new WeightedTable(PERSONAS.map((p) => [p, p.weight] as const));
  const nowSec = Math.floor(nowMs / 1000);
  const sessions: (DemoSession & { age: number })[] = [];
  for (let i = 0; i < count; i++) {
    const age = r.int(5, 1195);
    const state: SessionState = age < 45 ? 'Greeting' : age < 180 ? EARLY_STATES.pick(r) : LATE_STATES.pick(r);
    const lure = lures.pick(r);
    const known = state !== 'Greeting' || r.chance(0.3);
    sessions.push({
      age,
      call_sid: callSid(r),
      persona: personas.pick(r).id,
      caller_id: '+1' + usNumber10(r),
      impersonated_brand: known && lure.brands.length ? r.weighted(lure.brands) : null,
      lure_category: known ? lure.category : null,
      state,
      started_at: rfc3339(nowSec - age),
    });
  }
  sessions.sort((a, b) => b.age - a.age || (a.call_sid < b.call_sid ? -1 : 1));
  return sessions.map(({ age: _age, ...s }) => s);
}
