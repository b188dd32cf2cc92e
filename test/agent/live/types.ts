/** Case format of the live agent eval: questions as analysts type them, with the truth
 *  computed from the API endpoints at run time. Shared by harness.ts, tuning.ts and heldout.ts. */

export type LiveClass =
  | 'false-zero'
  | 'qualifiers'
  | 'comparisons'
  | 'time'
  | 'typos'
  | 'intents'
  | 'answers'
  | 'general'
  | 'follow-ups'
  | 'scoped'
  | 'declines'
  | 'safety'
  | 'chat';

export interface LiveApi {
  /** GET with the case's key; returns the JSON body (throws on non-2xx). */
  get(path: string): Promise<any>;
  now: Date; // the fixed clock
}

export interface Truth {
  /** Figures that must appear in the answer. kind picks the tolerant matcher:
   *  'count' integers (1,234 or 1234), 'pct' a fraction 0–1 shown as % (±0.1 pt),
   *  'usd' dollars ($1,234.50, $1.6M → ±0.5% when abbreviated), 'sec' seconds (or minutes/hours
   *  equivalents within rounding), 'num' any number ±0.5%. */
  figures?: Array<{ value: number; kind: 'count' | 'pct' | 'usd' | 'sec' | 'num'; label?: string }>;
  /** Strings that must appear (case-insensitive), e.g. labels of a top-N. */
  contains?: string[];
  /** Strings that must NOT appear (case-insensitive). */
  absent?: string[];
  /** Tool names that must be called (any order), and args that must be present (subset). */
  tools?: Array<[string, Record<string, unknown>?]>;
  /** call_sids that must be among referenced_call_sids (and get transcript sources). */
  sids?: string[];
  /** The question names a value unknown to the org's data: the answer must say so
   *  (e.g. "no brand named X") and must not give a count of 0 for it. */
  unknownValue?: string;
  /** An honest decline: no tool call, one `none` source. */
  decline?: boolean;
  /** The answer must not claim zero / none / "no calls" (false-zero check); set
   *  automatically when any expected count figure is > 0. */
  nonZero?: boolean;
  /** Readings of an ambiguous question ("last week": the calendar week or the last 7 days):
   *  besides every item above, at least one of these alternatives must hold in full. */
  oneOf?: Truth[];
}

export interface LiveCase {
  id: string; // unique, kebab-case
  cls: LiveClass;
  question: string; // as people type it: typos, lower case, shorthand allowed
  key?: 'org' | 'scoped'; // default 'org'
  session?: string; // cases with the same session name are one conversation, in file order
  truth: (api: LiveApi) => Promise<Truth>;
}
