import { Type } from '@sinclair/typebox';

export const RangeObject = Type.Object({
  start_utc: Type.String({ description: 'RFC 3339 UTC' }),
  end_utc: Type.String({ description: 'RFC 3339 UTC (exclusive)' }),
  label: Type.String({ description: 'The range string (e.g. "7d") or "custom" when start is given' }),
});

const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

export const SummaryOut = Type.Object({
  range: RangeObject,
  calls_received: Type.Integer(),
  cleanly_closed: Type.Integer(),
  hooked_calls: Type.Integer({ description: 'duration ≥ 15 s and at least one intel field' }),
  hook_rate: Type.Number({ description: 'hooked_calls / calls_received; 0 with no calls' }),
  avg_call_duration_sec: NumOrNull,
  median_call_duration_sec: NumOrNull,
  max_call_duration_sec: NumOrNull,
  insights_produced: Type.Integer({ description: 'calls with a non-null extraction' }),
  high_confidence_insights: Type.Integer({ description: 'auditor_confidence ≥ 0.7' }),
  avg_auditor_confidence: NumOrNull,
  tier1_calls: Type.Integer(),
  tier2_calls: Type.Integer(),
  tier3_calls: Type.Integer(),
  total_dollars_asked: Type.Number(),
  median_dollar_ask: NumOrNull,
  max_single_ask: NumOrNull,
  total_dollars_dangled: Type.Number(),
});
