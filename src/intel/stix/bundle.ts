// A STIX 2.1 bundle written progressively: the static objects, then every page's objects as
// the page arrives, so only one page of calls is held at a time.
//
// Dedupe within one bundle: objects shared between calls (SCOs, brand identities, indicators,
// their relationships) are written the first time their id comes up; an IdSet remembers
// those ids (16 bytes a slot), so that memory grows with the number of DISTINCT values in the
// export, never with its calls. Per-call objects (observed-data, sighting, note) are keyed by
// the call and each call comes once from keyset paging, so they are not remembered. Every copy
// of a shared object is the same (its content follows its history, not the call carrying it).

import { randomUUID } from 'node:crypto';
import { IdSet } from './idSet.js';
import type { Marking } from './markings.js';
import { staticObjects, stixObjectsForCall } from './objects.js';
import type { StixCallInput } from './types.js';

const PER_CALL_TYPES = new Set(['observed-data', 'sighting', 'note']);
/** Calls written per chunk: a page's objects in a few chunks, so one chunk holds the event loop ~1 ms. */
const CALLS_PER_CHUNK = 20;

export interface BundleStats {
  calls: number;
  objects: number;
  /** Distinct shared ids remembered, and the bytes their table holds. */
  shared: number;
  sharedBytes: number;
}

/** The bundle's text in chunks (one per page). `stats` is filled in as it goes. */
export async function* stixBundleChunks(
  pages: AsyncIterable<StixCallInput[]>,
  marking: Marking,
  stats: BundleStats = { calls: 0, objects: 0, shared: 0, sharedBytes: 0 },
  bundleId = `bundle--${randomUUID()}`,
): AsyncGenerator<string> {
  const seen = new IdSet();
  const head = staticObjects(marking);
  for (const o of head) seen.add(o.id);
  stats.objects += head.length;
  yield `{"type":"bundle","id":${JSON.stringify(bundleId)},"objects":[${head.map((o) => JSON.stringify(o)).join(',')}`;
  for await (const page of pages) {
    for (let from = 0; from < page.length; from += CALLS_PER_CHUNK) {
      const calls = page.slice(from, from + CALLS_PER_CHUNK);
      const parts: string[] = [];
      for (const call of calls) {
        for (const o of stixObjectsForCall(call)) {
          if (!PER_CALL_TYPES.has(o.type) && !seen.add(o.id)) continue;
          parts.push(JSON.stringify(o));
        }
      }
      stats.calls += calls.length;
      stats.objects += parts.length;
      stats.shared = seen.size;
      stats.sharedBytes = seen.bytes;
      if (parts.length) yield `,${parts.join(',')}`;
    }
  }
  yield ']}';
}
