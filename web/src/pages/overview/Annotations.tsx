// Annotations (GET/POST/DELETE /api/annotations): notes on moments of the org's time line (an
// outage, a persona change, a takedown), drawn as marks on the time series, listed under it
// with who wrote them, and added from here, as Grafana's annotations.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api, errorMessage } from '../../lib/api';
import { fmtDateTime, timeZoneMode } from '../../lib/format';
import { instantOf } from '../../lib/localTime';
import { annotationsOptions, type Annotation } from '../../lib/annotations';
import type { Span } from '../../lib/window';

/** The annotations of `span` (the overview's are read with its first figures, prefetch.ts). */
export function useAnnotations(span: Span) {
  return useQuery(annotationsOptions(span));
}

export function AnnotationList({ items }: { items: Annotation[] }) {
  const qc = useQueryClient();
  const ids = useId();
  const [at, setAt] = useState('');
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: (body: { at: string; text: string }) => api<Annotation>('/api/annotations', { method: 'POST', body }),
    onSuccess: () => {
      setText('');
      void qc.invalidateQueries({ queryKey: ['annotations'] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/annotations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['annotations'] }),
  });
  const instant = instantOf(at);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (instant && text.trim()) add.mutate({ at: instant, text: text.trim() });
  };
  const failed = add.error ?? remove.error;
  return (
    <details className="annotations" data-testid="annotations">
      <summary>Notes on this window{items.length ? ` (${items.length})` : ''}</summary>
      {items.length > 0 && (
        <ul className="annotation-list">
          {items.map((a) => (
            <li key={a.id} data-annotation={a.id}>
              <span className="annotation-mark" aria-hidden="true">
                ▲
              </span>{' '}
              <strong>{fmtDateTime(a.at)}</strong> {a.text} <span className="muted small">({a.created_by.name})</span>{' '}
              <button
                type="button"
                className="btn btn-small btn-ghost"
                onClick={() => remove.mutate(a.id)}
                aria-label={`Delete the note ${a.text}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="annotation-form" onSubmit={submit}>
        <label htmlFor={`${ids}at`}>When ({timeZoneMode() === 'utc' ? 'UTC' : 'local time'})</label>
        <input id={`${ids}at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} data-testid="annotation-at" />
        <label htmlFor={`${ids}t`}>Note</label>
        <input id={`${ids}t`} value={text} maxLength={500} onChange={(e) => setText(e.target.value)} data-testid="annotation-text" />
        <button type="submit" className="btn btn-small" disabled={!instant || !text.trim() || add.isPending}>
          Add note
        </button>
      </form>
      {failed && (
        <p className="form-error" role="alert">
          {errorMessage(failed)}
        </p>
      )}
    </details>
  );
}
