// The call record as ingested (CONTRACT §5) and the rules that classify it (CONTRACT §6).
// Every figure, export, event and alert uses these definitions; SQL reads the derived
// columns (tier, has_intel, hooked, caller_state) that are computed here at ingest.

/** A call SID (CONTRACT §5): 1–64 of `[A-Za-z0-9_-]`; one rule for ingest, paths, cursors and the agent. */
export const CALL_SID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
export const CALL_SID_RE = new RegExp(CALL_SID_PATTERN);

export const DISCONNECT_REASONS = ['caller_hung_up_normal', 'websocket_issue_our_side', 'voice_engine_issue', 'ai_session_capped'] as const;
export type DisconnectReason = (typeof DISCONNECT_REASONS)[number];

export const SPEAKERS = ['caller', 'persona', 'system'] as const;
export type Speaker = (typeof SPEAKERS)[number];

/** The intel fields of the mule bank account: its bank, routing and account number, and holder. */
export const MULE_BANK_FIELDS = [
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
] as const;

/** The 16 string fields of `extraction`, in the contract's order. */
export const INTEL_FIELDS = [
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'impersonated_government_agency',
  ...MULE_BANK_FIELDS,
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'phishing_url',
  'remote_desktop_app',
  'synthetic_org',
  'fake_agent_name',
  'physical_mule_drop_address',
] as const;
export type IntelField = (typeof INTEL_FIELDS)[number];

/** Intel fields naming one account, holder, wallet, URL or address: listed, never ranked. */
const IDENTIFYING_FIELDS = [
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'phishing_url',
  'physical_mule_drop_address',
] as const satisfies readonly IntelField[];
export type RankedField = Exclude<IntelField, (typeof IDENTIFYING_FIELDS)[number]>;
/** The intel fields ranked by top-N (`/api/kpis/topn/{field}`): names that recur. */
export const RANKED_FIELDS = INTEL_FIELDS.filter((f): f is RankedField => !(IDENTIFYING_FIELDS as readonly string[]).includes(f));

export const TIER1_FIELDS = [
  ...MULE_BANK_FIELDS,
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
] as const satisfies readonly IntelField[];
const TIER2_FIELDS = [
  'payment_method',
  'phishing_url',
  'remote_desktop_app',
  'impersonated_government_agency',
] as const satisfies readonly IntelField[];
const TIER3_FIELDS = ['impersonated_brand', 'lure_category'] as const satisfies readonly IntelField[];

export type Extraction = { [K in IntelField]: string | null } & {
  auditor_confidence: number | null;
  dollar_asks: number[];
  dollars_dangled: number | null;
};

export interface TranscriptTurn {
  speaker: Speaker;
  text: string;
  offset_sec?: number;
}

/** A call after validation and normalisation (strings trimmed, empty strings → null). */
export interface CallRecord {
  call_sid: string;
  started_at: Date;
  duration_sec: number;
  caller_id: string | null;
  persona: string | null;
  disconnect_reason: DisconnectReason | null;
  cleanly_closed: boolean | null;
  transcript: TranscriptTurn[];
  extraction: Extraction | null;
}

export type Tier = 1 | 2 | 3;

const present = (e: Extraction, fields: readonly IntelField[]) => fields.some((f) => e[f] !== null);

export function hasIntel(e: Extraction | null): boolean {
  return e !== null && present(e, INTEL_FIELDS);
}

/** Tiers are exclusive and the highest wins (CONTRACT §6). */
export function tierOf(e: Extraction | null): Tier | null {
  if (e === null) return null;
  if (present(e, TIER1_FIELDS)) return 1;
  if (present(e, TIER2_FIELDS)) return 2;
  if (present(e, TIER3_FIELDS)) return 3;
  return null;
}

const HOOK_MIN_DURATION_SEC = 15;
const HIGH_CONFIDENCE = 0.7;

export function isHooked(call: Pick<CallRecord, 'duration_sec' | 'extraction'>): boolean {
  return call.duration_sec >= HOOK_MIN_DURATION_SEC && hasIntel(call.extraction);
}

/**
 * The call's yes/no figures packed in one small integer, stored at ingest, so the summary
 * counts them with one GROUP BY over a few dozen groups instead of many FILTERs over every
 * row: bit 0 cleanly closed, 1 hooked, 2 has an extraction, 3 high confidence, bits 4–5 tier.
 */
export const FLAG = { cleanlyClosed: 1, hooked: 2, extraction: 4, highConfidence: 8, tierUnit: 16 } as const;

export function summaryFlags(call: Pick<CallRecord, 'duration_sec' | 'extraction' | 'cleanly_closed'>): number {
  const e = call.extraction;
  return (
    (call.cleanly_closed ? FLAG.cleanlyClosed : 0) +
    (isHooked(call) ? FLAG.hooked : 0) +
    (e !== null ? FLAG.extraction : 0) +
    (e !== null && e.auditor_confidence !== null && e.auditor_confidence >= HIGH_CONFIDENCE ? FLAG.highConfidence : 0) +
    FLAG.tierUnit * (tierOf(e) ?? 0)
  );
}
