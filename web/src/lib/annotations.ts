// The read of a window's annotations, shared by the overview's panels, a campaign's timeline
// and the overview's prefetch (which runs before the overview's code has arrived).

import { api } from './api';
import { spanQuery, type Span } from './window';

export interface Annotation {
  id: string;
  at: string;
  text: string;
  created_by: { key_id: string; name: string };
}

export const annotationsOptions = (span: Span) => ({
  queryKey: ['annotations', span.start, span.end],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<{ items: Annotation[] }>('/api/annotations', { query: spanQuery(span), signal }),
});
