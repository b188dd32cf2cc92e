// The TAXII tests' calls and a small reference of what the collection should serve, written
// from the TAXII rules (which calls, in what order, which page, date_added), not from the
// server's paging code. What one call contributes comes from the STIX builder (its own tests
// check it), applied to inputs built here from the fixture.

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  excerptFor,
  staticObjects,
  stixObjectsForCall,
  STATIC_CREATED,
  type StixCallInput,
  type StixObject,
} from '../../src/intel/stix/index.js';
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

export interface Expected {
  object: StixObject;
  dateAdded: number;
}

/**
 * Every object the collection holds over `stored` (the calls of the reader's slice, as stored
 * now), in added order: the static objects with the first call, then each tier-1 call's objects
 * by (ingested_at, call_sid); only calls added after `addedAfter`, and the static objects only
 * when the first call is.
 */
export function expectedItems(orgId: string, stored: FixtureCall[], at: Map<string, number>, addedAfter: number | null = null): Expected[] {
  const tier1 = stored.filter(isTier1);
  const firstSeen = (f: string, v: string | null) =>
    v === null ? null : Math.min(...tier1.filter((c) => s(c, f) === v).map((c) => Date.parse(c.started_at)));
  const order = [...tier1].sort(
    (a, b) => at.get(a.call_sid)! - at.get(b.call_sid)! || (a.call_sid < b.call_sid ? -1 : a.call_sid > b.call_sid ? 1 : 0),
  );
  const out: Expected[] = [];
  if (order.length && (addedAfter === null || at.get(order[0].call_sid)! > addedAfter)) {
    for (const object of staticObjects()) out.push({ object, dateAdded: at.get(order[0].call_sid)! });
  }
  for (const c of order) {
    const ia = at.get(c.call_sid)!;
    if (addedAfter !== null && ia <= addedAfter) continue;
    const account = s(c, 'mule_bank_account_number');
    const wallet = s(c, 'crypto_wallet_address');
    const input: StixCallInput = {
      org_id: orgId,
      call_sid: c.call_sid,
      started_at_ms: Date.parse(c.started_at),
      duration_sec: c.duration_sec,
      ingested_at_ms: ia,
      caller_id: c.caller_id ?? null,
      impersonated_brand: s(c, 'impersonated_brand'),
      auditor_confidence: typeof c.extraction.auditor_confidence === 'number' ? c.extraction.auditor_confidence : null,
      mule_bank_name: s(c, 'mule_bank_name'),
      mule_bank_routing_number: s(c, 'mule_bank_routing_number'),
      mule_bank_account_number: account,
      mule_account_holder_name: s(c, 'mule_account_holder_name'),
      crypto_wallet_address: wallet,
      crypto_chain: s(c, 'crypto_chain'),
      excerpts: { account: excerptFor(c.transcript ?? [], account), wallet: excerptFor(c.transcript ?? [], wallet) },
      first_seen: { account: firstSeen('mule_bank_account_number', account), wallet: firstSeen('crypto_wallet_address', wallet) },
    };
    for (const object of stixObjectsForCall(input)) out.push({ object, dateAdded: ia });
  }
  return out;
}

/** TAXII's version of an object: modified, else created; unversioned objects (SCOs) get the builder's fixed instant. */
export const versionOf = (o: StixObject) => (o.modified ?? o.created ?? STATIC_CREATED) as string;

/** The pages a TAXII server should serve with `limit`: each (id, version) once per page. */
export function expectedPages(items: Expected[], limit: number): Expected[][] {
  const pages: Expected[][] = [];
  let page: Expected[] = [];
  let seen = new Set<string>();
  for (const item of items) {
    const key = `${item.object.id}|${versionOf(item.object)}`;
    if (seen.has(key)) continue;
    if (page.length === limit) {
      pages.push(page);
      page = [];
      seen = new Set();
    }
    page.push(item);
    seen.add(key);
  }
  if (page.length) pages.push(page);
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
