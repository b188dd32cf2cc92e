// How figures read in an answer: counts as computed (thousands separators), ratios as
// percentages with one decimal, dollars with two decimals. Every formatter takes a value
// that came from a tool result; nothing here invents a number.

import type { TimeseriesMetric } from '../../storage/queries/timeseries.js';
import type { RankField } from '../read/readingTypes.js';
import type { SummaryMetric } from '../read/readingTypes.js';
export type { SummaryMetric } from '../read/readingTypes.js';

export const fmtInt = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** A count as computed; a non-integer (averages, seconds) keeps up to two decimals. */
export const fmtNum = (n: number): string => (Number.isInteger(n) ? fmtInt(n) : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));

export const fmtPct = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`;

export const fmtUsd = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const fmtSec = (n: number): string => `${fmtNum(n)} seconds`;

export const fmtConfidence = (n: number): string => n.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

type Kind = 'count' | 'ratio' | 'usd' | 'seconds' | 'confidence';

export interface MetricInfo {
  label: string;
  kind: Kind;
  /** What a null value means (only figures that can be null have one). */
  none?: string;
  /** The matching time-series metric, when there is one. */
  series?: TimeseriesMetric;
}

export const SUMMARY_METRICS: Record<SummaryMetric, MetricInfo> = {
  calls_received: { label: 'calls received', kind: 'count', series: 'calls' },
  cleanly_closed: { label: 'calls closed cleanly', kind: 'count' },
  hooked_calls: { label: 'hooked calls', kind: 'count', series: 'hooked_calls' },
  hook_rate: { label: 'hook rate', kind: 'ratio', series: 'hook_rate' },
  avg_call_duration_sec: { label: 'average call length', kind: 'seconds', none: 'no calls to average', series: 'avg_duration_sec' },
  median_call_duration_sec: { label: 'median call length', kind: 'seconds', none: 'no calls' },
  max_call_duration_sec: { label: 'longest call', kind: 'seconds', none: 'no calls' },
  insights_produced: { label: 'insights produced', kind: 'count' },
  high_confidence_insights: { label: 'high-confidence insights', kind: 'count', series: 'high_confidence_insights' },
  avg_auditor_confidence: { label: 'average auditor confidence', kind: 'confidence', none: 'no confidence scores' },
  tier1_calls: { label: 'tier-1 calls', kind: 'count', series: 'tier1_calls' },
  tier2_calls: { label: 'tier-2 calls', kind: 'count' },
  tier3_calls: { label: 'tier-3 calls', kind: 'count' },
  total_dollars_asked: { label: 'total dollars asked', kind: 'usd', series: 'total_dollars_asked' },
  median_dollar_ask: { label: 'median ask', kind: 'usd', none: 'no dollar asks' },
  max_single_ask: { label: 'largest single ask', kind: 'usd', none: 'no dollar asks' },
  total_dollars_dangled: { label: 'total dollars dangled', kind: 'usd' },
};

/** Label and kind of each time-series metric, as SUMMARY_METRICS gives them for the summary's figures. */
export const SERIES_METRICS: Record<TimeseriesMetric, { label: string; kind: Kind }> = {
  calls: { label: 'calls', kind: 'count' },
  hooked_calls: { label: 'hooked calls', kind: 'count' },
  hook_rate: { label: 'hook rate', kind: 'ratio' },
  tier1_calls: { label: 'tier-1 calls', kind: 'count' },
  total_dollars_asked: { label: 'dollars asked', kind: 'usd' },
  avg_duration_sec: { label: 'average call length', kind: 'seconds' },
  high_confidence_insights: { label: 'high-confidence insights', kind: 'count' },
};

export function fmtKind(kind: Kind, v: number): string {
  switch (kind) {
    case 'count':
      return fmtNum(v);
    case 'ratio':
      return fmtPct(v);
    case 'usd':
      return fmtUsd(v);
    case 'seconds':
      return fmtSec(v);
    case 'confidence':
      return fmtConfidence(v);
  }
}

/** "hook rate 12.3%", "average call length 184.33 seconds", "median ask: none (no dollar asks)". */
export function metricClause(metric: SummaryMetric, value: number | null): string {
  const info = SUMMARY_METRICS[metric];
  if (value === null) return `${info.label}: none (${info.none ?? 'no data'})`;
  return `${info.label} ${fmtKind(info.kind, value)}`;
}

/** The change between two values of a metric, e.g. "+12 (+25.0%)" or "+2.0 percentage points". */
export function changeClause(kind: Kind, before: number | null, after: number | null): string {
  if (before === null || after === null) return 'no change can be computed';
  const diff = after - before;
  if (kind === 'ratio') {
    const pts = (diff * 100).toFixed(1);
    return `${diff >= 0 ? '+' : ''}${pts} percentage points`;
  }
  if (diff === 0) return '±0 (no change)';
  const sign = diff > 0 ? '+' : '-';
  const abs = Math.abs(diff);
  const absText =
    kind === 'usd' ? fmtUsd(abs) : kind === 'seconds' ? fmtSec(abs) : kind === 'confidence' ? fmtConfidence(abs) : fmtNum(abs);
  const pct =
    before === 0
      ? diff === 0
        ? ' (no change)'
        : ' (up from zero)'
      : ` (${diff >= 0 ? '+' : '-'}${Math.abs((diff / before) * 100).toFixed(1)}%)`;
  return `${sign}${absText}${pct}`;
}

/**
 * The plain answer to "did it go up (or down)?" from the two values the answer shows; to "did it go
 * up or down?" (`up` null), Up, Down or Unchanged. Null when a value is missing.
 */
export function verdictWord(up: boolean | null, before: number | null, after: number | null): string | null {
  if (before === null || after === null) return null;
  if (up === null) return after > before ? 'Up' : after < before ? 'Down' : 'Unchanged';
  if (after === before) return 'They were equal';
  return after > before === up ? 'Yes' : 'No';
}

export const FIELD_LABELS: Record<RankField, { plural: string; singular: string; of: string }> = {
  impersonated_brand: { plural: 'impersonated brands', singular: 'impersonated brand', of: 'calls naming a brand' },
  lure_category: { plural: 'scam types (lure categories)', singular: 'scam type', of: 'calls with a lure category' },
  payment_method: { plural: 'payment methods', singular: 'payment method', of: 'calls naming a payment method' },
  impersonated_government_agency: {
    plural: 'impersonated government agencies',
    singular: 'impersonated agency',
    of: 'calls naming an agency',
  },
  mule_bank_name: { plural: 'mule banks', singular: 'mule bank', of: 'calls naming a mule bank' },
  mule_bank_routing: { plural: 'mule bank routing numbers', singular: 'routing number', of: 'calls with a routing number' },
  crypto_chain: { plural: 'crypto chains', singular: 'crypto chain', of: 'calls naming a crypto chain' },
  gift_card_brand: { plural: 'gift card brands', singular: 'gift card brand', of: 'calls naming a gift card brand' },
  remote_desktop_app: { plural: 'remote desktop tools', singular: 'remote desktop tool', of: 'calls naming a remote desktop tool' },
  synthetic_org: { plural: 'fake company names', singular: 'fake company name', of: 'calls naming a fake company' },
  fake_agent_name: { plural: 'fake agent names', singular: 'fake agent name', of: 'calls naming a fake agent' },
  persona: { plural: 'personas', singular: 'persona', of: 'calls with a persona' },
  caller_id: { plural: 'caller IDs', singular: 'caller ID', of: 'calls with a caller ID' },
  mule_bank_account_number: { plural: 'mule account numbers', singular: 'mule account number', of: 'calls with an account number' },
  mule_account_holder_name: { plural: 'mule account holders', singular: 'account holder', of: 'calls naming an account holder' },
  crypto_wallet_address: { plural: 'crypto wallet addresses', singular: 'crypto wallet', of: 'calls with a wallet address' },
  phishing_url: { plural: 'phishing URLs', singular: 'phishing URL', of: 'calls with a phishing URL' },
  physical_mule_drop_address: { plural: 'drop addresses', singular: 'drop address', of: 'calls with a drop address' },
};

export const DISCONNECT_LABELS: Record<string, string> = {
  caller_hung_up_normal: 'the caller hung up normally',
  websocket_issue_our_side: 'a media-connection (websocket) problem on our side',
  voice_engine_issue: 'a voice engine problem',
  ai_session_capped: 'the AI session hit its cap',
};

/** "calls" / "call" by count. */
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** "1 call", "2 calls". */
export const nCalls = (n: number) => `${fmtInt(n)} ${plural(n, 'call', 'calls')}`;

/** A counted label in the singular for one: "1 hooked call", "1 high-confidence insight". */
export const countLabel = (n: number, label: string) => (n === 1 ? label.replace(/s$/, '') : label);

/** "A", "A and B", "A, B and C". */
export const andList = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * Splits an answer into deltas for the stream: sentence by sentence, long sentences at their
 * clauses, and never a single delta for an answer of more than one word.
 */
export function answerDeltas(text: string): string[] {
  const sentences = text.match(/[^.!?]+(?:[.!?]+(?:\s+|$)|$)/g) ?? [text];
  const out: string[] = [];
  for (const s of sentences) {
    if (s.length <= 160) out.push(s);
    else out.push(...(s.match(/[^;]+(?:;\s*|$)/g) ?? [s]));
  }
  const parts = out.filter((p) => p.length > 0);
  if (parts.join('') !== text) return [text];
  if (parts.length === 1) {
    // One short sentence: its first words, then the rest.
    const cut = text.indexOf(' ', Math.min(text.length - 1, Math.max(1, Math.floor(text.length / 2))));
    return cut > 0 && cut < text.length - 1 ? [text.slice(0, cut + 1), text.slice(cut + 1)] : [text];
  }
  return parts;
}
