import { Type } from '@sinclair/typebox';
import { CALL_SID_PATTERN, DISCONNECT_REASONS, INTEL_FIELDS, SPEAKERS } from '../../domain/call.js';
import { LiteralUnion } from '../../domain/enumSchemas.js';
import { CallFilterFields } from '../../domain/callFilters.js';
import { StringEnum } from '../../domain/enumSchemas.js';
import { SNIPPET_MAX } from '../../domain/snippet.js';
import { CALL_SORT_NAMES, DEFAULT_CALL_SORT } from '../../storage/queries/calls.js';
import { RangeObject, ValidityOut } from '../kpis/schemas.js';
import { MAX_CURSOR_LENGTH } from './cursor.js';
import { CAMPAIGN_ID_PATTERN } from '../../domain/campaigns/ids.js';

const StrOrNull = Type.Union([Type.String(), Type.Null()]);
const NumOrNull = Type.Union([Type.Number(), Type.Null()]);
export const SAVED_SEARCH_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

export const CallsQuery = Type.Object({
  ...CallFilterFields,
  saved_search_id: Type.Optional(
    Type.String({
      pattern: SAVED_SEARCH_ID_PATTERN,
      description:
        "Run this saved search's filters (404 when the org has no such id or, for a scoped key, when it was created " +
        'with another scope). Filters given alongside override the saved ' +
        'filter of the same name; range/start/end override the saved window as a group. Results are always limited to ' +
        "the caller's slice and to the scope the saved search was written with.",
    }),
  ),
  campaign_id: Type.Optional(
    Type.String({
      pattern: CAMPAIGN_ID_PATTERN,
      description:
        'Only the calls of this campaign (GET /api/campaigns), computed from the same window in the caller’s slice: pass the ' +
        'window the campaign was listed with. 404 when the window has no such campaign; pro tier (403 tier_required).',
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1–200 (default 50)' }),
  sort: StringEnum(CALL_SORT_NAMES, {
    default: DEFAULT_CALL_SORT,
    description:
      'Order: started_at, duration_sec or auditor_confidence, ascending, or descending with a "-" prefix ' +
      '(default -started_at, newest first). Nulls last in both directions; ties by started_at descending, then ' +
      'call_sid ascending (code point).',
  }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_CURSOR_LENGTH,
      description:
        'Opaque: next_cursor of the previous page, with the same filters and sort. A malformed cursor, or one issued ' +
        'for another sort, is 400.',
    }),
  ),
});

export const CallParams = Type.Object({
  call_sid: Type.String({ pattern: CALL_SID_PATTERN, description: 'The call_sid given at ingest' }),
});

const summaryFields = {
  call_sid: Type.String(),
  started_at: Type.String({ description: 'RFC 3339 UTC' }),
  duration_sec: Type.Integer(),
  caller_id: StrOrNull,
  caller_state: Type.Union([Type.String(), Type.Null()], {
    description: "Two-letter US state/territory of the caller ID's area code; null when not a US geographic number",
  }),
  persona: StrOrNull,
  disconnect_reason: Type.Union([...DISCONNECT_REASONS.map((r) => Type.Literal(r)), Type.Null()]),
  cleanly_closed: Type.Union([Type.Boolean(), Type.Null()]),
  tier: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Null()], {
    description: 'Intel tier (1 highest); null when the call carries no tiered intel',
  }),
  hooked: Type.Boolean({ description: 'duration ≥ 15 s and at least one intel field' }),
  has_intel: Type.Boolean({ description: 'At least one of the 16 intel fields is non-null' }),
  auditor_confidence: NumOrNull,
  impersonated_brand: StrOrNull,
  lure_category: StrOrNull,
  payment_method: StrOrNull,
  total_dollars_asked: Type.Number({ description: 'Sum of dollar_asks (0 when none)' }),
  dollars_dangled: NumOrNull,
};

const TurnOut = Type.Object({
  speaker: LiteralUnion(SPEAKERS),
  text: Type.String(),
  offset_sec: Type.Optional(Type.Number({ description: 'Seconds from the start of the call, when known' })),
});

const ExtractionOut = Type.Object(
  {
    auditor_confidence: NumOrNull,
    ...Object.fromEntries(INTEL_FIELDS.map((f) => [f, StrOrNull])),
    dollar_asks: Type.Array(Type.Number(), { description: 'Every amount the caller asked for, in order ([] when none)' }),
    dollars_dangled: NumOrNull,
    validity: ValidityOut,
  },
  {
    description:
      'What the auditor extracted from the call: the 16 intel fields, confidence and dollar figures, and whether the ' +
      'routing number and wallet address pass their checksums',
  },
);

export const CallDetailOut = Type.Object(
  {
    ...summaryFields,
    caller_area_code: Type.Union([Type.String(), Type.Null()], { description: 'Area code counted for geography' }),
    transcript: Type.Array(TurnOut, { description: 'Turns in order ([] when none was ingested or it was removed by policy)' }),
    transcript_removed_at: Type.Union([Type.String(), Type.Null()], {
      description:
        "When the org's retention policy removed the transcript (docs/retention.md); null while it is kept or when none was ingested",
    }),
    transcript_removed_reason: Type.Union([Type.Literal('retention_policy'), Type.Null()], {
      description: 'Why the transcript was removed: retention_policy (transcripts_days); null when it was not',
    }),
    extraction: Type.Union([ExtractionOut, Type.Null()], { description: 'null when the call had no extraction' }),
  },
  { description: 'The whole call' },
);

const SnippetOut = Type.Object(
  {
    speaker: LiteralUnion(SPEAKERS),
    text: Type.String({ description: `At most ${SNIPPET_MAX} characters of the turn, "…" where it was cut` }),
    match_start: Type.Integer({ description: 'Offset of the match in text (UTF-16 code units, as JavaScript strings)' }),
    match_length: Type.Integer({ description: 'Length of the match in text (cut short when it does not fit)' }),
  },
  { description: 'The first transcript turn containing q (case-insensitive), around the match' },
);

const CallListItemOut = Type.Object(
  {
    ...summaryFields,
    snippet: Type.Union([SnippetOut, Type.Null()], {
      description: 'With q: where the first turn matches; null without q (or when q only matches across two turns)',
    }),
  },
  { description: 'A call as a list row' },
);

export const CallListOut = Type.Object({
  range: RangeObject,
  total: Type.Integer({ description: 'Calls matching the filters in the window, on all pages' }),
  items: Type.Array(CallListItemOut, { description: 'In the order of sort (default newest started_at first)' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last page' }),
});
