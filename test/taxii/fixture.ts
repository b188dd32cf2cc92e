// The TAXII tests' calls and a small reference of what the collection should serve, written
// from the TAXII rules (which calls, in what order, which page, date_added, which call carries
// a shared object and at which version), not from the server's paging or SQL. What one call contributes comes from the STIX builder (its own tests
// check it), applied to inputs built here from the fixture.

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_MARKING,
  excerptFor,
  staticObjects,
  stixItemsForCall,
  type Marking,
  type StixCallInput,
  type StixObject,
} from '../../src/intel/stix/index.js';
import type { SharedHistory } from '../../src/intel/stix/types.js';
import type { Db } from '../../src/storage/db.js';

export const TAXII = 'application/taxii+json;version=2.1';

export interface FixtureCall {
  call_sid: string;
  started_at: string;
  duration_sec: number;
  caller_id?: string;
  transcript?: { speaker: 'caller' | 'persona'; text: string; offset_sec?: number }[];
  extraction: Record<string, string | number | null>;
}

const ACCOUNT = '12345678';
const ROUTING = '021000021'; // a valid ABA checksum
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'; // BIP-173's valid example
const ETH = '0x52908400098527886e0f7030069857d2e4169ee7'; // all lower case: valid, unchecksummed

const turn = (text: string, offset_sec = 30) => [
  { speaker: 'persona' as const, text: 'Hello?', offset_sec: 0 },
  { speaker: 'caller' as const, text, offset_sec },
];

/** First ingest: tier-1 calls (one contributing nothing), and calls of other tiers. */
export const BATCH_A: FixtureCall[] = [
  {
    call_sid: 'TX-A1',
    started_at: '2026-11-01T10:00:00Z',
    duration_sec: 300,
    caller_id: '+12025550143',
    transcript: turn(`Send it to account ${ACCOUNT}, routing ${ROUTING}.`),
    extraction: {
      impersonated_brand: 'Amazon',
      mule_bank_name: 'Example Credit Union',
      mule_bank_routing_number: ROUTING,
      mule_bank_account_number: ACCOUNT,
      mule_account_holder_name: 'John Doe',
      auditor_confidence: 0.9,
    },
  },
  {
    call_sid: 'TX-A0', // sorts first in its batch, shares A1's caller, brand and account
    started_at: '2026-11-01T09:00:00Z',
    duration_sec: 120,
    caller_id: '+12025550143',
    transcript: turn('The account is 1234 5678.'),
    extraction: {
      impersonated_brand: 'Amazon',
      mule_bank_name: 'Example Credit Union',
      mule_bank_routing_number: ROUTING,
      mule_bank_account_number: ACCOUNT,
      mule_account_holder_name: 'John Doe',
    },
  },
  {
    call_sid: 'TX-A2',
    started_at: '2026-11-02T12:00:00Z',
    duration_sec: 640,
    caller_id: '+13125550100',
    transcript: turn(`Bitcoin only: ${BTC}`, 95),
    extraction: { impersonated_brand: 'PayPal', crypto_wallet_address: BTC, crypto_chain: 'bitcoin', auditor_confidence: 0.55 },
  },
  {
    call_sid: 'TX-A3', // tier 1 (a gift card) but nothing the builder turns into objects
    started_at: '2026-11-02T13:00:00Z',
    duration_sec: 60,
    extraction: { impersonated_brand: 'Apple', gift_card_brand: 'Apple' },
  },
  {
    call_sid: 'TX-A4', // tier 2
    started_at: '2026-11-02T14:00:00Z',
    duration_sec: 60,
    caller_id: '+12025550199',
    extraction: { impersonated_brand: 'Amazon', phishing_url: 'https://amaz0n.example' },
  },
  {
    call_sid: 'TX-A5', // tier 1, another brand and account, no transcript
    started_at: '2026-11-03T08:30:00Z',
    duration_sec: 410,
    caller_id: '+14155550123',
    extraction: {
      impersonated_brand: 'IRS',
      mule_bank_routing_number: ROUTING,
      mule_bank_account_number: '99887766',
      auditor_confidence: 0.7,
    },
  },
];

/** Second ingest: one call sharing A's account (and brand), a new wallet, and a tier-3 call. */
export const BATCH_B: FixtureCall[] = [
  {
    call_sid: 'TX-B1',
    started_at: '2026-11-05T10:00:00Z',
    duration_sec: 200,
    caller_id: '+12025550177',
    transcript: turn(`Same account as before, ${ACCOUNT}.`),
    extraction: {
      impersonated_brand: 'Amazon',
      mule_bank_name: 'Example Credit Union',
      mule_bank_routing_number: ROUTING,
      mule_bank_account_number: ACCOUNT,
      mule_account_holder_name: 'John Doe',
    },
  },
  {
    call_sid: 'TX-B2',
    started_at: '2026-11-05T11:00:00Z',
    duration_sec: 500,
    caller_id: '+13125550111',
    transcript: turn(`USDT on Ethereum to ${ETH}`),
    extraction: { impersonated_brand: 'PayPal', crypto_wallet_address: ETH, crypto_chain: 'ethereum' },
  },
  {
    call_sid: 'TX-B3', // tier 3
    started_at: '2026-11-05T12:00:00Z',
    duration_sec: 90,
    extraction: { impersonated_brand: 'Amazon', lure_category: 'REFUND' },
  },
];

const TIER1 = [
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
];
const isTier1 = (c: FixtureCall) => TIER1.some((f) => c.extraction[f] !== undefined && c.extraction[f] !== null);

const s = (c: FixtureCall, f: string) => (typeof c.extraction[f] === 'string' ? (c.extraction[f] as string) : null);

/** The calls' ingest instants as stored (the server's clock at ingest: not knowable otherwise). */
export async function ingestedAt(db: Db, orgId: string): Promise<Map<string, number>> {
  const rows = await db.all('SELECT call_sid, ingested_at FROM calls WHERE org_id = $1', [orgId]);
  return new Map(rows.map((r) => [String(r.call_sid), Number(r.ingested_at)]));
}

/** The first ingest of each call, as a test saw it: read ingestedAt after every ingest and keep the first value. */
export class FirstIngests {
  readonly first = new Map<string, number>();
  async record(db: Db, orgId: string): Promise<Map<string, number>> {
    const at = await ingestedAt(db, orgId);
    for (const [sid, ms] of at) if (!this.first.has(sid)) this.first.set(sid, ms);
    return at;
  }
}

export interface Expected {
  object: StixObject;
  dateAdded: number;
  version: string;
}

const contributes = (c: FixtureCall) =>
  c.caller_id !== undefined ||
  s(c, 'mule_bank_account_number') !== null ||
  s(c, 'mule_bank_routing_number') !== null ||
  s(c, 'crypto_wallet_address') !== null;

/**
 * Every object the collection holds over `stored` (the calls of the reader's slice, as stored
 * now), in added order, by the rules of TAXII and STIX 2.1 §3.6 as this project states them:
 * each tier-1 call's objects by (ingested_at, call_sid); an object several calls share only with
 * the last of them (its version: that call's ingest); the first sighting of an account or wallet
 * (an indicator's created) the earliest first ingest of a call revealing it (`first`, default
 * `at`); our identity, the extension definition and the marking definition first, with the
 * first call in range. Only calls added after `addedAfter`.
 */
export function expectedItems(
  orgId: string,
  stored: FixtureCall[],
  at: Map<string, number>,
  addedAfter: number | null = null,
  opts: { first?: Map<string, number>; marking?: Marking } = {},
): Expected[] {
  const first = opts.first ?? at;
  const marking = opts.marking ?? DEFAULT_MARKING;
  const order = stored
    .filter((c) => isTier1(c) && contributes(c))
    .sort((a, b) => at.get(a.call_sid)! - at.get(b.call_sid)! || (a.call_sid < b.call_sid ? -1 : a.call_sid > b.call_sid ? 1 : 0));
  /** The history of what the calls matching `has` share: earliest first ingest, last call. */
  const history = (has: (c: FixtureCall) => boolean): SharedHistory | null => {
    const calls = order.filter(has);
    if (calls.length === 0) return null;
    const last = calls[calls.length - 1];
    return {
      firstSeenMs: Math.min(...calls.map((c) => first.get(c.call_sid)!)),
      latest: { ingestedAt: at.get(last.call_sid)!, callSid: last.call_sid },
    };
  };
  const same = (c: FixtureCall, d: FixtureCall, fields: string[]) => fields.every((f) => s(c, f) === s(d, f));
  const inRange = order.filter((c) => addedAfter === null || at.get(c.call_sid)! > addedAfter);
  const out: Expected[] = [];
  if (inRange.length) {
    for (const object of staticObjects(marking)) {
      out.push({ object, dateAdded: at.get(inRange[0].call_sid)!, version: String(object.modified ?? object.created) });
    }
  }
  for (const c of inRange) {
    const ia = at.get(c.call_sid)!;
    const account = s(c, 'mule_bank_account_number');
    const routing = s(c, 'mule_bank_routing_number');
    const wallet = s(c, 'crypto_wallet_address');
    const brand = s(c, 'impersonated_brand');
    const chain = (d: FixtureCall) => s(d, 'crypto_chain')?.toLowerCase() ?? null;
    const bankFields = ['mule_bank_account_number', 'mule_bank_routing_number', 'mule_account_holder_name', 'mule_bank_name'];
    const input: StixCallInput = {
      org_id: orgId,
      call_sid: c.call_sid,
      started_at_ms: Date.parse(c.started_at),
      duration_sec: c.duration_sec,
      ingested_at_ms: ia,
      caller_id: c.caller_id ?? null,
      impersonated_brand: brand,
      auditor_confidence: typeof c.extraction.auditor_confidence === 'number' ? c.extraction.auditor_confidence : null,
      mule_bank_name: s(c, 'mule_bank_name'),
      mule_bank_routing_number: routing,
      mule_bank_account_number: account,
      mule_account_holder_name: s(c, 'mule_account_holder_name'),
      crypto_wallet_address: wallet,
      crypto_chain: s(c, 'crypto_chain'),
      excerpts: { account: excerptFor(c.transcript ?? [], account), wallet: excerptFor(c.transcript ?? [], wallet) },
      history: {
        phone: c.caller_id ? history((d) => d.caller_id === c.caller_id) : null,
        bankAccount: account || routing ? history((d) => same(c, d, bankFields)) : null,
        wallet: wallet ? history((d) => s(d, 'crypto_wallet_address') === wallet && chain(d) === chain(c)) : null,
        brand: brand ? history((d) => s(d, 'impersonated_brand') === brand) : null,
        accountIndicator: account ? history((d) => s(d, 'mule_bank_account_number') === account) : null,
        walletIndicator: wallet ? history((d) => s(d, 'crypto_wallet_address') === wallet) : null,
        accountBrand: account && brand ? history((d) => same(c, d, ['mule_bank_account_number', 'impersonated_brand'])) : null,
        walletBrand: wallet && brand ? history((d) => same(c, d, ['crypto_wallet_address', 'impersonated_brand'])) : null,
      },
      marking,
    };
    for (const item of stixItemsForCall(input)) {
      if (item.owner.callSid === c.call_sid) out.push({ object: item.object, dateAdded: ia, version: item.version });
    }
  }
  return out;
}

/** TAXII's version of an expected object. */
export const versionOf = (e: Expected) => e.version;

/** The pages a TAXII server should serve with `limit`. */
export function expectedPages(items: Expected[], limit: number): Expected[][] {
  const pages: Expected[][] = [];
  for (let i = 0; i < items.length; i += limit) pages.push(items.slice(i, i + limit));
  return pages;
}

/** 2026-11-01T10:00:00.123Z → 2026-11-01T10:00:00.123000Z (TAXII timestamps have microseconds). */
export const taxiiTime = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z');

export function taxiiGet(
  app: FastifyInstance,
  key: string | null,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: { accept: TAXII, ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One page as walked: the objects and the manifest records of the same parameters. */
export interface WalkedPage {
  objects: StixObject[];
  manifest: { id: string; date_added: string; version: string; media_type: string }[];
  more: boolean;
}

/**
 * A TAXII client's walk of a collection: objects and manifest with the same `next`, page by
 * page to the end; `between(i)` runs after page i (an ingest during the walk).
 */
export async function walkCollection(
  app: FastifyInstance,
  key: string,
  base: string,
  query: string,
  between: (page: number) => Promise<void> = async () => {},
): Promise<WalkedPage[]> {
  const pages: WalkedPage[] = [];
  let next: string | undefined;
  for (let i = 0; i < 10_000; i++) {
    const q = `${query}${next ? `${query ? '&' : ''}next=${encodeURIComponent(next)}` : ''}`;
    const objects = await taxiiGet(app, key, `${base}/objects/${q ? `?${q}` : ''}`);
    const manifest = await taxiiGet(app, key, `${base}/manifest/${q ? `?${q}` : ''}`);
    if (objects.statusCode !== 200 || manifest.statusCode !== 200) throw new Error(`${objects.body} ${manifest.body}`);
    const o = objects.json();
    const m = manifest.json();
    pages.push({ objects: o.objects ?? [], manifest: m.objects ?? [], more: o.more });
    if (!o.more) return pages;
    next = o.next;
    await between(i);
  }
  throw new Error('walk did not end');
}
