import { Type } from '@sinclair/typebox';
import { CallFilterBodyFields, CallFilters } from '../../domain/callFilters.js';
import { SAVED_SEARCH_ID_PATTERN } from '../calls/schemas.js';

const SearchId = (description: string) => Type.String({ pattern: SAVED_SEARCH_ID_PATTERN, description });

export const SavedSearchBody = Type.Object(
  {
    id: Type.Optional(
      SearchId(
        '1–64 of [A-Za-z0-9_-]. Omitted or null: a new id is generated (201). An id of the org: that search is replaced (200). ' +
          'Any other id: created under it (201).',
      ),
    ),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Label (trimmed), 1–200 characters' }),
    filters: Type.Object(CallFilterBodyFields, {
      additionalProperties: false,
      description:
        'Exactly the filters of GET /api/calls, validated the same way (not cursor, limit or saved_search_id). ' +
        'Repeatable filters are arrays; a single value is accepted too. A null filter is the same as leaving it out. ' +
        'The window is stored as given: a range like "7d" ends at the time the search is run.',
    }),
  },
  { additionalProperties: false },
);

export const SavedSearchParams = Type.Object({ search_id: SearchId('The saved search id') });

export const SavedSearchOut = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    filters: CallFilters,
    created_at: Type.String({ description: 'RFC 3339 UTC' }),
    updated_at: Type.String({ description: 'RFC 3339 UTC; set on every replace' }),
  },
  { $id: 'SavedSearch' },
);

export const SavedSearchListOut = Type.Object({
  items: Type.Array(SavedSearchOut, { description: 'Newest updated_at first, ties by id ascending' }),
});
