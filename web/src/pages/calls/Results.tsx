// The call list: the total, the server-side order, pages joined by cursor ("load more"),
// and under each row the transcript excerpt that matched the search, the match marked.

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { ChoiceSelect } from '../../components/Field';
import { Empty, ErrorState, Loading } from '../../components/states';
import { api } from '../../lib/api';
import { filtersToQuery, SORTS, type CallFilters, type CallSort } from '../../lib/callFilters';
import { fmtCallerId, fmtDateTime, fmtDuration, fmtInt, fmtPct, fmtUsd } from '../../lib/format';
import { lureLabel, paymentLabel } from '../../lib/labels';
import { Link } from '../../lib/router';
import { stateName } from '../../lib/states';
import type { CallList, Snippet } from '../../lib/types';
import { useWindow } from '../../lib/window';
import { ScrollBox } from '../../components/ScrollBox';

const PAGE_SIZE = 50;
const TIER_CLASS: Record<number, string> = { 1: 'badge-t1', 2: 'badge-t2', 3: 'badge-t3' };
const COLUMNS = 10;

/** The excerpt with the match in <mark>; offsets outside the text show it unmarked. */
function SnippetText({ s }: { s: Snippet }) {
  const start = s.match_start;
  const end = s.match_start + s.match_length;
  const ok = Number.isInteger(start) && s.match_length > 0 && start >= 0 && end <= s.text.length;
  const who = s.speaker === 'caller' ? 'Caller' : s.speaker === 'persona' ? 'Persona' : 'System';
  return (
    <p className="snippet" data-testid="snippet">
      <span className="snippet-who">{who}:</span>{' '}
      {ok ? (
        <>
          {s.text.slice(0, start)}
          <mark>{s.text.slice(start, end)}</mark>
          {s.text.slice(end)}
        </>
      ) : (
        s.text
      )}
    </p>
  );
}

/** aria-sort of a column header under the current order. */
function ariaSort(sort: CallSort, column: string): 'ascending' | 'descending' | undefined {
  if (sort.replace(/^-/, '') !== column) return undefined;
  return sort.startsWith('-') ? 'descending' : 'ascending';
}

export function SortPicker({ sort, onSort }: { sort: CallSort; onSort: (s: CallSort) => void }) {
  return (
    <span className="sort-picker">
      <label htmlFor="calls-sort">Order</label>
      <ChoiceSelect id="calls-sort" value={sort} choices={SORTS} onChoose={(s) => onSort(s as CallSort)} data-testid="calls-sort" />
    </span>
  );
}

export function Results({ filters, sort }: { filters: CallFilters; sort: CallSort }) {
  const w = useWindow();
  const q = useInfiniteQuery({
    queryKey: ['calls', w.key, filters, sort],
    queryFn: ({ pageParam, signal }) =>
      api<CallList>('/api/calls', {
        query: { ...w.query, ...filtersToQuery(filters), sort, limit: PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
  if (q.isPending) return <Loading label="Loading calls" height={200} />;
  if (q.isError && !q.data) return <ErrorState error={q.error} feature="Calls" onRetry={() => void q.refetch()} />;
  const items = q.data.pages.flatMap((p) => p.items);
  const total = q.data.pages[0]?.total;
  if (items.length === 0) return <Empty height={160}>No calls match these filters in this window.</Empty>;
  return (
    <div className={q.isPlaceholderData ? 'updating' : undefined} aria-busy={q.isFetching || undefined}>
      <p className="result-count" aria-live="polite">
        <strong data-testid="calls-count">
          {typeof total === 'number' ? `${fmtInt(total)} ${total === 1 ? 'call' : 'calls'}` : `${fmtInt(items.length)}+ calls`}
        </strong>
        <span data-testid="calls-shown">
          {' '}
          · showing {fmtInt(items.length)}
          {q.hasNextPage ? '' : typeof total === 'number' && items.length >= total ? ' (all)' : ''}
        </span>
      </p>
      <ScrollBox label="Calls">
        <table className="calls-table">
          <thead>
            <tr>
              <th scope="col" aria-sort={ariaSort(sort, 'started_at')}>
                Started
              </th>
              <th scope="col">Call</th>
              <th scope="col" className="num" aria-sort={ariaSort(sort, 'duration_sec')}>
                Duration
              </th>
              <th scope="col">Caller</th>
              <th scope="col">Brand</th>
              <th scope="col">Lure</th>
              <th scope="col">Payment</th>
              <th scope="col">Intel</th>
              <th scope="col" className="num" aria-sort={ariaSort(sort, 'auditor_confidence')}>
                Confidence
              </th>
              <th scope="col" className="num">
                Asked
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <Fragment key={c.call_sid}>
                <tr data-call={c.call_sid} className={c.snippet ? 'has-snippet' : undefined}>
                  <td className="nowrap">{fmtDateTime(c.started_at)}</td>
                  <td>
                    <Link to={`/calls/${encodeURIComponent(c.call_sid)}`} className="mono" title={c.call_sid}>
                      {c.call_sid.length > 14 ? `${c.call_sid.slice(0, 10)}…` : c.call_sid}
                    </Link>
                  </td>
                  <td className="num" data-duration={c.duration_sec}>
                    {fmtDuration(c.duration_sec)}
                  </td>
                  <td className="nowrap">
                    {fmtCallerId(c.caller_id)}
                    {c.caller_state && (
                      <span className="muted" title={stateName(c.caller_state)}>
                        {' '}
                        · {c.caller_state}
                      </span>
                    )}
                  </td>
                  <td>{c.impersonated_brand ?? '—'}</td>
                  <td>{c.lure_category ? lureLabel(c.lure_category) : '—'}</td>
                  <td>{c.payment_method ? paymentLabel(c.payment_method) : '—'}</td>
                  <td className="nowrap">
                    {c.tier ? <span className={`badge ${TIER_CLASS[c.tier]}`}>Tier {c.tier}</span> : <span className="muted">no tier</span>}
                    {c.hooked && <span className="hooked-note">hooked</span>}
                  </td>
                  <td className="num">{fmtPct(c.auditor_confidence)}</td>
                  <td className="num">{c.total_dollars_asked ? fmtUsd(c.total_dollars_asked) : '—'}</td>
                </tr>
                {c.snippet && (
                  <tr className="snippet-row" data-snippet-for={c.call_sid}>
                    <td colSpan={COLUMNS}>
                      <SnippetText s={c.snippet} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {q.hasNextPage && (
        <div className="load-more">
          <button
            type="button"
            className="btn"
            onClick={() => void q.fetchNextPage()}
            disabled={q.isFetchingNextPage}
            data-testid="calls-more"
          >
            {q.isFetchingNextPage
              ? 'Loading…'
              : `Load ${fmtInt(typeof total === 'number' && total > items.length ? Math.min(PAGE_SIZE, total - items.length) : PAGE_SIZE)} more`}
          </button>
        </div>
      )}
      {q.isError && <ErrorState error={q.error} feature="More calls" />}
    </div>
  );
}
