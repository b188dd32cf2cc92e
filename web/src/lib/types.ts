// Response shapes of the public API (seed spec and CONTRACT). Fields the contract leaves
// open are optional, and the UI copes when they are missing.

export interface RangeObj {
  start_utc: string;
  end_utc: string;
  label: string;
}

export interface Summary {
  range: RangeObj;
  calls_received: number;
  cleanly_closed: number;
  hooked_calls: number;
  hook_rate: number;
  avg_call_duration_sec: number | null;
  median_call_duration_sec: number | null;
  max_call_duration_sec: number | null;
  insights_produced: number;
  high_confidence_insights: number;
  avg_auditor_confidence: number | null;
  tier1_calls: number;
  tier2_calls: number;
  tier3_calls: number;
  total_dollars_asked: number;
  median_dollar_ask: number | null;
  max_single_ask: number | null;
  total_dollars_dangled: number;
}

export interface Timeseries {
  metric: string;
  bucket: string;
  range: RangeObj;
  points: { timestamp: string; value: number }[];
}

export interface TopN {
  field: string;
  range: RangeObj;
  items: { label: string; count: number; pct_of_total: number }[];
}

export interface Arrivals {
  range: RangeObj;
  granularity: string;
  buckets: { bucket_start_utc: string; count: number }[];
}

export interface DurationHistogram {
  range: RangeObj;
  buckets: { label: string; min_sec: number; max_sec: number | null; count: number }[];
}

export interface AskHistogram {
  range: RangeObj;
  buckets: { label: string; min?: number; max?: number | null; count: number }[];
}

export interface Tier1Row {
  call_sid: string;
  call_started_at: string;
  auditor_confidence: number | null;
  mule_bank_name: string | null;
  mule_bank_routing_number: string | null;
  mule_bank_account_number: string | null;
  mule_account_holder_name: string | null;
  crypto_wallet_address: string | null;
  crypto_chain: string | null;
  gift_card_brand: string | null;
  physical_mule_drop_address: string | null;
}

export interface Tier1Table {
  range: RangeObj;
  total: number;
  items: Tier1Row[];
}

export interface GeoItem {
  state: string;
  count: number;
  area_codes: string[];
}

export interface Geo {
  range: RangeObj;
  items: GeoItem[];
}

export type DisconnectBreakdown = { range: RangeObj } & Record<string, number>;

export interface ActiveCall {
  call_sid: string;
  persona: string | null;
  caller_id: string | null;
  impersonated_brand: string | null;
  lure_category: string | null;
  state: string | null;
  started_at: string;
  last_heartbeat: string;
}

export interface ActiveCalls {
  active_count: number;
  calls: ActiveCall[];
}

export interface TranscriptTurn {
  speaker: 'caller' | 'persona' | 'system' | string;
  text: string;
  offset_sec?: number | null;
}

export type Extraction = Record<string, unknown> & {
  auditor_confidence?: number | null;
  dollar_asks?: number[] | null;
  dollars_dangled?: number | null;
};

/** A row of GET /api/calls: the contract calls it a "call summary" and leaves its fields open. */
export interface CallSummary {
  call_sid: string;
  started_at: string;
  duration_sec: number;
  caller_id?: string | null;
  caller_state?: string | null;
  persona?: string | null;
  disconnect_reason?: string | null;
  tier?: number | null;
  hooked?: boolean | null;
  impersonated_brand?: string | null;
  lure_category?: string | null;
  payment_method?: string | null;
  auditor_confidence?: number | null;
  has_intel?: boolean;
  cleanly_closed?: boolean | null;
  total_dollars_asked?: number;
  dollars_dangled?: number | null;
}

/** With `q`: the first matching turn, cut to ≤ 160 chars, and where the match lies in it. */
export interface Snippet {
  speaker: string;
  text: string;
  match_start: number;
  match_length: number;
}

export interface CallListItem extends CallSummary {
  snippet?: Snippet | null;
}

export interface CallList {
  range: RangeObj;
  items: CallListItem[];
  next_cursor: string | null;
  /** Calls matching the filters in the window, over all pages. */
  total?: number;
}

export interface CallDetail extends CallSummary {
  caller_area_code?: string | null;
  transcript?: TranscriptTurn[] | null;
  extraction?: Extraction | null;
}

export type SavedFilters = Record<string, unknown>;

export interface SavedSearch {
  id: string;
  name: string;
  filters: SavedFilters;
  created_at: string;
  updated_at: string;
}

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
  result_preview: string;
}

export interface Source {
  type: 'metric' | 'transcript' | 'none' | string;
  label: string;
  ref: { call_sid?: string; tool?: string } & Record<string, unknown>;
}

export interface AgentAnswer {
  question: string;
  answer: string;
  tool_calls: ToolCall[];
  referenced_call_sids: string[];
  sources: Source[];
  tokens_used?: { input: number; output: number };
  duration_ms?: number;
}

export interface WebhookEventType {
  type: string;
  description: string;
}

export interface Subscription {
  id: string;
  event_type: string;
  url: string;
  secret?: string;
  created_at: string;
  status?: string;
}

export interface Delivery {
  id: string;
  subscription_id: string | null;
  rule_id: string | null;
  event_id: string;
  event_type: string;
  url: string;
  attempt: number;
  status: 'succeeded' | 'failed' | 'retrying' | string;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
}

export type MetricUnit = 'count' | 'fraction' | 'usd';

export interface AlertCatalog {
  metrics: { name: string; description: string; unit?: MetricUnit }[];
  channels: string[];
  operators: string[];
}

export interface AlertRule {
  id: string;
  name: string;
  metric: string;
  threshold: number;
  window_min: number;
  channel: string;
  target: string;
  operator: string;
  secret?: string;
  created_at: string;
  state: string;
  /** A paused rule (false) is not evaluated. */
  enabled?: boolean;
}

export interface AlertPreview {
  metric: string;
  unit: MetricUnit;
  value: number;
  window_start: string;
  window_end: string;
}

export interface Firing {
  id: string;
  rule_id: string;
  rule_name: string;
  metric: string;
  operator: string;
  threshold: number;
  value: number;
  window_start: string;
  window_end: string;
  fired_at: string;
  resolved_at: string | null;
}

export interface Items<T> {
  items: T[];
}

export type KeyScope = Record<string, string[]>;

/** GET /api/me: who is signed in, and the plan, in one answer. */
export interface Me {
  org: { id: string; name: string; tier: 'free' | 'pro' };
  key: { id: string; name: string; role: string; scope: KeyScope | null };
  auth: 'bearer' | 'session';
}
