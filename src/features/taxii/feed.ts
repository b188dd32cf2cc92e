// The collection as a sequence, page by page. A collection's content is derived from the
// calls, not stored: the objects each tier-1 call contributes (intel/stix), in the order the
// calls were added — (ingested_at, call_sid). date_added of an object is its call's ingested_at.
// A page holds at most `limit` objects; `next` names the call and how many of its objects (in
// the builder's fixed order for that call) were passed, so a page may end inside a call.
//
// Each (id, version) is in the collection once: an object several calls share (an account, a
// brand, an indicator) is placed with the last call that revealed it, and its version is that
// call's ingest (intel/stix/objects.ts), so when a later call takes it over, it comes again as
// a new version. Everything an object refers to is placed with the same call or a later one,
// so a poll from any added_after holds what its objects refer to. Our identity, the extension
// definition and the TLP marking definition open every poll (the first page of each walk,
// placed with its first call): every poll refers to them.
//
// Calls are served once they are SETTLE_MS old: an ingest takes its timestamp before it
// commits, so a call can become visible with a date_added a little in the past; a poller that
// had already read past it would never see it.

import type { Principal } from '../../domain/principal.js';
import {
  staticObjects,
  staticVersion,
  stixInputsOf,
  stixItemsForCall,
  type AddedAt,
  type Marking,
  type StixObject,
} from '../../intel/stix/index.js';
import type { Db, Row } from '../../storage/db.js';
import { num } from '../../storage/db.js';
import { stixCallRowOf, valueHistoriesOf } from '../../storage/queries/stixInputs.js';
import { addedCalls, type AddedPosition } from '../../storage/queries/taxii.js';
import type { Cursor } from './cursor.js';

export const SETTLE_MS = 5000;
/** Calls read per request at most: a filter that matches little answers a short page with `next`. */
const SCAN_CALLS = 2000;

export interface Filters {
  types: Set<string> | null;
  ids: Set<string> | null;
  specVersions: Set<string> | null;
  /** Exact versions (epoch ms); null: every version (each object has one at a time). */
  versions: Set<number> | null;
}

export const NO_FILTERS: Filters = { types: null, ids: null, specVersions: null, versions: null };

export interface Item {
  object: StixObject;
  /** Epoch ms. */
  dateAdded: number;
  version: string;
}

export interface Page {
  items: Item[];
  more: boolean;
  next: Cursor | null;
}

export interface PageRequest {
  db: Db;
  principal: Principal;
  /** The org's TLP marking. */
  marking: Marking;
  addedAfter: number | null;
  limit: number;
  start: Cursor | null;
  filters: Filters;
  /** Epoch ms, the server's clock. */
  now: number;
  /** Calls read at most (default SCAN_CALLS). */
  scanCalls?: number;
}

function matches(f: Filters, o: StixObject, version: string): boolean {
  if (f.types && !f.types.has(o.type)) return false;
  if (f.ids && !f.ids.has(o.id)) return false;
  if (f.specVersions && !f.specVersions.has(typeof o.spec_version === 'string' ? o.spec_version : '2.0')) return false;
  if (f.versions && !f.versions.has(Date.parse(version))) return false;
  return true;
}

/** An object as a unit holds it: `owned` false when another call carries it in the collection. */
interface UnitItem {
  object: StixObject;
  version: string;
  owned: boolean;
}

interface Unit {
  position: AddedPosition;
  items: UnitItem[];
  /** Objects to pass at the start (a page that ended inside this unit). */
  skip: number;
  /** The call the request's `next` named: not counted against the scan bound (the page would not move on). */
  resumed: boolean;
}

const filtered = (f: Filters) => f.types !== null || f.ids !== null || f.specVersions !== null || f.versions !== null;
/** Calls read per query: about what `limit` objects take (a call gives a dozen or so), more when a filter drops most. */
const chunkSize = (r: PageRequest) => (filtered(r.filters) ? 200 : Math.min(200, Math.max(20, Math.ceil(r.limit / 4))));
const isAt = (a: AddedAt, p: AddedPosition) => a.ingestedAt === p.ingestedAt && a.callSid === p.callSid;

/** The units from `start` on: the static objects at the start of a walk, then one per call. */
async function* units(r: PageRequest, before: number): AsyncGenerator<Unit> {
  const { db, principal, start } = r;
  let from: AddedPosition | null = start ? { ingestedAt: start.ingestedAt, callSid: start.callSid } : null;
  const size = chunkSize(r);
  let rows: Row[] = await addedCalls(db, principal, { from, addedAfter: r.addedAfter, before }, size);
  if (rows.length === 0) return;
  if (start === null || start.callSid === '') {
    const resumed = start?.callSid === '';
    yield {
      position: { ingestedAt: num(rows[0].ingested_at), callSid: '' },
      items: staticObjects(r.marking).map((object) => ({ object, version: staticVersion(object), owned: true })),
      skip: resumed ? start.skip : 0,
      resumed,
    };
  }
  for (;;) {
    const calls = rows.map(stixCallRowOf);
    const histories = await valueHistoriesOf(db, principal, calls, before);
    for (const input of stixInputsOf(calls, histories, r.marking)) {
      const position = { ingestedAt: input.ingested_at_ms, callSid: input.call_sid };
      const resumes = start !== null && isAt(start, position);
      const items = stixItemsForCall(input).map((i) => ({ object: i.object, version: i.version, owned: isAt(i.owner, position) }));
      yield { position, items, skip: resumes ? start.skip : 0, resumed: resumes };
    }
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    // Strictly after the last call read: from its position with its sid's successor is not
    // expressible, so read from it again and drop it.
    from = { ingestedAt: num(last.ingested_at), callSid: String(last.call_sid) };
    rows = (await addedCalls(db, principal, { from, addedAfter: r.addedAfter, before }, size + 1)).filter(
      (row) => !(num(row.ingested_at) === from!.ingestedAt && String(row.call_sid) === from!.callSid),
    );
    if (rows.length === 0) return;
  }
}

/**
 * One page: up to `limit` objects matching the filters, each (id, version) once. `more` is
 * true when another matching object follows, or when SCAN_CALLS calls were read without
 * reaching the end (the page may then be short, even empty).
 */
export async function readPage(r: PageRequest): Promise<Page> {
  const before = r.now - SETTLE_MS;
  const items: Item[] = [];
  let scanned = 0;
  const scanCalls = r.scanCalls ?? SCAN_CALLS;
  for await (const unit of units(r, before)) {
    for (let i = unit.skip; i < unit.items.length; i++) {
      const { object, version, owned } = unit.items[i];
      if (!owned || !matches(r.filters, object, version)) continue;
      if (items.length === r.limit) return { items, more: true, next: { ...unit.position, skip: i } };
      items.push({ object, dateAdded: unit.position.ingestedAt, version });
    }
    if (unit.position.callSid !== '' && !unit.resumed && ++scanned >= scanCalls) {
      return { items, more: true, next: { ...unit.position, skip: unit.items.length } };
    }
  }
  return { items, more: false, next: null };
}
