import { Type, type TProperties } from '@sinclair/typebox';

export const RangeObject = Type.Object(
  {
    start_utc: Type.String({ description: 'RFC 3339 UTC' }),
    end_utc: Type.String({ description: 'RFC 3339 UTC (exclusive)' }),
    label: Type.String({ description: 'The range string (e.g. "7d") or "custom" when start is given' }),
  },
  { $id: 'Range' },
);

/** The answer of a windowed figure: its range first, then the figures (kpis/routes.ts windowRoute). */
const Windowed = <T extends TProperties>(figures: T) => Type.Object({ range: RangeObject, ...figures });

const NumOrNull = Type.Union([Type.Number(), Type.Null()]);

export const SummaryOut = Windowed({
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

// ---------------------------------------------------------------------------------------------
// The other overview figures (CONTRACT §6).

const StrOrNull = Type.Union([Type.String(), Type.Null()]);

export const TimeseriesOut = Type.Object({
  metric: Type.String(),
  bucket: Type.String(),
  range: RangeObject,
  points: Type.Array(
    Type.Object({
      timestamp: Type.String({ description: 'Start of the bucket, RFC 3339 UTC' }),
      value: Type.Number(),
    }),
    { description: 'One point per bucket, oldest first, zeros included' },
  ),
});

export const TopnOut = Type.Object({
  field: Type.String(),
  range: RangeObject,
  items: Type.Array(
    Type.Object({
      label: Type.String(),
      count: Type.Integer(),
      pct_of_total: Type.Number({ description: 'count / calls of the window whose field is non-null (0–1)' }),
    }),
  ),
});

export const ArrivalsOut = Windowed({
  granularity: Type.Literal('15min'),
  buckets: Type.Array(Type.Object({ bucket_start_utc: Type.String({ description: 'RFC 3339 UTC' }), count: Type.Integer() }), {
    description: 'One per 15-minute UTC bucket, oldest first, zeros included',
  }),
});

/** A histogram's answer: all its buckets, each with its edges (the last one open) and count. */
const HistogramOut = <T extends TProperties>(bucket: T) => Windowed({ buckets: Type.Array(Type.Object(bucket)) });
const OPEN_LAST = 'Exclusive; null for the open last bucket';

export const DurationHistogramOut = HistogramOut({
  label: Type.String({ description: 'Whole seconds held: "0–14s", "15–29s", "30–59s", "1m–1m59s", …, "30m+"' }),
  min_sec: Type.Integer({ description: 'Inclusive' }),
  max_sec: Type.Union([Type.Integer(), Type.Null()], { description: OPEN_LAST }),
  count: Type.Integer(),
});

export const AskHistogramOut = HistogramOut({
  label: Type.String({ description: '"$0–$99", "$100–$499", …, "$10,000+" ("$0–$99" holds every ask below $100)' }),
  min: Type.Number({ description: 'Inclusive, dollars' }),
  max: Type.Union([Type.Number(), Type.Null()], { description: OPEN_LAST }),
  count: Type.Integer({ description: 'Individual asks (elements of dollar_asks)' }),
});

const Judged = (what: string) =>
  Type.Union([Type.Boolean(), Type.Null()], {
    description: `${what}; null when the value is absent or cannot be judged`,
  });

/** Checksums of a call's indicators (routing-number and wallet checks, src/domain/indicators), beside the values themselves. */
export const ValidityOut = Type.Object(
  {
    mule_bank_routing_number: Judged(
      'true when the routing number is 9 digits (spaces and hyphens ignored) with an assigned prefix (00–12, 21–32, ' +
        '61–72, 80) and a valid ABA 3-7-1 checksum, false otherwise',
    ),
    crypto_wallet_address: Judged(
      'true when the address is well-formed for its chain with a valid checksum: Bitcoin mainnet base58check ' +
        '(P2PKH, P2SH) or bech32 (segwit v0, BIP-173) / bech32m (v1+, BIP-350); Ethereum 0x + 40 hex (all lower- or ' +
        'upper-case, or mixed case matching EIP-55); TRON base58check with version 0x41. The chain is crypto_chain ' +
        '(bitcoin/btc, ethereum/eth/erc20/usdt-erc20, tron/trx/trc20/usdt-trc20, case-insensitive) or, when it names ' +
        'none of these, the chain the address looks like; null when neither tells (e.g. a Monero address)',
    ),
  },
  {
    $id: 'Validity',
    description: 'Whether the indicators pass their checksums (a hint for fraud teams: a false value is likely mistyped or made up)',
  },
);

const Tier1RowOut = Type.Object({
  call_sid: Type.String(),
  call_started_at: Type.String({ description: 'RFC 3339 UTC' }),
  auditor_confidence: Type.Union([Type.Number(), Type.Null()]),
  mule_bank_name: StrOrNull,
  mule_bank_routing_number: StrOrNull,
  mule_bank_account_number: StrOrNull,
  mule_account_holder_name: StrOrNull,
  crypto_wallet_address: StrOrNull,
  crypto_chain: StrOrNull,
  gift_card_brand: StrOrNull,
  physical_mule_drop_address: StrOrNull,
  validity: ValidityOut,
});

export const Tier1Out = Windowed({
  total: Type.Integer({ description: 'All tier-1 calls of the window (not cut by limit)' }),
  items: Type.Array(Tier1RowOut, {
    description:
      'In the order of sort (default newest started_at first); ties by call_started_at descending, then call_sid in code-point order',
  }),
  next_cursor: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as cursor (with the same window and sort) for the next page; null on the last page',
  }),
});

export const AttackerGeoOut = Windowed({
  items: Type.Array(
    Type.Object({
      state: Type.String({ description: 'Two-letter US state, DC or territory code' }),
      count: Type.Integer(),
      area_codes: Type.Array(Type.String(), { description: 'Distinct area codes seen, ascending' }),
    }),
    { description: 'Count descending, then state ascending' },
  ),
});

export const DisconnectBreakdownOut = Windowed({
  caller_hung_up_normal: Type.Integer(),
  websocket_issue_our_side: Type.Integer(),
  voice_engine_issue: Type.Integer(),
  ai_session_capped: Type.Integer(),
});

export const ActiveCallsOut = Type.Object({
  active_count: Type.Integer(),
  calls: Type.Array(
    Type.Object({
      call_sid: Type.String(),
      persona: Type.String(),
      caller_id: Type.String(),
      impersonated_brand: StrOrNull,
      lure_category: StrOrNull,
      state: Type.String({ description: 'e.g. "Extracting"' }),
      started_at: Type.String({ description: 'RFC 3339 UTC' }),
      last_heartbeat: Type.String({ description: 'RFC 3339 UTC, server time' }),
    }),
    { description: 'Oldest started_at first' },
  ),
});
