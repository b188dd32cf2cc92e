// The call list: the total, the server-side order, pages joined by cursor ("load more"),
// and under each row the transcript excerpt that matched the search, the match marked.

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { ChoiceSelect } from '../../components/Field';
import { Empty, ErrorState, Loading } from '../../components/states';
import { api, type Query } from '../../lib/api';
import { ExportRow } from '../../components/Panel';
import { filtersToQuery, SORTS, type CallFilters, type CallSort } from '../../lib/callFilters';
import { fmtCallerId, fmtDateTime, fmtDuration, fmtInt, fmtPct, fmtUsd } from '../../lib/format';
import { lureLabel, paymentLabel } from '../../lib/labels';
import { Link } from '../../lib/router';
import { stateName } from '../../lib/states';
import type { CallList, Snippet } from '../../lib/types';
import { useWindow } from '../../lib/window';
import { ScrollBox } from '../../components/ScrollBox';
import { ColumnChooser, ResizeHandle, useTableColumns } from '../../components/TableColumns';

const PAGE_SIZE = 50;
const TIER_CLASS: Record<number, string> = { 1: 'badge-t1', 2: 'badge-t2', 3: 'badge-t3' };
type CallItem = CallList['items'][number];

/** The columns of the list: each may be hidden or resized (kept in this browser); three sort on the server. */
const CALL_COLUMNS: {
  key: string;
  label: string;
  num?: boolean;
  nowrap?: boolean;
  sort?: 'started_at' | 'duration_sec' | 'auditor_confidence';
  cell: (c: CallItem) => ReactNode;
}[] = [
  { key: 'started', label: 'Started', nowrap: true, sort: 'started_at', cell: (c) => fmtDateTime(c.started_at) },
  {
    key: 'call',
    label: 'Call',
    cell: (c) => (
      <Link to={`/calls/${encodeURIComponent(c.call_sid)}`} className="mono" title={c.call_sid}>
        {c.call_sid.length > 14 ? `${c.call_sid.slice(0, 10)}…` : c.call_sid}
      </Link>
    ),
  },
  {
    key: 'duration',
    label: 'Duration',
    num: true,
    sort: 'duration_sec',
    cell: (c) => <span data-duration={c.duration_sec}>{fmtDuration(c.duration_sec)}</span>,
  },
  {
    key: 'caller',
    label: 'Caller',
    nowrap: true,
    cell: (c) => (
      <>
        {fmtCallerId(c.caller_id)}
        {c.caller_state && (
          <span className="muted" title={stateName(c.caller_state)}>
            {' '}
            · {c.caller_state}
          </span>
        )}
      </>
    ),
  },
  { key: 'brand', label: 'Brand', cell: (c) => c.impersonated_brand ?? '—' },
  { key: 'lure', label: 'Lure', cell: (c) => (c.lure_category ? lureLabel(c.lure_category) : '—') },
  { key: 'payment', label: 'Payment', cell: (c) => (c.payment_method ? paymentLabel(c.payment_method) : '—') },
  {
    key: 'intel',
    label: 'Intel',
    nowrap: true,
    cell: (c) => (
      <>
        {c.tier ? <span className={`badge ${TIER_CLASS[c.tier]}`}>Tier {c.tier}</span> : <span className="muted">no tier</span>}
        {c.hooked && <span className="hooked-note">hooked</span>}
      </>
    ),
  },
  { key: 'confidence', label: 'Confidence', num: true, sort: 'auditor_confidence', cell: (c) => fmtPct(c.auditor_confidence) },
  { key: 'asked', label: 'Asked', num: true, cell: (c) => (c.total_dollars_asked ? fmtUsd(c.total_dollars_asked) : '—') },
];

/** The CSV of the calls shown: the API's own fields, unformatted. */
const CSV_FIELDS = [
  'call_sid',
  'started_at',
  'duration_sec',
  'caller_id',
  'caller_state',
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'tier',
  'hooked',
  'auditor_confidence',
  'total_dollars_asked',
] as const satisfies readonly (keyof CallItem)[];

/** A header click: the column's descending order first, then ascending. */
const nextSort = (sort: CallSort, column: string): CallSort => (sort === `-${column}` ? column : `-${column}`) as CallSort;

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

export function Results({ filters, sort, onSort }: { filters: CallFilters; sort: CallSort; onSort: (s: CallSort) => void }) {
  const w = useWindow();
  const cols = useTableColumns('calls', CALL_COLUMNS);
  const q = useInfiniteQuery({
    queryKey: ['calls', w.key, filters, sort],
    queryFn: ({ pageParam, signal }) =>
      api<CallList>('/api/calls', {
        query: request(pageParam),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
  const request = (cursor: string | null): Query => ({
    ...w.query,
    ...filtersToQuery(filters),
    sort,
    limit: PAGE_SIZE,
    cursor: cursor ?? undefined,
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
      <ExportRow
        caption="Calls found"
        csv={{
          file: `honeypot-calls-${w.key.replace(/:/g, '')}.csv`,
          header: [...CSV_FIELDS],
          rows: items.map((c) => CSV_FIELDS.map((f) => c[f])),
        }}
        // The pages shown: each page's request, with the cursor it was read with.
        requests={() =>
          Promise.resolve(
            (q.data.pageParams as (string | null)[]).map((c) => ({ method: 'GET' as const, path: '/api/calls', query: request(c) })),
          )
        }
      />
      <ScrollBox label="Calls">
        <table className={`calls-table ${cols.tableProps.className ?? ''}`} style={cols.tableProps.style} data-testid="calls-table">
          <thead>
            <tr>
              {cols.shown.map((c) => {
                const dir = ariaSort(sort, c.sort ?? '');
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.num ? 'num' : undefined}
                    aria-sort={c.sort ? dir : undefined}
                    data-col={c.key}
                    style={{ width: cols.width(c.key) }}
                  >
                    {c.sort ? (
                      <button type="button" className="th-sort" onClick={() => onSort(nextSort(sort, c.sort!))} data-sort={c.sort}>
                        {c.label}
                        <span aria-hidden="true" className="sort-mark">
                          {dir ? (dir === 'descending' ? ' ▼' : ' ▲') : ''}
                        </span>
                      </button>
                    ) : (
                      c.label
                    )}
                    <ResizeHandle label={c.label} width={cols.width(c.key)} onResize={(px, all) => cols.setWidth(c.key, px, all)} />
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <Fragment key={c.call_sid}>
                <tr data-call={c.call_sid} className={c.snippet ? 'has-snippet' : undefined}>
                  {cols.shown.map((col) => (
                    <td key={col.key} className={col.num ? 'num' : col.nowrap ? 'nowrap' : undefined} data-col={col.key}>
                      {col.cell(c)}
                    </td>
                  ))}
                </tr>
                {c.snippet && (
                  <tr className="snippet-row" data-snippet-for={c.call_sid}>
                    <td colSpan={cols.shown.length}>
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

/** The list's "Columns" menu (the same stored choice the table reads). */
export function CallColumns() {
  const cols = useTableColumns('calls', CALL_COLUMNS);
  return <ColumnChooser table="calls" columns={CALL_COLUMNS} cols={cols} />;
}
