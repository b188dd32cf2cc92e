// Parsing of the TAXII query parameters beyond their schemas: added_after, the match[] lists,
// and the binding of `next` to the filters it was issued with.

import { parseRfc3339 } from '../../domain/time.js';
import { validationFailed } from '../../errors.js';
import { bindingOf } from './cursor.js';
import type { Static } from '@sinclair/typebox';
import type { Filters } from './feed.js';
import { MAX_MATCH_VALUES, type ObjectsQuery } from './schemas.js';

type TaxiiQuery = Static<typeof ObjectsQuery>;
type MatchParam = 'match[type]' | 'match[id]' | 'match[version]' | 'match[spec_version]';

const bad = (param: string, message: string) => validationFailed(`${param} ${message}.`, [{ path: `querystring.${param}`, message }]);

/** Epoch ms of added_after (sub-millisecond digits dropped: date_added is kept in ms), or null. */
export function addedAfterOf(q: Pick<TaxiiQuery, 'added_after'>): number | null {
  if (q.added_after === undefined) return null;
  const d = parseRfc3339(q.added_after);
  if (!d) throw bad('added_after', 'must be an RFC 3339 timestamp, e.g. 2026-11-20T14:00:00.000000Z');
  return d.getTime();
}

/** The values of a match[] parameter: repeated and comma-separated, trimmed, de-duplicated; null when absent. */
function values(q: TaxiiQuery, param: MatchParam, valid: RegExp, what: string): Set<string> | null {
  const raw = q[param];
  if (raw === undefined) return null;
  const out = new Set<string>();
  for (const part of raw.flatMap((r) => r.split(','))) {
    const v = part.trim();
    if (!valid.test(v)) throw bad(param, `must be a comma-separated list of ${what}`);
    out.add(v);
  }
  if (out.size > MAX_MATCH_VALUES) throw bad(param, `may hold at most ${MAX_MATCH_VALUES} values`);
  return out;
}

const STIX_TYPE = /^[a-z0-9][a-z0-9-]{0,249}$/;
const STIX_ID = /^[a-z0-9][a-z0-9-]{0,249}--[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const SPEC_VERSION = /^\d{1,3}\.\d{1,3}$/;
const VERSION = /^(last|first|all|\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2}))$/;

export function filtersOf(q: TaxiiQuery): Filters {
  const versions = values(q, 'match[version]', VERSION, 'last, first, all or RFC 3339 timestamps');
  let exact: Set<number> | null = null;
  // last/first/all: every object has one version at a time, so each keeps every object.
  if (versions && ![...versions].some((v) => v === 'last' || v === 'first' || v === 'all')) {
    exact = new Set();
    for (const v of versions) {
      const d = parseRfc3339(v);
      if (!d) throw bad('match[version]', 'holds a timestamp that does not exist');
      exact.add(d.getTime());
    }
  }
  return {
    types: values(q, 'match[type]', STIX_TYPE, 'STIX object types'),
    ids: values(q, 'match[id]', STIX_ID, 'STIX ids (<type>--<UUID>)'),
    specVersions: values(q, 'match[spec_version]', SPEC_VERSION, 'spec versions such as 2.1'),
    versions: exact,
  };
}

/** The canonical text of the filters, for binding a `next` to them. */
export function bindingFor(collectionId: string, endpoint: string, f: Filters): string {
  const list = (s: Set<string | number> | null) => (s ? [...s].map(String).sort().join(',') : '*');
  return bindingOf([collectionId, endpoint, list(f.types), list(f.ids), list(f.specVersions), list(f.versions)]);
}
