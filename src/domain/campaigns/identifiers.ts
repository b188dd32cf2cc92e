// The identifiers a call is linked by (docs/campaigns.md): strong ones, each enough to join two
// calls of one org, and weak ones, which join two calls only when two of them agree. Pure and
// deterministic: ingest stores them, `honeypot campaigns rebuild` recomputes them from the calls.

import type { Extraction, TranscriptTurn } from '../call.js';
import { scriptBands } from './minhash.js';
import { registeredDomain } from './registeredDomain.js';

export const STRONG_KINDS = ['mule_account', 'wallet', 'drop_address', 'phishing_domain', 'callback_number'] as const;
export type StrongKind = (typeof STRONG_KINDS)[number];
export const WEAK_KINDS = ['agent', 'caller_id', 'script'] as const;
type WeakKind = (typeof WEAK_KINDS)[number];
export type IdentifierKind = StrongKind | WeakKind;

export const isStrong = (kind: string): kind is StrongKind => (STRONG_KINDS as readonly string[]).includes(kind);

export interface Identifier {
  kind: IdentifierKind;
  value: string;
}

/**
 * An account number alone identifies a mule account from this many digits on; a shorter one
 * only with its routing number (a routing number alone names a bank branch, never an account).
 */
const LONG_ACCOUNT_DIGITS = 10;
const MIN_ACCOUNT_DIGITS = 4;
/** Stored identifier values are cut here: the ingest fields are at most 512 characters. */
const MAX_VALUE_LENGTH = 200;

const digitsOf = (s: string) => s.replace(/\D+/g, '');

export function muleAccount(routing: string | null, account: string | null): string | null {
  if (account === null) return null;
  const acct = digitsOf(account);
  if (acct.length >= LONG_ACCOUNT_DIGITS) return acct;
  const aba = routing === null ? '' : digitsOf(routing);
  return acct.length >= MIN_ACCOUNT_DIGITS && aba.length === 9 ? `${aba}/${acct}` : null;
}

/** Hex (EVM) and bech32 addresses are case-insensitive; base58 ones (BTC legacy, TRON) are not. */
export function walletValue(address: string | null): string | null {
  if (address === null) return null;
  const a = address.replace(/\s+/g, '');
  if (a.length < 20) return null;
  return /^0x/i.test(a) || /^(bc1|tb1|ltc1)/i.test(a) ? a.toLowerCase() : a;
}

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  suite: 'ste',
  apartment: 'apt',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};

/** Lower case, punctuation out, the usual USPS abbreviations: "12 Oak Street, Apt. 4" = "12 oak st apt 4". */
export function dropAddress(address: string | null): string | null {
  if (address === null) return null;
  const words = address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => STREET_WORDS[w] ?? w);
  return words.length >= 3 ? words.join(' ').slice(0, MAX_VALUE_LENGTH) : null;
}

/** A NANP number as +1 and ten digits, else null. */
function nanpNumber(raw: string | null): string | null {
  if (raw === null) return null;
  let d = digitsOf(raw);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  return d.length === 10 && /^[2-9]\d{2}[2-9]/.test(d) ? `+1${d}` : null;
}

/** Caller IDs: NANP as +1…, other numbers of 7+ digits as +digits; withheld and short ones are no signal. */
export function callerIdValue(raw: string | null): string | null {
  if (raw === null) return null;
  const nanp = nanpNumber(raw);
  if (nanp) return nanp;
  const d = digitsOf(raw);
  return d.length >= 7 && d.length <= 15 ? `+${d}` : null;
}

// A number the caller gives to be called back on: a NANP number in a caller turn shortly after
// a word about calling ("call us back at", "our line is", "dial"). "Number" is no cue: callers
// read out account and routing numbers too.
const CALLBACK_RE =
  /\b(?:call|callback|reach|dial|line|hotline|phone)\b[^0-9+]{0,40}((?:\+?1[\s.-]?)?\(?[2-9]\d{2}\)?[\s.-]?\d{3}[\s.-]?\d{4})(?!\d)/gi;

export function callbackNumbers(transcript: readonly TranscriptTurn[]): string[] {
  const found = new Set<string>();
  for (const turn of transcript) {
    if (turn.speaker !== 'caller') continue;
    for (const m of turn.text.matchAll(CALLBACK_RE)) {
      const n = nanpNumber(m[1]);
      if (n) found.add(n);
    }
  }
  return [...found];
}

/** The extraction fields identifiers are read from. */
export type LinkFields = Pick<
  Extraction,
  | 'mule_bank_routing_number'
  | 'mule_bank_account_number'
  | 'crypto_wallet_address'
  | 'physical_mule_drop_address'
  | 'phishing_url'
  | 'synthetic_org'
  | 'fake_agent_name'
>;

/** What identifiersOf reads of a call. */
export interface LinkSource {
  caller_id: string | null;
  transcript: readonly TranscriptTurn[];
  extraction: LinkFields | null;
}

/** The synthetic org and the fake agent's name together (either alone is too common to mean anything). */
export function agentValue(e: LinkFields | null): string | null {
  if (!e || e.synthetic_org === null || e.fake_agent_name === null) return null;
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  return `${norm(e.synthetic_org)}|${norm(e.fake_agent_name)}`.slice(0, MAX_VALUE_LENGTH);
}

/** Every identifier of a call, strong then weak, without repeats. */
export function identifiersOf(c: LinkSource): Identifier[] {
  const e = c.extraction;
  const out: Identifier[] = [];
  const seen = new Set<string>();
  const add = (kind: IdentifierKind, value: string | null) => {
    if (value === null) return;
    const key = `${kind}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ kind, value });
  };
  if (e) {
    add('mule_account', muleAccount(e.mule_bank_routing_number, e.mule_bank_account_number));
    add('wallet', walletValue(e.crypto_wallet_address));
    add('drop_address', dropAddress(e.physical_mule_drop_address));
    add('phishing_domain', e.phishing_url === null ? null : registeredDomain(e.phishing_url));
  }
  for (const n of callbackNumbers(c.transcript)) add('callback_number', n);
  add('agent', agentValue(e));
  add('caller_id', callerIdValue(c.caller_id));
  for (const band of scriptBands(c.transcript)) add('script', band);
  return out;
}
