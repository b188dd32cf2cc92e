// Realistic synthetic honeypot calls in the CONTRACT §5 ingest shape, streamed so that a
// million calls need no more memory than ten. Arrivals follow US Eastern business hours and
// a weekday rhythm; what each call reveals follows its lure (lures.ts); every extracted
// value is also spoken by the caller in the transcript.

import { DAY_MS } from '../domain/window.js';
import { arrivalSlots, rfc3339 } from './arrivals.js';
import { CallFactory } from './calls.js';
import { PERSONAS } from './catalog.js';
import { callSid, usNumber10 } from './identifiers.js';
import { LURES } from './lures.js';
import { Rng, WeightedTable } from './random.js';
import type { IngestCallJson } from './records.js';

export type { IngestCallJson } from './records.js';

export interface DemoOptions {
  days: number;
  callsPerDay: number;
  /** Every call starts strictly before this instant. */
  end: Date;
  seed?: number;
  /** Default true; false omits `transcript` (much faster, same other fields). */
  transcripts?: boolean;
  /**
   * Default false: identifiers rotate through shared pools (the records pinned by the tests).
   * True: crews work the span with identifiers of their own and lone callers have theirs
   * (crews.ts), so the data shows campaigns; the demo org is seeded this way.
   */
  crews?: boolean;
}

const DEFAULT_SEED = 20261120;

/**
 * Streams about `days × callsPerDay` calls (exactly that many, rounded) over
 * [end − days, end), sorted by `started_at`. Deterministic for a seed; the records are
 * identical with and without transcripts except for `transcript` itself.
 */
export function* generateCalls(opts: DemoOptions): Generator<IngestCallJson> {
  const { days, callsPerDay, end } = opts;
  if (!(Number.isFinite(days) && days > 0)) throw new RangeError('days must be a positive number');
  if (!(Number.isFinite(callsPerDay) && callsPerDay >= 0)) throw new RangeError('callsPerDay must be >= 0');
  const endMs = end instanceof Date ? end.getTime() : Number.NaN;
  if (!Number.isFinite(endMs)) throw new RangeError('end must be a valid Date');
  const seed = opts.seed ?? DEFAULT_SEED;

  // Whole seconds s with start <= s and s < end.
  const startSec = Math.ceil((endMs - days * DAY_MS) / 1000);
  const endSec = Math.ceil(endMs / 1000);
  const total = Math.round(days * callsPerDay);
  if (total <= 0 || endSec <= startSec) return;

  let totalWeight = 0;
  for (const slot of arrivalSlots(startSec, endSec, seed)) totalWeight += slot.weight;

  const factory = new CallFactory(seed, opts.transcripts ?? true, opts.crews ? { startSec, endSec } : undefined);
  const times = Rng.derive(seed, 'arrivals.times');
  let expected = 0;
  let emitted = 0;
  for (const slot of arrivalSlots(startSec, endSec, seed)) {
    // Cumulative rounding: every slot gets its share and the total comes out exact.
    expected += (total * slot.weight) / totalWeight;
    const n = Math.round(expected) - emitted;
    emitted += n;
    const span = slot.endSec - slot.startSec;
    // Sorted uniform order statistics, one at a time: no per-slot array.
    let x = 0;
    for (let i = 0; i < n; i++) {
      x += (1 - x) * (1 - Math.pow(times.next(), 1 / (n - i)));
      yield factory.make(slot.startSec + Math.min(span - 1, Math.floor(x * span)));
    }
  }
}

// ---------------------------------------------------------------- live sessions

export const SESSION_STATES = ['Greeting', 'Engaging', 'Stalling', 'Extracting', 'Wrapping_up'] as const;
type SessionState = (typeof SESSION_STATES)[number];

/** Body of `PUT /api/ingest/sessions/{call_sid}` plus the sid itself. */
export interface DemoSession {
  call_sid: string;
  persona: string;
  caller_id: string;
  impersonated_brand: string | null;
  lure_category: string | null;
  state: SessionState;
  started_at: string;
}

const EARLY_STATES = new WeightedTable<SessionState>([
  ['Engaging', 60],
  ['Stalling', 30],
  ['Greeting', 10],
]);
const LATE_STATES = new WeightedTable<SessionState>([
  ['Stalling', 35],
  ['Extracting', 35],
  ['Engaging', 15],
  ['Wrapping_up', 15],
]);

/**
 * Calls in progress at `now`, started within the last 20 minutes, oldest first. Who is on
 * the line (sid, persona, caller, lure, state) depends only on `seed`, so calling again
 * with the same seed refreshes the same sessions; `started_at` is relative to `now`.
 */
export function generateLiveSessions(now: Date, count: number, seed: number = DEFAULT_SEED): DemoSession[] {
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid Date');
  if (!(Number.isInteger(count) && count >= 0)) throw new RangeError('count must be a whole number >= 0');
  const r = Rng.derive(seed, 'live');
  const lures = new WeightedTable(LURES.map((l) => [l, l.weight] as const));
  const personas = new WeightedTable(PERSONAS.map((p) => [p, p.weight] as const));
  const nowSec = Math.floor(nowMs / 1000);
  const sessions: (DemoSession & { age: number })[] = [];
  for (let i = 0; i < count; i++) {
    const age = r.int(5, 1195);
    const state: SessionState = age < 45 ? 'Greeting' : age < 180 ? EARLY_STATES.pick(r) : LATE_STATES.pick(r);
    const lure = lures.pick(r);
    const known = state !== 'Greeting' || r.chance(0.3);
    sessions.push({
      age,
      call_sid: callSid(r),
      persona: personas.pick(r).id,
      caller_id: '+1' + usNumber10(r),
      impersonated_brand: known && lure.brands.length ? r.weighted(lure.brands) : null,
      lure_category: known ? lure.category : null,
      state,
      started_at: rfc3339(nowSec - age),
    });
  }
  sessions.sort((a, b) => b.age - a.age || (a.call_sid < b.call_sid ? -1 : 1));
  return sessions.map(({ age: _age, ...s }) => s);
}
