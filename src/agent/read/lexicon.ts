// The org's own vocabulary: every stored value of every text field, with its field and its
// number of calls, read with one query per field (the query language, with the caller's
// principal, so a scoped key's lexicon holds only its slice). A value a question names — a fake
// agent name, a synthetic org, a drop address, a wallet, an account or routing number, a caller
// id — is found with its field; typos are matched with the edit distance values.ts already uses
// (no dependency needed). Cached per org and slice for five minutes (dropped at ingest), at most 32 kept.

import type { Principal } from '../../domain/principal.js';
import type { DimensionField } from '../../domain/query/catalog.js';
import { parseQuery } from '../../domain/query/parse.js';
import type { Db } from '../../storage/db.js';
import { runQuery } from '../../storage/query/run.js';
import { capitalisedWords } from './normalise.js';
import { normaliseBankName } from '../../domain/indicators/bankNames.js';
import { allowedTypos, canon, editDistance } from './values.js';

/** The fields read into the lexicon, with how an answer names each. */
export const LEXICON_FIELDS = {
  fake_agent_name: 'fake agent name',
  synthetic_org: 'synthetic organisation',
  physical_mule_drop_address: 'drop address',
  crypto_wallet_address: 'crypto wallet',
  mule_bank_account_number: 'mule account number',
  mule_bank_routing_number: 'routing number',
  mule_account_holder_name: 'mule account holder',
  phishing_url: 'phishing URL',
  caller_id: 'caller ID',
  caller_area_code: 'area code',
  impersonated_brand: 'brand',
  impersonated_government_agency: 'government agency',
  lure_category: 'scam type',
  payment_method: 'payment method',
  mule_bank_name: 'mule bank',
  gift_card_brand: 'gift card brand',
  crypto_chain: 'crypto chain',
  remote_desktop_app: 'remote desktop tool',
  persona: 'persona',
  caller_state: 'caller state',
  disconnect_reason: 'disconnect reason',
} as const satisfies Partial<Record<DimensionField, string>>;
export type LexiconField = keyof typeof LEXICON_FIELDS;

export interface LexiconEntry {
  field: LexiconField;
  /** The stored spelling. */
  value: string;
  calls: number;
}

export interface Lexicon {
  /** canon(value) → the entries holding it (one per field). */
  exact: Map<string, LexiconEntry[]>;
  /** Entries worth a fuzzy look (names: letters, at least five characters). */
  names: Array<{ key: string; entry: LexiconEntry }>;
}

/** Wide enough that any value the org has seen is known (as values.ts's vocabulary). */
const LEXICON_RANGE = '365d';
/** Ingest drops an org's lexicons at once (in this process); the TTL bounds what another instance may miss. */
const TTL_MS = 5 * 60_000;
const MAX_CACHED = 32;
/** Most values kept per field (the query language's row bound). */
const MAX_VALUES = 10_000;

const cache = new Map<string, { at: number; lexicon: Promise<Lexicon> }>();

const cacheKey = (p: Principal) => `${p.orgId}\u0000${JSON.stringify(p.scope ?? null)}`;

async function fieldValues(db: Db, principal: Principal, field: LexiconField, now: Date): Promise<LexiconEntry[]> {
  const q = parseQuery(
    { metrics: ['calls_received'], dimensions: [field], filters: [['has', field]], range: LEXICON_RANGE, limit: MAX_VALUES },
    now,
  );
  try {
    const answer = await runQuery(db, principal, q);
    return answer.results.map((r) => ({ field, value: String(r.dimensions[0]), calls: Number(r.metrics[0]) }));
  } catch {
    return []; // more values than a query answers: this field is left out, not guessed
  }
}

/** Fields whose values are names a person types (and mistypes). */
const FUZZY_FIELDS = new Set<LexiconField>(['fake_agent_name', 'synthetic_org', 'mule_account_holder_name', 'physical_mule_drop_address']);

async function build(db: Db, principal: Principal, now: Date): Promise<Lexicon> {
  const exact = new Map<string, LexiconEntry[]>();
  const names: Lexicon['names'] = [];
  for (const field of Object.keys(LEXICON_FIELDS) as LexiconField[]) {
    for (const e of await fieldValues(db, principal, field, now)) {
      const key = canon(e.value);
      if (!key) continue;
      exact.set(key, [...(exact.get(key) ?? []), e]);
      if (FUZZY_FIELDS.has(field) && key.length >= 5 && /[a-z]/.test(key)) names.push({ key, entry: e });
    }
  }
  return { exact, names };
}

/** The principal's lexicon, from the cache when it is fresh. */
export function lexiconOf(db: Db, principal: Principal, now: Date): Promise<Lexicon> {
  const key = cacheKey(principal);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.lexicon;
  const lexicon = build(db, principal, now);
  lexicon.catch(() => cache.delete(key));
  cache.delete(key);
  cache.set(key, { at: Date.now(), lexicon });
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return lexicon;
}

/** Drops an org's cached lexicons (after an ingest into it). */
export function forgetLexicon(orgId: string): void {
  for (const k of [...cache.keys()]) if (k.startsWith(`${orgId}\u0000`)) cache.delete(k);
}

export interface FoundValue {
  /** The words of the question that named it. */
  typed: string;
  /** Every field holding that value (more than one: the answer says which it used). */
  entries: LexiconEntry[];
  fuzzy: boolean;
}

/** Spellings of banks that are everyday words first ("did we discover …"). */
const BANK_WORDS = new Set(['discover', 'regions']);

/** Words that are never a value on their own, whatever a field holds. */
const STRAY =
  /^(?:the|a|an|and|or|of|to|in|on|for|with|by|from|at|as|is|are|was|were|be|calls?|callers?|scams?|scammers?|those|these|them|they|that|this|it|any|all|some|how|many|much|what|which|who|when|where|did|do|does|involved|named|called|number|numbers|account|accounts|bank|agent|name|org|address|wallet|me|us|we|our|you|i|other|unknown|none|null|yes|no|true|false)$/;

/** The word before a one-word name that says it is one: "agent kevin", "named linda". */
const NAME_CUE = /^(?:agent|agents|named|called|name|holder|rep|representative|org|organisation|organization|company|persona|by|from)$/;

/**
 * The stored values a question names, longest first, each with its fields. A span of words is
 * read once (an address holding "MI" is the address, not Michigan). `fields` limits the fields
 * looked at. Fuzzy matches are for names of at least five letters, within the typos values.ts
 * allows for that length.
 */
export function findValues(question: string, lex: Lexicon, fields?: ReadonlySet<LexiconField>): FoundValue[] {
  const words = canon(question).split(' ').filter(Boolean);
  // "Kevin's calls": a word written with a possessive is also looked up without it ("Macy's" as written first).
  const possessive = new Set((question.match(/[\p{L}\d-]+['’]s\b/gu) ?? []).map((x) => canon(x)));
  const names = capitalisedWords(question);
  const used = new Array<boolean>(words.length).fill(false);
  const out: FoundValue[] = [];
  const keep = (es: LexiconEntry[]) => (fields ? es.filter((e) => fields.has(e.field)) : es);
  // A phone number typed with separators ("212-555-0101", "(212) 555 0101"): the caller ID as stored (+1 and ten digits).
  for (const m of question.matchAll(/(?<![\d+])(?:\+?1[\s.-]?)?\(?(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})(?!\d)/g)) {
    const entries = keep(lex.exact.get(`1${m[1]}${m[2]}${m[3]}`) ?? []);
    if (!entries.length) continue;
    const typed = canon(m[0]);
    words.forEach((w, i) => {
      if (typed.split(' ').includes(w)) used[i] = true;
    });
    out.push({ typed, entries, fuzzy: false });
  }
  for (let len = Math.min(10, words.length); len >= 1; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      if (used.slice(i, i + len).some(Boolean)) continue;
      const written = words.slice(i, i + len).join(' ');
      const typed = !lex.exact.has(written) && possessive.has(words[i + len - 1]) ? written.slice(0, -1) : written;
      if (len === 1 && (STRAY.test(typed) || typed.length < 2)) continue;
      let entries = keep(lex.exact.get(typed) ?? []);
      // Two letters are a value (a state's code) only as typed in capitals: "this mo" is a month, "ok" a word.
      if (len === 1 && typed.length === 2 && !new RegExp(`\\b${typed.toUpperCase()}\\b`).test(question)) entries = [];
      // Another spelling of a mule bank ("Chase" for "JPMorgan Chase"): the bank as stored.
      if (!entries.length && !BANK_WORDS.has(typed)) {
        const bank = canon(normaliseBankName(typed));
        if (bank !== typed) entries = keep(lex.exact.get(bank) ?? []).filter((e) => e.field === 'mule_bank_name');
      }
      // A one-word name ("Mark", "Kevin") is a value when written as a name or after its field's word, not as a common word.
      const named = names.has(typed) || (i > 0 && NAME_CUE.test(words[i - 1]));
      if (len === 1 && !named) entries = entries.filter((e) => !FUZZY_FIELDS.has(e.field) && e.field !== 'persona');
      let fuzzy = false;
      // A typo is read as a name only when it is written as one (capitalised) or long: stray words are not values.
      const capitalised = typed.split(' ').every((x) => names.has(x));
      const nameLike = capitalised || typed.length >= 8;
      if (!entries.length && nameLike && typed.length >= 4 && /^[a-z ]+$/.test(typed)) {
        const cap = Math.max(1, allowedTypos(typed.length));
        let best = cap + 1;
        for (const n of lex.names) {
          // Cheap checks first: a name of another length or word count is never within the typos allowed.
          if (Math.abs(n.key.length - typed.length) > cap || (fields && !fields.has(n.entry.field))) continue;
          // Written in lower case, a typo keeps its first letter (else "how many" would be compared with every name).
          if ((!capitalised && n.key[0] !== typed[0]) || n.key.split(' ').length !== len) continue;
          const d = editDistance(typed, n.key, cap);
          if (d < best) [best, entries] = [d, [n.entry]];
          else if (d === best && d <= cap) entries = [...entries, n.entry];
        }
        fuzzy = entries.length > 0;
      }
      if (!entries.length) continue;
      for (let j = i; j < i + len; j++) used[j] = true;
      out.push({ typed, entries, fuzzy });
    }
  }
  return out;
}
