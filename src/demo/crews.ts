// Scam operations in the demo data (docs/campaigns.md): crews, each working one lure for a few
// brands on a span of days, with its own mule accounts, wallets, drop, look-alike domain,
// callback line, caller lines and agent names. A crew's calls reuse its identifiers, so the demo
// shows campaigns; a call of no crew gets identifiers of its own, so lone calls stay lone and no
// giant component forms. Crews overlap in brands and time.

import type { Chain } from './catalog.js';
import { callerId, usNumber10, walletAddress } from './identifiers.js';
import type { LureSpec } from './lures.js';
import { Rng, WeightedTable } from './random.js';
import type { IngestExtractionJson, IngestTranscriptTurnJson } from './records.js';

/** Share of calls a crew makes (the rest are lone callers). */
const CREW_SHARE = 0.3;
/** Crews per day of the generated span: 30 days give 36 crews. */
const CREWS_PER_DAY = 1.2;
/** How likely a crew's caller gives its callback line (the identifier that ties its channels together). */
const CALLBACK_CHANCE = 0.45;

export interface MuleAccount {
  bank: string;
  routing: string;
  account: string;
  holder: string;
}

interface Crew {
  lure: LureSpec;
  brands: string[];
  fromSec: number;
  toSec: number;
  weight: number;
  org: string;
  agents: string[];
  lines: string[];
  callback: string;
  accounts: MuleAccount[];
  wallets: Partial<Record<Chain, string>>;
  drop: string;
  domain: string;
}

/** What a crew needs from the call factory: its tables and makers of fresh values. */
export interface CrewMakers {
  lures: WeightedTable<LureSpec>;
  agentName: (g: Rng) => string;
  muleAccount: (g: Rng) => MuleAccount;
  dropAddress: (g: Rng) => string;
  domain: (g: Rng, lure: LureSpec, brand: string | null) => string;
}

const display = (n10: string) => `(${n10.slice(0, 3)}) ${n10.slice(3, 6)}-${n10.slice(6)}`;

export class CrewBook {
  private readonly crews: Crew[];
  private readonly r: Rng;

  constructor(
    seed: number,
    startSec: number,
    endSec: number,
    private readonly makers: CrewMakers,
  ) {
    const r = (this.r = Rng.derive(seed, 'crews'));
    const days = Math.max(1, (endSec - startSec) / 86_400);
    const n = Math.max(3, Math.round(days * CREWS_PER_DAY));
    this.crews = Array.from({ length: n }, () => {
      const lure = makers.lures.pick(r);
      const span = Math.min(endSec - startSec, r.int(2, 14) * 86_400);
      const fromSec = startSec + r.int(0, Math.max(0, endSec - startSec - span));
      const brandPool = lure.brands.map(([b]) => b);
      const brands = brandPool.length ? Array.from({ length: r.int(1, Math.min(3, brandPool.length)) }, () => r.pick(brandPool)) : [];
      return {
        lure,
        brands: [...new Set(brands)],
        fromSec,
        toSec: fromSec + span,
        // A few big operations, many small ones.
        weight: Math.exp(r.float(0, 1.6)),
        org: lure.orgs.length ? r.pick(lure.orgs) : 'Customer Care',
        agents: Array.from({ length: r.int(1, 2) }, () => makers.agentName(r)),
        lines: Array.from({ length: r.int(1, 3) }, () => '+1' + usNumber10(r)),
        callback: usNumber10(r),
        accounts: Array.from({ length: r.int(1, 3) }, () => makers.muleAccount(r)),
        wallets: {},
        drop: makers.dropAddress(r),
        domain: makers.domain(r, lure, brands[0] ?? null),
      };
    });
  }

  /** The crew behind a call at this instant, or null for a lone caller. */
  pick(sec: number): Crew | null {
    if (!this.r.chance(CREW_SHARE)) return null;
    const active = this.crews.filter((c) => c.fromSec <= sec && sec < c.toSec);
    if (active.length === 0) return null;
    let u = this.r.next() * active.reduce((s, c) => s + c.weight, 0);
    for (const c of active) {
      u -= c.weight;
      if (u < 0) return c;
    }
    return active[active.length - 1];
  }

  /** The caller ID: mostly one of the crew's lines; a lone caller's own number. */
  callerId(crew: Crew | null): string {
    return crew && this.r.chance(0.75) ? this.r.pick(crew.lines) : callerId(this.r);
  }

  /** The brand a crew impersonates (one of its few), else the one already drawn. */
  brand(crew: Crew | null, drawn: string | null): string | null {
    return crew && drawn !== null && crew.brands.length ? this.r.pick(crew.brands) : drawn;
  }

  /**
   * Puts the crew's identifiers into the extraction where the call revealed one of that kind
   * (a lone caller's are its own, made fresh), before the transcript is written from it.
   */
  assign(crew: Crew | null, ex: IngestExtractionJson, lure: LureSpec): void {
    const r = this.r;
    const m = this.makers;
    if (ex.mule_bank_account_number !== null || ex.mule_bank_routing_number !== null) {
      const a = crew ? r.pick(crew.accounts) : m.muleAccount(r);
      if (ex.mule_bank_name !== null) ex.mule_bank_name = a.bank;
      if (ex.mule_bank_routing_number !== null) ex.mule_bank_routing_number = a.routing;
      if (ex.mule_bank_account_number !== null) ex.mule_bank_account_number = a.account;
      if (ex.mule_account_holder_name !== null) ex.mule_account_holder_name = a.holder;
    }
    if (ex.crypto_wallet_address !== null) {
      const chain = (ex.crypto_chain ?? 'BTC') as Chain;
      if (crew) ex.crypto_wallet_address = crew.wallets[chain] ??= walletAddress(r, chain);
      else ex.crypto_wallet_address = walletAddress(r, chain);
    }
    if (ex.physical_mule_drop_address !== null) ex.physical_mule_drop_address = crew ? crew.drop : m.dropAddress(r);
    if (ex.phishing_url !== null) {
      const domain = crew ? crew.domain : m.domain(r, lure, ex.impersonated_brand);
      ex.phishing_url = `${r.chance(0.5) ? 'https://' : ''}${r.chance(0.3) ? 'www.' : ''}${domain}/${r.pick(['verify', 'login', 'refund', 'claim', 'secure'])}`;
    }
    if (crew && ex.fake_agent_name !== null) {
      ex.fake_agent_name = r.pick(crew.agents);
      if (r.chance(0.6)) ex.synthetic_org = crew.org;
    }
  }

  /** A crew's caller gives its callback line now and then: one more caller turn, early in the call. */
  callback(crew: Crew | null, turns: IngestTranscriptTurnJson[]): void {
    if (!crew || turns.length === 0 || !this.r.chance(CALLBACK_CHANCE)) return;
    const i = turns.findIndex((t) => t.speaker === 'caller');
    const at = i < 0 ? 0 : i + 1;
    const offset = turns[Math.min(at, turns.length - 1)].offset_sec;
    const text = this.r.pick([
      `If we get cut off, call me back at ${display(crew.callback)}.`,
      `Write down our direct line, ${display(crew.callback)}.`,
      `You can reach our department at 1-${crew.callback.slice(0, 3)}-${crew.callback.slice(3, 6)}-${crew.callback.slice(6)}.`,
    ]);
    turns.splice(at, 0, { speaker: 'caller', text, offset_sec: offset });
  }
}
