// What the STIX builder needs of one tier-1 call (read by storage/queries/stixInputs.ts).

import type { Extraction, MULE_BANK_FIELDS } from '../../domain/call.js';

/** A STIX 2.1 object as emitted: plain JSON, property order fixed by the builder. */
export type StixObject = { type: string; id: string } & Record<string, unknown>;

export interface TurnExcerptInput {
  speaker: string;
  offset_sec: number | null;
  /** The turn's text, at most EXCERPT_MAX_CHARS (cut around the match, '…' marking cuts). */
  text: string;
}

/** The call's extraction fields the objects are built from: the brand, the mule account and the wallet. */
type StixIntel = Pick<
  Extraction,
  'impersonated_brand' | 'auditor_confidence' | (typeof MULE_BANK_FIELDS)[number] | 'crypto_wallet_address' | 'crypto_chain'
>;

export interface StixCallInput extends StixIntel {
  /** Part of the ids of per-call objects and indicators (call_sids are unique per org only). */
  org_id: string;
  call_sid: string;
  /** Epoch ms. */
  started_at_ms: number;
  duration_sec: number;
  /** Epoch ms of the (last) ingest of the call: `modified` of its per-call objects. */
  ingested_at_ms: number;
  caller_id: string | null;
  /** Indicator checks (issue 14 hygiene), when known; a wallet judged invalid gets no indicator. */
  validity?: { mule_bank_routing_number: boolean | null; crypto_wallet_address: boolean | null };
  /** The first transcript turn mentioning each value (see excerptFor). */
  excerpts: { account: TurnExcerptInput | null; wallet: TurnExcerptInput | null };
  /**
   * Epoch ms of the earliest call in the reader's slice (any window) revealing the account
   * number / the wallet: the indicator's created and valid_from, the same in every export.
   * Null: this call's start is used.
   */
  first_seen: { account: number | null; wallet: number | null };
}
