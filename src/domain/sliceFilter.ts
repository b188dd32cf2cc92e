// A narrowing of a principal's slice for one read: the agent's tools carry the qualifiers of a
// question ("tier 1 calls from Texas", "the Amazon ones") into every figure this way. It is
// added with AND to the tenant and scope filters inside the storage layer, so it can only
// narrow what a key reads, never widen it.

import type { IntelField } from './call.js';

/** Columns a filter may match by value (case-insensitive); fixed here, never taken from input. */
/** Identifiers: one value names one line, account, wallet, address, link, agent or fake company. */
export const IDENTIFIER_COLUMNS = [
  'caller_id',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'physical_mule_drop_address',
  'phishing_url',
  'fake_agent_name',
  'synthetic_org',
] as const;

export const FILTER_COLUMNS = [
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'caller_state',
  'persona',
  'impersonated_government_agency',
  'mule_bank_name',
  'gift_card_brand',
  'crypto_chain',
  'remote_desktop_app',
  'caller_area_code',
  'disconnect_reason',
  ...IDENTIFIER_COLUMNS,
] as const;
export type FilterColumn = (typeof FILTER_COLUMNS)[number];

/** Where a caller ID comes from (CONTRACT §6 maps only US geographic area codes to states). */
export const CALLER_ORIGINS = ['us', 'canada', 'toll_free', 'international', 'withheld'] as const;
export type CallerOrigin = (typeof CALLER_ORIGINS)[number];

export interface SliceFilter {
  /** Per column, any of these values (lower-cased). */
  values?: Partial<Record<FilterColumn, string[]>>;
  /** Transcript substrings (lower-cased); every one must appear. */
  q?: string[];
  tiers?: number[];
  hooked?: boolean;
  minDurationSec?: number;
  maxDurationSec?: number;
  origins?: CallerOrigin[];
  /** Intel fields that must be present (extraction columns, from INTEL_FIELDS only). */
  has?: IntelField[];
  /** Whether the call has intel (CONTRACT: at least one extracted intel field), or has none. */
  hasIntel?: boolean;
  /** Bounds on the call's total dollars asked (inclusive). */
  minAsked?: number;
  maxAsked?: number;
  /** At least this many separate dollar asks in the call. */
  minAsks?: number;
  /** At least one single ask of this much (USD). */
  minSingleAsk?: number;
}

/** Canadian NANP area codes (CRTC list), for "calls from Canadian numbers". */
const CANADIAN_AREA_CODES = [
  '204',
  '226',
  '236',
  '249',
  '250',
  '257',
  '263',
  '289',
  '306',
  '343',
  '354',
  '365',
  '367',
  '368',
  '382',
  '387',
  '403',
  '416',
  '418',
  '428',
  '431',
  '437',
  '438',
  '450',
  '460',
  '468',
  '474',
  '506',
  '514',
  '519',
  '548',
  '579',
  '581',
  '584',
  '587',
  '604',
  '613',
  '639',
  '647',
  '672',
  '683',
  '705',
  '709',
  '742',
  '753',
  '778',
  '780',
  '782',
  '807',
  '819',
  '825',
  '867',
  '873',
  '879',
  '902',
  '905',
  '942',
];
export const TOLL_FREE_AREA_CODES = ['800', '833', '844', '855', '866', '877', '888'];

/** Anchored patterns over the caller ID with spaces, dots, dashes and brackets removed. */
export const ORIGIN_PATTERNS: Record<Exclude<CallerOrigin, 'us' | 'withheld'>, string> = {
  canada: `^(\\+1|1)?(${CANADIAN_AREA_CODES.join('|')})[0-9]{7}$`,
  toll_free: `^(\\+1|1)?(${TOLL_FREE_AREA_CODES.join('|')})[0-9]{7}$`,
  international: '^\\+[02-9][0-9]{4,}$',
};
