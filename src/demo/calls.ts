// One demo call: who called, about which lure, how long it lasted, how it ended and what the
// auditor extracted from it. Recurring identifiers (caller lines, agents, mule accounts,
// wallets, drops) rotate through pools, as real call centres reuse them for a while.

import type { DisconnectReason } from '../domain/call.js';
import {
  BRAND_SLUGS,
  DURATION_SHAPES,
  GIFT_CARD_BRANDS,
  MULE_BANKS,
  niceAmount,
  PAYLOAD_OF,
  PERSONAS,
  REMOTE_DESKTOP_APPS,
  URL_PATHS,
  URL_TLDS,
  type Chain,
  type PaymentMethod,
} from './catalog.js';
import { rfc3339 } from './arrivals.js';
import { accountNumber, callSid, callerId, routingNumber, walletAddress } from './identifiers.js';
import { LURES, type LureSpec } from './lures.js';
import POOLS from './pools.json' with { type: 'json' };
import { Rng, RotatingPool, WeightedTable } from './random.js';
import type { IngestCallJson, IngestExtractionJson } from './records.js';
import { TranscriptWriter, type CallFacts, type Outcome } from './transcripts.js';
import { CrewBook, type MuleAccount } from './crews.js';

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
  tier1: new WeightedTable([
    [1, 45],
    [2, 35],
    [3, 15],
    [4, 5],
  ]),
  tier2: new WeightedTable([
    [0, 20],
    [1, 45],
    [2, 25],
    [3, 10],
  ]),
  tier3: new WeightedTable([
    [0, 70],
    [1, 25],
    [2, 5],
  ]),
};

/** How likely a call that ended for each reason was closed cleanly (unknown half the time without a reason). */
const CLEAN_CLOSE_CHANCES: Record<DisconnectReason, number> = {
  caller_hung_up_normal: 0.99,
  ai_session_capped: 0.95,
  websocket_issue_our_side: 0.25,
  voice_engine_issue: 0.4,
};

/** The AI persona's session is capped; most very long calls end right there. */
const SESSION_CAP_SEC = 2700;

interface Drop {
  address: string;
  recipient: string;
}

interface LureTables {
  brands: WeightedTable<string> | null;
  agencies: WeightedTable<string> | null;
  payments: WeightedTable<PaymentMethod>;
  chains: WeightedTable<Chain>;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export class CallFactory {
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
  /** With crews (generate.ts `crews`): who is behind each call, and the identifiers they reuse. */
  private readonly crews: CrewBook | null = null;

  constructor(seed: number, transcripts: boolean, crewSpan?: { startSec: number; endSec: number }) {
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
      this.bankRouting.set(
        bank,
        Array.from({ length: r.int(2, 4) }, () => routingNumber(r)),
      );
    }
    // Spoofed caller IDs are mostly fresh, but centres reuse some lines for a while.
    this.callers = new RotatingPool(r, 300, 0.05, (g) => callerId(g));
    this.agents = new RotatingPool(r, 80, 0.02, (g) =>
      g.chance(0.35) ? g.pick(POOLS.agentFirst) : `${g.pick(POOLS.agentFirst)} ${g.pick(POOLS.agentLast)}`,
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
    if (crewSpan) {
      this.crews = new CrewBook(seed, crewSpan.startSec, crewSpan.endSec, {
        lures: this.lures,
        agentName: (g) => (g.chance(0.35) ? g.pick(POOLS.agentFirst) : `${g.pick(POOLS.agentFirst)} ${g.pick(POOLS.agentLast)}`),
        muleAccount: (g) => {
          const bank = this.banks.pick(g);
          return { bank, routing: g.pick(this.bankRouting.get(bank)!), account: accountNumber(g, bank), holder: this.holderName(g) };
        },
        dropAddress,
        domain: (g, lure, brand) => this.lookAlikeDomain(g, lure, brand),
      });
    }
  }

  private personName(g: Rng): string {
    return `${g.pick(POOLS.holderFirst)} ${g.pick(POOLS.holderLast)}`;
  }

  private holderName(g: Rng): string {
    if (g.chance(0.75)) return this.personName(g);
    return `${g.pick(POOLS.holderBusinessA)} ${g.pick(POOLS.holderBusinessB)} ${g.pick(POOLS.holderBusinessC)}`;
  }

  private phishingUrl(lure: LureSpec, brand: string | null): string {
    const key = brand ?? lure.category;
    let pool = this.urls.get(key);
    if (!pool) {
      const slugs = brand ? (BRAND_SLUGS[brand] ?? [brand.toLowerCase().replace(/[^a-z0-9]+/g, '')]) : lure.urlSlugs;
      pool = new RotatingPool(this.rng, 6, 0.05, (g) => {
        const domain = this.lookAlikeDomain(g, lure, brand, slugs);
        return (g.chance(0.5) ? 'https://' : '') + domain + this.paths.pick(g);
      });
      this.urls.set(key, pool);
    }
    return pool.pick();
  }

  /** A look-alike domain of the brand (or of the lure when the call names no brand). */
  private lookAlikeDomain(g: Rng, lure: LureSpec, brand: string | null, slugs = this.slugsOf(lure, brand)): string {
    const word = g.pick(POOLS.urlWords);
    return `${g.pick(slugs)}${g.chance(0.7) ? '-' : ''}${word}${g.chance(0.2) ? g.int(1, 99) : ''}.${this.tlds.pick(g)}`;
  }

  private slugsOf(lure: LureSpec, brand: string | null): readonly string[] {
    return brand ? (BRAND_SLUGS[brand] ?? [brand.toLowerCase().replace(/[^a-z0-9]+/g, '')]) : lure.urlSlugs;
  }

  make(startedSec: number): IngestCallJson {
    const r = this.rng;
    const call_sid = callSid(r);
    const persona = this.personas.pick(r);
    const crew = this.crews?.pick(startedSec) ?? null;
    const caller_id = this.crews ? this.crews.callerId(crew) : r.chance(0.35) ? this.callers.pick() : callerId(r);
    const drawnLure = this.lures.pick(r);
    const lure = crew ? crew.lure : drawnLure;
    const outcome = OUTCOMES.pick(r);

    // Duration: a short hang-up, or a long-tailed conversation whose length grows with
    // what the caller ends up revealing.
    const shape =
      outcome === 'tier1'
        ? DURATION_SHAPES.tier1
        : outcome === 'tier2'
          ? DURATION_SHAPES.tier2
          : outcome === 'tier3' || outcome === 'agent_only'
            ? DURATION_SHAPES.tier3
            : DURATION_SHAPES.none;
    const short = r.chance(shape.shortShare);
    let duration = short
      ? outcome === 'none' || outcome === 'empty'
        ? r.int(0, 14)
        : r.int(3, 14)
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

    const cleanly_closed = reason ? r.chance(CLEAN_CLOSE_CHANCES[reason]) : r.chance(0.5) ? null : r.chance(0.6);

    const facts: CallFacts = { outcome, lure, persona, method: null };
    const extraction = outcome === 'none' ? null : this.extraction(facts, short);
    if (this.crews && extraction) {
      extraction.impersonated_brand = this.crews.brand(crew, extraction.impersonated_brand);
      this.crews.assign(crew, extraction, lure);
    }

    const started_at = rfc3339(startedSec);
    const transcript = this.writer?.write(facts, extraction, duration, reason);
    if (this.crews && transcript) this.crews.callback(crew, transcript);
    return {
      call_sid,
      started_at,
      duration_sec: duration,
      caller_id,
      persona: persona.id,
      disconnect_reason: reason,
      cleanly_closed,
      ...(transcript && { transcript }),
      extraction,
    };
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
      outcome === 'tier1'
        ? 0.99 - 0.44 * u * u
        : outcome === 'empty' || outcome === 'agent_only'
          ? 0.3 + 0.35 * u
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
  const { city, state, zip } = g.pick(POOLS.dropCities);
  const unit = g.chance(0.45)
    ? `, ${g.pick(['Apt', 'Unit', 'Suite'])} ${g.int(1, 40)}${g.chance(0.4) ? g.pick(['A', 'B', 'C', 'D']) : ''}`
    : '';
  return `${g.int(100, 9899)} ${g.pick(POOLS.streetNames)} ${g.pick(POOLS.streetSuffixes)}${unit}, ${city}, ${state} ${zip}`;
}
