// Response shapes of the public API, taken from web/generated/api.ts (generated from the server's
// OpenAPI document by `npm run types:web`), so a schema change on the server shows up here as
// a type error. Only what the UI adds or loosens is written by hand.

import type { operations } from '../../generated/api';

/** The JSON body of an operation's response (by operationId and status). */
type Json<Op extends keyof operations, Status extends number = 200> = operations[Op]['responses'] extends {
  [S in Status]: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

type ItemOf<T extends { items: unknown[] }> = T['items'][number];

export type Summary = Json<'getSummary'>;
export type RangeObj = Summary['range'];
export type Timeseries = Json<'getTimeseries'>;
export type TopN = Json<'getTopN'>;
export type Arrivals = Json<'getArrivals'>;
export type DurationHistogram = Json<'getDurationHistogram'>;
export type AskHistogram = Json<'getAskHistogram'>;
/** The Tier-1 panel still reads a server from before paging, which sent no next_cursor. */
export type Tier1Table = Omit<Json<'getTier1'>, 'next_cursor'> & { next_cursor?: string | null };
export type Tier1Row = ItemOf<Tier1Table>;
export type Geo = Json<'getAttackerGeo'>;
export type GeoItem = ItemOf<Geo>;
/** The panel also reads the reasons by name. */
export type DisconnectBreakdown = Json<'getDisconnectBreakdown'> & Record<string, number>;
export type ActiveCalls = Json<'getActiveCalls'>;

export type CallList = Json<'listCalls'>;
export type CampaignList = Json<'listCampaigns'>;
export type CampaignDetail = Json<'getCampaign'>;
/** The call page reads intel fields by name. */
export type Extraction = NonNullable<Json<'getCall'>['extraction']> & Record<string, unknown>;
export type CallDetail = Omit<Json<'getCall'>, 'extraction'> & { extraction: Extraction | null };
export type TranscriptTurn = CallDetail['transcript'][number];
export type Snippet = NonNullable<ItemOf<CallList>['snippet']>;

/** A saved search's filters as the call filters of the page read them (by name). */
export type SavedFilters = Record<string, unknown>;
export type SavedSearch = ItemOf<Json<'listSavedSearches'>>;

export type AgentAnswer = Json<'askAgent'>;
export type ToolCall = AgentAnswer['tool_calls'][number];
/** `ref` holds {tool} for a metric and {call_sid} for a transcript (the schema says only "an object"). */
export type Source = Omit<AgentAnswer['sources'][number], 'ref'> & { ref: { call_sid?: string; tool?: string } };

export type WebhookEventType = ItemOf<Json<'listWebhookEvents'>>;
/** A listed subscription; the one just created also carries its signing secret. */
export type Subscription = ItemOf<Json<'listSubscriptions'>> & Partial<Json<'createSubscription', 201>>;
export type Delivery = ItemOf<Json<'listDeliveries'>>;

export type AlertCatalog = Json<'getAlertCatalog'>;
export type MetricUnit = AlertCatalog['metrics'][number]['unit'];
/** A listed rule; the one just created also carries its signing secret. */
export type AlertRule = ItemOf<Json<'listAlertRules'>> & Partial<Json<'createAlertRule', 201>>;
export type AlertPreview = Json<'previewAlertMetric'>;
export type Firing = ItemOf<Json<'listAlertFirings'>>;

export interface Items<T> {
  items: T[];
}

/** GET /api/me: who is signed in, and the plan, in one answer. */
export type Me = Json<'getMe'>;
export type KeyScope = NonNullable<Me['key']['scope']>;
