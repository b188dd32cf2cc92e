// The STIX 2.1 objects one tier-1 call contributes (pure: same input, same objects, same ids).
// Timestamps are UTC with millisecond precision, as STIX requires for created/modified.

import { sdoId, scoId } from './ids.js';
import { equalsPattern } from './pattern.js';
import type { StixCallInput, StixObject, TurnExcerptInput } from './types.js';

/** created/modified of the objects that do not come from a call (ours, brands): fixed, so they never move. */
export const STATIC_CREATED = '2026-01-01T00:00:00.000Z';
export const HONEYPOT_IDENTITY_ID = sdoId('identity', 'honeypot-intel');
export const EXTENSION_DEFINITION_ID = sdoId('extension-definition', 'scam-call-scos', '1.0.0');
/** Our custom SCOs, declared by the extension definition. */
type CustomScoType = 'phone-number' | 'bank-account' | 'cryptocurrency-wallet';

const COMMON = { spec_version: '2.1' } as const;
const ts = (ms: number) => new Date(ms).toISOString();
const EXTENSIONS = { [EXTENSION_DEFINITION_ID]: { extension_type: 'new-sco' } };

/** Our identity and the extension definition of the custom SCOs: in every bundle, once. */
export function staticObjects(): StixObject[] {
  return [
    {
      type: 'identity',
      ...COMMON,
      id: HONEYPOT_IDENTITY_ID,
      created_by_ref: HONEYPOT_IDENTITY_ID,
      created: STATIC_CREATED,
      modified: STATIC_CREATED,
      name: 'Honeypot Intel',
      description: 'AI scam-call honeypot: the calls it answers are the source of these objects.',
      identity_class: 'organization',
    },
    {
      type: 'extension-definition',
      ...COMMON,
      id: EXTENSION_DEFINITION_ID,
      created_by_ref: HONEYPOT_IDENTITY_ID,
      created: STATIC_CREATED,
      modified: STATIC_CREATED,
      name: 'Scam-call observables',
      description:
        'Custom SCOs for what scam callers reveal, named as OpenCTI names them. Ids are STIX 2.1 §2.9 UUIDv5 ids ' +
        'whose contributing properties are all the properties present.',
      schema:
        'phone-number: value (string, as given by the caller ID). ' +
        'bank-account: account_number, routing_number (ABA), holder_name, bank_name (strings; account_number or routing_number present). ' +
        'cryptocurrency-wallet: value (the address), chain (string, lower case, when known).',
      version: '1.0.0',
      extension_types: ['new-sco'],
    },
  ];
}

function sco(type: CustomScoType, props: Record<string, string | null>): StixObject {
  const present = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== null)) as Record<string, string>;
  return { type, ...COMMON, id: scoId(type, present), ...present, extensions: EXTENSIONS };
}

const excerptText = (e: TurnExcerptInput) => `${e.speaker}${e.offset_sec === null ? '' : ` at ${e.offset_sec}s`}: ${e.text}`;

interface Revealed {
  /** What the indicator names, for its name and the note's abstract. */
  what: string;
  sco: StixObject;
  pattern: string;
  firstSeenMs: number;
  excerpt: TurnExcerptInput | null;
}

/**
 * Everything one tier-1 call contributes: the SCOs it revealed, the impersonated brand's
 * identity, an indicator per account number and wallet (with a related-to the brand), one
 * observed-data of the call, a sighting and a transcript note per indicator. A call that
 * revealed no caller ID, account, routing number or wallet contributes nothing. The objects
 * refer to staticObjects(), which are not repeated here.
 */
export function stixObjectsForCall(c: StixCallInput): StixObject[] {
  const startMs = c.started_at_ms;
  const endMs = startMs + Math.max(0, c.duration_sec) * 1000;
  const created = ts(startMs);
  const modified = ts(Math.max(startMs, c.ingested_at_ms));
  const out: StixObject[] = [];
  const scos: StixObject[] = [];
  const revealed: Revealed[] = [];

  if (c.caller_id) scos.push(sco('phone-number', { value: c.caller_id }));
  if (c.mule_bank_account_number || c.mule_bank_routing_number) {
    const account = sco('bank-account', {
      account_number: c.mule_bank_account_number,
      routing_number: c.mule_bank_routing_number,
      holder_name: c.mule_account_holder_name,
      bank_name: c.mule_bank_name,
    });
    scos.push(account);
    if (c.mule_bank_account_number) {
      revealed.push({
        what: `mule bank account ${c.mule_bank_account_number}`,
        sco: account,
        pattern: equalsPattern('bank-account', 'account_number', c.mule_bank_account_number),
        firstSeenMs: c.first_seen.account ?? startMs,
        excerpt: c.excerpts.account,
      });
    }
  }
  if (c.crypto_wallet_address) {
    const wallet = sco('cryptocurrency-wallet', { value: c.crypto_wallet_address, chain: c.crypto_chain?.toLowerCase() ?? null });
    scos.push(wallet);
    if (c.validity?.crypto_wallet_address !== false) {
      revealed.push({
        what: `${c.crypto_chain ? `${c.crypto_chain} ` : ''}wallet ${c.crypto_wallet_address}`,
        sco: wallet,
        pattern: equalsPattern('cryptocurrency-wallet', 'value', c.crypto_wallet_address),
        firstSeenMs: c.first_seen.wallet ?? startMs,
        excerpt: c.excerpts.wallet,
      });
    }
  }
  if (scos.length === 0) return out;
  out.push(...scos);

  const brand = c.impersonated_brand
    ? {
        type: 'identity',
        ...COMMON,
        id: sdoId('identity', 'impersonated-brand', c.impersonated_brand),
        created_by_ref: HONEYPOT_IDENTITY_ID,
        created: STATIC_CREATED,
        modified: STATIC_CREATED,
        name: c.impersonated_brand,
        description: 'A brand scam callers impersonated.',
        identity_class: 'organization',
      }
    : null;
  if (brand) out.push(brand);

  const observed = {
    type: 'observed-data',
    ...COMMON,
    id: sdoId('observed-data', c.org_id, c.call_sid),
    created_by_ref: HONEYPOT_IDENTITY_ID,
    created,
    modified,
    first_observed: ts(startMs),
    last_observed: ts(endMs),
    number_observed: 1,
    object_refs: scos.map((s) => s.id),
  };
  const perCall: StixObject[] = [observed];
  const confidence = c.auditor_confidence === null ? {} : { confidence: Math.round(Math.min(1, Math.max(0, c.auditor_confidence)) * 100) };

  for (const r of revealed) {
    const since = ts(r.firstSeenMs);
    const indicator = {
      type: 'indicator',
      ...COMMON,
      id: sdoId('indicator', c.org_id, r.pattern),
      created_by_ref: HONEYPOT_IDENTITY_ID,
      created: since,
      modified: since,
      name: `Scam call ${r.what}`,
      description: 'Given by a scam caller to a honeypot persona as where to send money.',
      indicator_types: ['malicious-activity'],
      pattern: r.pattern,
      pattern_type: 'stix',
      pattern_version: '2.1',
      valid_from: since,
    };
    out.push(indicator);
    if (brand) {
      out.push({
        type: 'relationship',
        ...COMMON,
        id: sdoId('relationship', indicator.id, 'related-to', brand.id),
        created_by_ref: HONEYPOT_IDENTITY_ID,
        created: since,
        modified: since,
        relationship_type: 'related-to',
        source_ref: indicator.id,
        target_ref: brand.id,
        description: `Used by callers impersonating ${c.impersonated_brand}.`,
      });
    }
    perCall.push({
      type: 'sighting',
      ...COMMON,
      id: sdoId('sighting', c.org_id, c.call_sid, indicator.id),
      created_by_ref: HONEYPOT_IDENTITY_ID,
      created,
      modified,
      ...confidence,
      first_seen: ts(startMs),
      last_seen: ts(endMs),
      count: 1,
      sighting_of_ref: indicator.id,
      observed_data_refs: [observed.id],
      where_sighted_refs: [HONEYPOT_IDENTITY_ID],
    });
    if (r.excerpt) {
      perCall.push({
        type: 'note',
        ...COMMON,
        id: sdoId('note', c.org_id, c.call_sid, indicator.id),
        created_by_ref: HONEYPOT_IDENTITY_ID,
        created,
        modified,
        abstract: `Transcript turn that revealed the ${r.what}`,
        content: excerptText(r.excerpt),
        object_refs: [observed.id, indicator.id, r.sco.id],
      });
    }
  }
  out.push(...perCall);
  return out;
}
