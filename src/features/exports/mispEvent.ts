// The MISP event of the tier-1 calls (README, Intel out), in MISP's core JSON format: one Object per
// call and kind (bank-account, coin-address, phone) with the relations of MISP's object
// templates, typed attributes (aba-rtn, bank-account-nr, btc, phone-number), and to_ids set
// only on indicators that pass their checksums. Pure builders; mispRoutes.ts streams them.

import { walletChain } from '../../domain/indicators/wallet.js';
import { formatUtc } from '../../domain/window.js';
import type { TlpLevel } from '../../intel/stix/index.js';
import type { Tier1Call } from '../../storage/queries/tier1.js';
import { uuidV5 } from './mispIds.js';
import type { MispAttribute, MispEventHead, MispObject } from './mispSchema.js';

/** MISP's distribution levels: the event stays in the importing organisation; its parts inherit that. */
const YOUR_ORGANISATION_ONLY = '0';
const INHERIT_EVENT = '5';
const FINANCIAL_FRAUD = 'Financial fraud';
/** threat_level_id 2 = medium; analysis 1 = ongoing (each export adds the newest calls). */
const MEDIUM = '2';
const ONGOING = '1';

/** The event's tags: its TLP as MISP's tlp taxonomy (TLP 2.0) names it, e.g. tlp:amber+strict. */
export const mispTags = (tlp: TlpLevel) => [{ name: `tlp:${tlp}` }];

/** The templates we fill (name, uuid and version of MISP's object templates). */
const TEMPLATES = {
  'bank-account': {
    uuid: 'b4712203-95a8-4883-80e9-b566f5df11c9',
    version: '3',
    meta: 'financial',
    description: 'A mule bank account a scam caller asked the victim to pay into.',
  },
  'coin-address': {
    uuid: 'd0e6997e-78da-4815-a6a1-cfc1c1cb8a46',
    version: '7',
    meta: 'financial',
    description: 'A cryptocurrency address a scam caller asked the victim to pay to.',
  },
  'phone-number': {
    uuid: 'c4b5a67c-63d2-11ec-90d6-0242ac120003',
    version: '1',
    meta: 'mobile',
    description: 'The caller ID of a scam call (it may be spoofed).',
  },
} as const;
type TemplateName = keyof typeof TEMPLATES;

const SYMBOLS = { bitcoin: 'BTC', ethereum: 'ETH', tron: 'TRX' } as const;

const seconds = (rfc3339: string) => String(Math.floor(Date.parse(rfc3339) / 1000));

export function mispEventHead(opts: { uuid: string; scopeText: string; windowEnd: Date; now: Date; campaignId?: string }): MispEventHead {
  const what = opts.campaignId ? `scam-call campaign ${opts.campaignId}` : 'tier-1 scam-call indicators';
  return {
    uuid: opts.uuid,
    info: `Honeypot Intel: ${what}${opts.scopeText ? ` (${opts.scopeText})` : ''}`,
    // The last day the window covers (its end is exclusive).
    date: new Date(opts.windowEnd.getTime() - 1).toISOString().slice(0, 10),
    // MISP replaces an event on import only when this is newer than the stored one.
    timestamp: String(Math.floor(opts.now.getTime() / 1000)),
    threat_level_id: MEDIUM,
    analysis: ONGOING,
    distribution: YOUR_ORGANISATION_ONLY,
    published: false,
  };
}

type AttrSpec = { relation: string; type: string; value: string; toIds: boolean; correlate?: boolean; comment?: string };

function attribute(parent: string, spec: AttrSpec, timestamp: string): MispAttribute {
  return {
    uuid: uuidV5(parent, `${spec.relation}\u0000${spec.value}`),
    type: spec.type,
    category: FINANCIAL_FRAUD,
    value: spec.value,
    to_ids: spec.toIds,
    distribution: INHERIT_EVENT,
    timestamp,
    comment: spec.comment ?? '',
    disable_correlation: spec.correlate === false,
    object_relation: spec.relation,
  };
}

function object(eventUuid: string, name: TemplateName, c: Tier1Call, specs: AttrSpec[]): MispObject {
  const t = TEMPLATES[name];
  // One object per call and kind: a re-ingested call updates its objects in place.
  const uuid = uuidV5(eventUuid, `${name}\u0000${c.call_sid}`);
  const timestamp = seconds(c.call_started_at);
  const end = formatUtc(Date.parse(c.call_started_at) + c.duration_sec * 1000);
  return {
    uuid,
    name,
    'meta-category': t.meta,
    description: t.description,
    template_uuid: t.uuid,
    template_version: t.version,
    distribution: INHERIT_EVENT,
    timestamp,
    comment: `Scam call ${c.call_sid}${c.impersonated_brand ? ` impersonating ${c.impersonated_brand}` : ''}`,
    first_seen: c.call_started_at,
    last_seen: end,
    Attribute: specs.map((s) => attribute(uuid, s, timestamp)),
  };
}

const some = <T>(xs: (T | null)[]): T[] => xs.filter((x): x is T => x !== null);

/**
 * An IBAN (ISO 13616): two letters, two check digits, 11–30 letters or digits, and the mod-97
 * check of ISO 7064 (the string rotated by four, letters as 10–35, modulo 97 is 1). A dozen
 * lines, so no package for it. Spaces are allowed between groups, as IBANs are written.
 */
function isIban(raw: string): boolean {
  const s = raw.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  let rest = 0;
  for (const ch of s.slice(4) + s.slice(0, 4)) {
    const n = parseInt(ch, 36);
    rest = (n > 9 ? rest * 100 + n : rest * 10 + n) % 97;
  }
  return rest === 1;
}

/** A caller ID that is a number (7–15 digits, with the usual punctuation), not "anonymous" or "Restricted". */
function isPhoneNumber(s: string): boolean {
  const digits = s.replace(/[^0-9]/g, '').length;
  return /^\+?[0-9 ().-]{7,24}$/.test(s) && digits >= 7 && digits <= 15;
}

/**
 * The objects of one tier-1 call. A bank account needs its account number (the template
 * requires `account` or `iban`: an IBAN goes in `iban`, typed iban); a routing number without
 * one is a loose attribute (mispLooseAttributes). An account number is an IDS indicator, as it
 * is in the STIX export (a pattern on it). Caller IDs are never IDS indicators: they are easily
 * spoofed; one that is not a number ("anonymous") gives no phone-number object.
 */
export function mispObjectsForCall(eventUuid: string, c: Tier1Call): MispObject[] {
  const out: MispObject[] = [];
  const routingValid = c.validity.mule_bank_routing_number === true;
  if (c.mule_bank_account_number !== null) {
    out.push(
      object(
        eventUuid,
        'bank-account',
        c,
        some<AttrSpec>([
          isIban(c.mule_bank_account_number)
            ? { relation: 'iban', type: 'iban', value: c.mule_bank_account_number, toIds: true }
            : { relation: 'account', type: 'bank-account-nr', value: c.mule_bank_account_number, toIds: true },
          c.mule_bank_routing_number === null
            ? null
            : { relation: 'aba-rtn', type: 'aba-rtn', value: c.mule_bank_routing_number, toIds: routingValid },
          c.mule_bank_name === null
            ? null
            : { relation: 'institution-name', type: 'text', value: c.mule_bank_name, toIds: false, correlate: false },
          c.mule_account_holder_name === null
            ? null
            : {
                relation: 'account-name',
                type: 'text',
                value: c.mule_account_holder_name,
                toIds: false,
                comment: 'Account holder name as the caller gave it',
              },
        ]),
      ),
    );
  }
  if (c.crypto_wallet_address !== null) {
    const chain = walletChain(c.crypto_chain, c.crypto_wallet_address);
    const symbol = chain ? SYMBOLS[chain] : (c.crypto_chain?.toUpperCase() ?? null);
    const valid = c.validity.crypto_wallet_address === true;
    out.push(
      object(
        eventUuid,
        'coin-address',
        c,
        some<AttrSpec>([
          chain === 'bitcoin'
            ? { relation: 'address', type: 'btc', value: c.crypto_wallet_address, toIds: valid }
            : { relation: 'address-crypto', type: 'text', value: c.crypto_wallet_address, toIds: valid },
          symbol === null ? null : { relation: 'symbol', type: 'text', value: symbol, toIds: false, correlate: false },
        ]),
      ),
    );
  }
  if (c.caller_id !== null && isPhoneNumber(c.caller_id)) {
    out.push(
      object(eventUuid, 'phone-number', c, [
        { relation: 'phone-number', type: 'phone-number', value: c.caller_id, toIds: false, comment: 'Caller ID (may be spoofed)' },
      ]),
    );
  }
  return out;
}

/**
 * A routing number given without an account number: an event-level aba-rtn attribute, one per
 * value (MISP refuses the same type and value twice outside objects), with the first call
 * that gave it. `seen` holds the values written so far in this event.
 */
export function mispLooseAttributes(eventUuid: string, c: Tier1Call, seen: Set<string>): MispAttribute[] {
  const routing = c.mule_bank_routing_number;
  if (routing === null || c.mule_bank_account_number !== null || seen.has(routing)) return [];
  seen.add(routing);
  const bank = c.mule_bank_name ? ` (${c.mule_bank_name})` : '';
  const a = attribute(
    uuidV5(eventUuid, `loose\u0000aba-rtn\u0000${routing}`),
    {
      relation: 'aba-rtn',
      type: 'aba-rtn',
      value: routing,
      toIds: c.validity.mule_bank_routing_number === true,
      comment: `Routing number${bank} given without an account number, first on scam call ${c.call_sid}`,
    },
    seconds(c.call_started_at),
  );
  delete a.object_relation;
  return [a];
}
