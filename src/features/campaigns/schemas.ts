import { Type } from '@sinclair/typebox';
import { CAMPAIGN_ID_PATTERN } from '../../domain/campaigns/ids.js';
import { STRONG_KINDS } from '../../domain/campaigns/identifiers.js';
import { StringEnum } from '../../domain/enumSchemas.js';
import { CAMPAIGN_SORTS } from '../../storage/campaigns/campaigns.js';
import { RangeObject } from '../kpis/schemas.js';
import { WindowQuery } from '../kpis/window.js';

const MAX_CAMPAIGN_CURSOR = 200;

const windowDoc =
  'Campaigns are computed from the calls of the window (default 7d) in the caller’s slice: ask for a campaign, and for ' +
  'its calls, with the same window.';

export const CampaignListQuery = Type.Object({
  ...WindowQuery.properties,
  sort: StringEnum(CAMPAIGN_SORTS, {
    default: 'calls',
    description:
      'Order, largest first: calls, dollars_asked (total_dollars_asked), last_seen or growth; ties by id ascending. Default calls.',
  }),
  min_calls: Type.Integer({
    minimum: 2,
    maximum: 100_000,
    default: 3,
    description: 'Only campaigns with at least this many calls in the window (2–100,000, default 3)',
  }),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'Page size, 1–200 (default 50)' }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_CAMPAIGN_CURSOR,
      description:
        'Opaque: next_cursor of the previous page, with the same window, sort and min_calls. A malformed cursor, or one of another sort, is 400.',
    }),
  ),
});

export const CampaignDetailQuery = Type.Object({ ...WindowQuery.properties });

export const CampaignParams = Type.Object({
  id: Type.String({ pattern: CAMPAIGN_ID_PATTERN, description: 'A campaign id from GET /api/campaigns (cmp_ and 16 hex digits)' }),
});

const Ranked = (what: string) =>
  Type.Array(Type.String(), { description: `Distinct ${what} of its calls, most calls first (ties by code point)` });

const IdentifierCount = Type.Object({ value: Type.String(), calls: Type.Integer({ description: 'Its calls carrying this value' }) });

const campaignFields = {
  id: Type.String({
    description:
      'Stable: cmp_ and the first 16 hex digits of SHA-256 over the earliest identifier that joins it (the first, in kind then ' +
      'code-point order, of the link keys of its earliest call), so the same calls give the same id after any rebuild.',
  }),
  calls: Type.Integer({ description: 'Its calls in the window' }),
  first_seen: Type.String({ description: 'started_at of its earliest call in the window (RFC 3339 UTC)' }),
  last_seen: Type.String({ description: 'started_at of its latest call in the window (RFC 3339 UTC)' }),
  brands: Ranked('impersonated brands'),
  lures: Ranked('lure categories'),
  payment_methods: Ranked('payment methods'),
  states: Ranked('caller states'),
  total_dollars_asked: Type.Number({ description: 'Sum of every dollar ask of its calls' }),
  identifiers: Type.Object(Object.fromEntries(STRONG_KINDS.map((k) => [k, Type.Array(IdentifierCount)])), {
    description:
      'Its strong identifiers by kind (normalised values, docs/campaigns.md), each with the number of its calls carrying it; most ' +
      'calls first, at most 20 per kind.',
  }),
  growth: Type.Integer({
    description: 'calls − previous_calls: how much the operation grew against the previous period of the same length',
  }),
  previous_calls: Type.Integer({
    description: 'Calls of the previous period (in the slice) carrying one of the identifiers that join this campaign',
  }),
};

const CampaignOut = Type.Object(campaignFields, { $id: 'Campaign' });

export const CampaignListOut = Type.Object({
  range: RangeObject,
  items: Type.Array(CampaignOut),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last' }),
});

export const CampaignDetailOut = Type.Object({
  range: RangeObject,
  ...campaignFields,
  timeline: Type.Array(Type.Object({ day: Type.String({ description: 'UTC day start, RFC 3339' }), calls: Type.Integer() }), {
    description: 'Its calls per UTC day of the window, zero-filled',
  }),
  links: Type.Array(
    Type.Object({
      kind: Type.String({ description: 'A strong kind, or two weak kinds joined by + (both agreed)' }),
      value: Type.String({ description: 'The identifier (for two weak kinds, both values joined by " & ")' }),
      calls: Type.Integer({ description: 'Its calls joined by this identifier' }),
      call_sids: Type.Array(Type.String(), { description: 'Those calls, earliest first, at most 100' }),
    }),
    { description: 'The identifiers that join its calls (each shared by two or more of them), strong kinds first; at most 200' },
  ),
  related: Type.Array(
    Type.Object({
      kind: Type.String({ description: 'agent (synthetic org | fake agent name), caller_id or script (a MinHash band)' }),
      value: Type.String(),
      campaign_calls: Type.Integer({ description: 'Its calls with this signal' }),
      other_calls: Type.Integer({ description: 'Calls of the window outside it with this signal' }),
      other_campaigns: Type.Array(Type.String(), { description: 'Campaigns those calls belong to (at most 20)' }),
    }),
    {
      description:
        'Weak signals it shares with calls outside it: one weak signal alone never links (two must agree), so these are leads, ' +
        'not members. At most 50, most calls first.',
    },
  ),
});

export const CAMPAIGN_WINDOW_DOC = windowDoc;
