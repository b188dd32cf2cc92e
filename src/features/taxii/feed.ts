// The collection as a sequence, page by page. A collection's content is derived from the
// calls, not stored: the objects each tier-1 call contributes (intel/stix), in the order the
// calls were added — (ingested_at, call_sid) — after the static objects (our identity and the
// extension definition), which are placed with the first call. date_added of an object is its
// call's ingested_at. A page holds at most `limit` objects; `next` names the call and how many
// of its objects were passed, so a page may end inside a call.
//
// An object several calls share (an account, a brand) comes with each of them; within one
// response it is sent once. Each object has one version at a time (per-call objects take their
// call's ingest, indicators the value's first sighting, SCOs and static objects a fixed one).
//
// Calls are served once they are SETTLE_MS old: an ingest takes its timestamp before it
// commits, so a call can become visible with a date_added a little in the past; a poller that
// had already read past it would never see it.

import type { Principal } from '../../domain/principal.js';
import { staticObjects, stixObjectsForCall, STATIC_CREATED, type StixObject } from '../../intel/stix/index.js';
import type { Db, Row } from '../../storage/db.js';
import { num } from '../../storage/db.js';
import { stixInputsOf } from '../../storage/queries/stixInputs.js';
import { addedAtOrBefore, addedCalls, type AddedPosition } from '../../storage/queries/taxii.js';
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
  addedAfter: number | null;
  limit: number;
  start: Cursor | null;
  filters: Filters;
  /** Epoch ms, the server's clock. */
  now: number;
  /** Calls read at most (default SCAN_CALLS). */
  scanCalls?: number;
}

/** TAXII version of an object: its `modified`, else `created`, else the fixed instant of unversioned objects. */
function versionOf(o: StixObject): string {
  const v = o.modified ?? o.created;
  return typeof v === 'string' ? v : STATIC_CREATED;
}

function matches(f: Filters, o: StixObject, version: string): boolean {
  if (f.types && !f.types.has(o.type)) return false;
  if (f.ids && !f.ids.has(o.id)) return false;
  if (f.specVersions && !f.specVersions.has(typeof o.spec_version === 'string' ? o.spec_version : '2.0')) return false;
  if (f.versions && !f.versions.has(Date.parse(version))) return false;
  return true;
}

interface Unit {
  position: AddedPosition;
  objects: StixObject[];
  /** Objects to pass at the start (a page that ended inside this unit). */
  skip: number;
  /** The call the request's `next` named: not counted against the scan bound (the page would not move on). */
  resumed: boolean;
}

const filtered = (f: Filters) => f.types !== null || f.ids !== null || f.specVersions !== null || f.versions !== null;
/** Calls read per query: about what `limit` objects take (a call gives a dozen or so), more when a filter drops most. */
const chunkSize = (r: PageRequest) => (filtered(r.filters) ? 200 : Math.min(200, Math.max(20, Math.ceil(r.limit / 4))));

/** The units from `start` on: the static objects when they are in range, then one per call. */
async function* units(r: PageRequest, before: number): AsyncGenerator<Unit> {
  const { db, principal, start } = r;
  let from: AddedPosition | null = start ? { ingestedAt: start.ingestedAt, callSid: start.callSid } : null;
  const size = chunkSize(r);
  let rows: Row[] = await addedCalls(db, principal, { from, addedAfter: r.addedAfter, before }, size);
  if (rows.length === 0) return;
  // The static objects come with the first call of the collection: in range when that call is.
  const staticInRange =
    (start === null || start.callSid === '') && (r.addedAfter === null || !(await addedAtOrBefore(db, principal, r.addedAfter, before)));
  if (staticInRange) {
    const ia = num(rows[0].ingested_at);
    const resumed = start?.callSid === '';
    yield { position: { ingestedAt: ia, callSid: '' }, objects: staticObjects(), skip: resumed ? start.skip : 0, resumed };
  }
  for (;;) {
    const inputs = await stixInputsOf(db, principal, rows);
    for (const input of inputs) {
      const position = { ingestedAt: input.ingested_at_ms, callSid: input.call_sid };
      const resumes = start !== null && start.ingestedAt === position.ingestedAt && start.callSid === position.callSid;
      yield { position, objects: stixObjectsForCall(input), skip: resumes ? start.skip : 0, resumed: resumes };
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
  const seen = new Set<string>();
  let scanned = 0;
  const scanCalls = r.scanCalls ?? SCAN_CALLS;
  for await (const unit of units(r, before)) {
    for (let i = unit.skip; i < unit.objects.length; i++) {
      const object = unit.objects[i];
      const version = versionOf(object);
      if (!matches(r.filters, object, version)) continue;
      const key = `${object.id}|${version}`;
      if (seen.has(key)) continue;
      if (items.length === r.limit) return { items, more: true, next: { ...unit.position, skip: i } };
      seen.add(key);
      items.push({ object, dateAdded: unit.position.ingestedAt, version });
    }
    if (unit.position.callSid !== '' && !unit.resumed && ++scanned >= scanCalls) {
      return { items, more: true, next: { ...unit.position, skip: unit.objects.length } };
    }
  }
  return { items, more: false, next: null };
}
