// The STIX 2.1 objects one tier-1 call contributes (pure: same input, same objects, same ids).
// Timestamps are UTC with millisecond precision, as STIX requires for created/modified.
//
// Versioning (STIX 2.1 §3.6): `created` never moves — per-call objects take the call's start,
// shared objects (indicators, their relationships) the first ingest of a call revealing the
// value in the reader's slice, which a later ingest of an older call or a re-ingest leaves
// alone. `modified` is the latest of: created, the ingest of the last call carrying the object
// (for a shared one, the last call revealing it), and when the org's TLP was set — so every
// change of content raises it, and one (id, modified) is always one content: nothing else in
// an object depends on which call carried it.

import { tlpMarkingDefinition, tlpMarkingId, type Marking } from './markings.js';
import { sdoId, scoId } from './ids.js';
import { equalsPattern } from './pattern.js';
import type { AddedAt, SharedHistory, StixCallInput, StixObject, TurnExcerptInput } from './types.js';

/** created/modified of the objects that do not come from a call (ours, brands): fixed, so they never move. */
const STATIC_CREATED = '2026-01-01T00:00:00.000Z';
const STATIC_CREATED_MS = Date.parse(STATIC_CREATED);
export const HONEYPOT_IDENTITY_ID = sdoId('identity', 'honeypot-intel');
export const EXTENSION_DEFINITION_ID = sdoId('extension-definition', 'scam-call-scos', '1.0.0');
/** Our custom SCOs, declared by the extension definition. */
type CustomScoType = 'phone-number' | 'bank-account' | 'cryptocurrency-wallet';

const COMMON = { spec_version: '2.1' } as const;
const ts = (ms: number) => new Date(ms).toISOString();
const EXTENSIONS = { [EXTENSION_DEFINITION_ID]: { extension_type: 'new-sco' } };

/** One object and where a TAXII collection places it: with its `owner` call, at version `version`. */
export interface StixItem {
  object: StixObject;
  /** The call that carries it in the collection: this call for per-call objects, the last call revealing it for shared ones. */
  owner: AddedAt;
  /** Its TAXII version: `modified`; for an SCO (no modified) the instant its content last changed. */
  version: string;
}

/** Our identity, the extension definition of the custom SCOs and the org's TLP marking definition: once per bundle or poll. */
export function staticObjects(marking: Marking): StixObject[] {
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
    tlpMarkingDefinition(marking.tlp),
  ];
}

/** The TAXII version of a static object: its modified, or created (a marking definition has no modified). */
export const staticVersion = (o: StixObject): string => String(o.modified ?? o.created);

const excerptText = (e: TurnExcerptInput) => `${e.speaker}${e.offset_sec === null ? '' : ` at ${e.offset_sec}s`}: ${e.text}`;

interface Revealed {
  /** What the indicator names, for its name and the note's abstract. */
  what: string;
  sco: StixObject;
  pattern: string;
  indicator: SharedHistory;
  relationship: SharedHistory;
  excerpt: TurnExcerptInput | null;
}

/**
 * Everything one tier-1 call contributes, each with its owner and version: the SCOs it revealed,
 * the impersonated brand's identity, an indicator per account number and wallet (with a
 * related-to the brand), one observed-data of the call, a sighting and a transcript note per
 * indicator. A call that revealed no caller ID, account, routing number or wallet contributes
 * nothing. The objects refer to staticObjects(), which are not repeated here. The order is
 * fixed by the call alone (a TAXII `next` counts positions in it).
 */
export function stixItemsForCall(c: StixCallInput): StixItem[] {
  const self: SharedHistory = { firstSeenMs: c.ingested_at_ms, latest: { ingestedAt: c.ingested_at_ms, callSid: c.call_sid } };
  const hist = (h: SharedHistory | null) => h ?? self;
  const setAt = c.marking.setAtMs;
  const marked = { object_marking_refs: [tlpMarkingId(c.marking.tlp)] };
  const startMs = c.started_at_ms;
  const endMs = startMs + Math.max(0, c.duration_sec) * 1000;
  const created = ts(startMs);
  const modified = ts(Math.max(startMs, c.ingested_at_ms, setAt));
  const out: StixItem[] = [];
  const revealed: Revealed[] = [];

  const sco = (type: CustomScoType, props: Record<string, string | null>, h: SharedHistory | null): StixItem => {
    const present = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== null)) as Record<string, string>;
    const { latest } = hist(h);
    return {
      object: { type, ...COMMON, id: scoId(type, present), ...present, ...marked, extensions: EXTENSIONS },
      owner: latest,
      version: ts(Math.max(latest.ingestedAt, setAt)),
    };
  };

  if (c.caller_id) out.push(sco('phone-number', { value: c.caller_id }, c.history.phone));
  if (c.mule_bank_account_number || c.mule_bank_routing_number) {
    const account = sco(
      'bank-account',
      {
        account_number: c.mule_bank_account_number,
        routing_number: c.mule_bank_routing_number,
        holder_name: c.mule_account_holder_name,
        bank_name: c.mule_bank_name,
      },
      c.history.bankAccount,
    );
    out.push(account);
    if (c.mule_bank_account_number) {
      revealed.push({
        what: `mule bank account ${c.mule_bank_account_number}`,
        sco: account.object,
        pattern: equalsPattern('bank-account', 'account_number', c.mule_bank_account_number),
        indicator: hist(c.history.accountIndicator),
        relationship: hist(c.history.accountBrand),
        excerpt: c.excerpts.account,
      });
    }
  }
  if (c.crypto_wallet_address) {
    const wallet = sco(
      'cryptocurrency-wallet',
      { value: c.crypto_wallet_address, chain: c.crypto_chain?.toLowerCase() ?? null },
      c.history.wallet,
    );
    out.push(wallet);
    if (c.validity?.crypto_wallet_address !== false) {
      revealed.push({
        // No chain in the name: calls may spell it differently, and the name must not depend on the call.
        what: `crypto wallet ${c.crypto_wallet_address}`,
        sco: wallet.object,
        pattern: equalsPattern('cryptocurrency-wallet', 'value', c.crypto_wallet_address),
        indicator: hist(c.history.walletIndicator),
        relationship: hist(c.history.walletBrand),
        excerpt: c.excerpts.wallet,
      });
    }
  }
  if (out.length === 0) return out;
  const scoIds = out.map((s) => s.object.id);

  let brandId: string | null = null;
  if (c.impersonated_brand) {
    const { latest } = hist(c.history.brand);
    const version = ts(Math.max(STATIC_CREATED_MS, latest.ingestedAt, setAt));
    brandId = sdoId('identity', 'impersonated-brand', c.impersonated_brand);
    out.push({
      object: {
        type: 'identity',
        ...COMMON,
        id: brandId,
        created_by_ref: HONEYPOT_IDENTITY_ID,
        created: STATIC_CREATED,
        modified: version,
        name: c.impersonated_brand,
        description: 'A brand scam callers impersonated.',
        identity_class: 'organization',
        ...marked,
      },
      owner: latest,
      version,
    });
  }

  const own: AddedAt = { ingestedAt: c.ingested_at_ms, callSid: c.call_sid };
  const perCall = (object: StixObject): StixItem => ({ object, owner: own, version: modified });
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
    object_refs: scoIds,
    ...marked,
  };
  const calls: StixItem[] = [perCall(observed)];
  const confidence = c.auditor_confidence === null ? {} : { confidence: Math.round(Math.min(1, Math.max(0, c.auditor_confidence)) * 100) };

  for (const r of revealed) {
    const since = ts(r.indicator.firstSeenMs);
    const indicatorVersion = ts(Math.max(r.indicator.firstSeenMs, r.indicator.latest.ingestedAt, setAt));
    const indicator = {
      type: 'indicator',
      ...COMMON,
      id: sdoId('indicator', c.org_id, r.pattern),
      created_by_ref: HONEYPOT_IDENTITY_ID,
      created: since,
      modified: indicatorVersion,
      name: `Scam call ${r.what}`,
      description: 'Given by a scam caller to a honeypot persona as where to send money.',
      indicator_types: ['malicious-activity'],
      pattern: r.pattern,
      pattern_type: 'stix',
      pattern_version: '2.1',
      valid_from: since,
      ...marked,
    };
    out.push({ object: indicator, owner: r.indicator.latest, version: indicatorVersion });
    if (brandId) {
      const relVersion = ts(Math.max(r.relationship.firstSeenMs, r.relationship.latest.ingestedAt, setAt));
      out.push({
        object: {
          type: 'relationship',
          ...COMMON,
          id: sdoId('relationship', indicator.id, 'related-to', brandId),
          created_by_ref: HONEYPOT_IDENTITY_ID,
          created: ts(r.relationship.firstSeenMs),
          modified: relVersion,
          relationship_type: 'related-to',
          source_ref: indicator.id,
          target_ref: brandId,
          description: `Used by callers impersonating ${c.impersonated_brand}.`,
          ...marked,
        },
        owner: r.relationship.latest,
        version: relVersion,
      });
    }
    calls.push(
      perCall({
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
        ...marked,
      }),
    );
    if (r.excerpt) {
      calls.push(
        perCall({
          type: 'note',
          ...COMMON,
          id: sdoId('note', c.org_id, c.call_sid, indicator.id),
          created_by_ref: HONEYPOT_IDENTITY_ID,
          created,
          modified,
          abstract: `Transcript turn that revealed the ${r.what}`,
          content: excerptText(r.excerpt),
          object_refs: [observed.id, indicator.id, r.sco.id],
          ...marked,
        }),
      );
    }
  }
  out.push(...calls);
  return out;
}

/** The objects of stixItemsForCall, without placement. */
export const stixObjectsForCall = (c: StixCallInput): StixObject[] => stixItemsForCall(c).map((i) => i.object);
