// What the STIX builder needs of one tier-1 call (built by inputs.ts from the rows and the value
// histories that storage/queries/stixInputs.ts reads).

import type { Extraction, MULE_BANK_FIELDS } from '../../domain/call.js';
import type { Marking } from './markings.js';

export type { StixObject } from './object.js';

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

/** A call's place in the order calls were added: (ingested_at, call_sid by code point). */
export interface AddedAt {
  ingestedAt: number;
  callSid: string;
}

/**
 * What the reader's slice knows of one object several calls share: when it was first sighted
 * (the first ingest of a call revealing it, which a later ingest of an older call or a
 * re-ingest never moves) and the last call that revealed it (its version follows that call).
 */
export interface SharedHistory {
  firstSeenMs: number;
  latest: AddedAt;
}

/** The histories of the shared objects one call contributes (null where the call has none, or it is unknown). */
interface CallHistories {
  phone: SharedHistory | null;
  bankAccount: SharedHistory | null;
  wallet: SharedHistory | null;
  brand: SharedHistory | null;
  accountIndicator: SharedHistory | null;
  walletIndicator: SharedHistory | null;
  accountBrand: SharedHistory | null;
  walletBrand: SharedHistory | null;
}

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
  /** Indicator checks (src/domain/indicators), when known; a wallet judged invalid gets no indicator. */
  validity?: { mule_bank_routing_number: boolean | null; crypto_wallet_address: boolean | null };
  /** The first transcript turn mentioning each value (see excerptFor). */
  excerpts: { account: TurnExcerptInput | null; wallet: TurnExcerptInput | null };
  /** The shared objects' histories in the reader's slice; a missing one counts as this call alone. */
  history: CallHistories;
  /** The org's TLP marking of everything built from calls. */
  marking: Marking;
}
