// A STIX 2.1 bundle written progressively: the static objects, then every page's objects as
// the page arrives, so only one page of calls is held at a time.
//
// Dedupe within one bundle: objects shared between calls (SCOs, brand identities, indicators,
// their relationships) are written the first time their id comes up; an IdSet remembers
// those ids (16 bytes a slot), so that memory grows with the number of DISTINCT values in the
// export, never with its calls. Per-call objects (observed-data, sighting, note) are keyed by
// the call and each call comes once from keyset paging, so they are not remembered. Every copy
// of a shared object is the same (its content follows its history, not the call carrying it).
//
// Campaigns (campaigns.ts), when given: their SDOs after the static objects, and at the end one
// `indicates` per (indicator, campaign) met, each once (few: a campaign's calls reveal a handful).

import { randomUUID } from 'node:crypto';
import { campaignObject, indicatesCampaign, type BundleCampaigns } from './campaigns.js';
import { IdSet } from './idSet.js';
import type { Marking } from './markings.js';
import { staticObjects, stixObjectsForCall } from './objects.js';
import type { StixCallInput, StixObject } from './types.js';

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
  campaigns: BundleCampaigns = { inputs: [], campaignOfCall: new Map() },
): AsyncGenerator<string> {
  const seen = new IdSet();
  const head = [...staticObjects(marking), ...campaigns.inputs.map((c) => campaignObject(c, marking))];
  const indicates = new Map<string, StixObject>();
  for (const o of head) seen.add(o.id);
  stats.objects += head.length;
  yield `{"type":"bundle","id":${JSON.stringify(bundleId)},"objects":[${head.map((o) => JSON.stringify(o)).join(',')}`;
  for await (const page of pages) {
    for (let from = 0; from < page.length; from += CALLS_PER_CHUNK) {
      const calls = page.slice(from, from + CALLS_PER_CHUNK);
      const parts: string[] = [];
      for (const call of calls) {
        const campaign = campaigns.campaignOfCall.get(call.call_sid);
        for (const o of stixObjectsForCall(call)) {
          if (campaign !== undefined && o.type === 'indicator') {
            const rel = indicatesCampaign(o.id, campaigns.inputs[campaign], marking);
            indicates.set(rel.id, rel);
          }
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
  stats.objects += indicates.size;
  yield `${[...indicates.values()].map((o) => `,${JSON.stringify(o)}`).join('')}]}`;
}
