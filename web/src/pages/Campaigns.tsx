// Campaigns (docs/campaigns.md): the operations behind the calls, as GET /api/campaigns lists them for
// the window and the key's slice. Sorted by the server (calls, dollars asked, last seen,
// growth: the sortable headers and the select ask it), at least `min_calls` calls each; the
// sort and minimum live in the URL with the window. Each row opens the campaign's page.

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { PageHeader } from '../components/PageHeader';
import { ExportRow, Panel } from '../components/Panel';
import { ScrollBox } from '../components/ScrollBox';
import { Empty, ErrorState, Loading } from '../components/states';
import { api, type Query } from '../lib/api';
import { fmtDateTime, fmtInt, fmtUsd } from '../lib/format';
import { Link, useLocation } from '../lib/router';
import type { CampaignList } from '../lib/types';
import { oneOf, updateSearch } from '../lib/urlState';
import { useWindow } from '../lib/window';
import { WindowPicker } from '../components/WindowPicker';
import './pages.css';

const SORTS = [
  { value: 'calls', label: 'Calls' },
  { value: 'dollars_asked', label: 'Dollars asked' },
  { value: 'last_seen', label: 'Last seen' },
  { value: 'growth', label: 'Growth' },
] as const;
type Sort = (typeof SORTS)[number]['value'];
const PAGE = 50;
const MIN_CALLS = 3;

function useListParams(): { sort: Sort; minCalls: number } {
  const { search } = useLocation();
  const n = Number(search.get('min_calls'));
  return {
    sort: oneOf(
      search.get('sort'),
      SORTS.map((s) => s.value),
      'calls',
    ),
    minCalls: Number.isInteger(n) && n >= 2 && n <= 100_000 ? n : MIN_CALLS,
  };
}

/** A column header that asks the server for its order (largest first). */
function SortHeader({ value, label, sort }: { value: Sort; label: string; sort: Sort }) {
  return (
    <th scope="col" className="num" aria-sort={sort === value ? 'descending' : undefined}>
      <button
        type="button"
        className="th-sort"
        onClick={() => updateSearch({ sort: value === 'calls' ? null : value })}
        data-sort={value}
        aria-label={`${label}: sort by ${label.toLowerCase()}, largest first`}
      >
        {label}
        {sort === value && <span aria-hidden="true"> ▼</span>}
      </button>
    </th>
  );
}

const growthText = (g: number) => (g > 0 ? `+${fmtInt(g)}` : fmtInt(g));

export default function Campaigns() {
  const w = useWindow();
  const { sort, minCalls } = useListParams();
  const ids = useId();
  const listQuery = (cursor: string | null): Query => ({ ...w.query, sort, min_calls: minCalls, limit: PAGE, cursor: cursor ?? undefined });
  const q = useInfiniteQuery({
    queryKey: ['campaigns', w.key, sort, minCalls],
    queryFn: ({ pageParam, signal }) => api<CampaignList>('/api/campaigns', { query: listQuery(pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="page page-campaigns">
      <PageHeader
        title="Campaigns"
        subtitle="Calls linked into the operations behind them: calls sharing a mule account, wallet, drop address, phishing domain or callback number."
        actions={<WindowPicker />}
      />
      <Panel
        title="Operations in this window"
        testId="campaigns"
        actions={
          <span className="control">
            <label htmlFor={`${ids}s`} className="inline-label">
              Order
            </label>
            <select
              id={`${ids}s`}
              value={sort}
              onChange={(e) => updateSearch({ sort: e.target.value === 'calls' ? null : e.target.value })}
              data-testid="campaigns-sort"
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <label htmlFor={`${ids}m`} className="inline-label">
              At least
            </label>
            <input
              id={`${ids}m`}
              type="number"
              min={2}
              max={100000}
              className="num-input"
              value={minCalls}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= 2) updateSearch({ min_calls: n === MIN_CALLS ? null : n }, { replace: true });
              }}
              data-testid="campaigns-min"
            />
            <span className="inline-label">calls</span>
          </span>
        }
      >
        {q.isPending ? (
          <Loading label="Linking the window's calls" height={200} />
        ) : q.isError && !q.data ? (
          <ErrorState error={q.error} feature="Campaigns" onRetry={() => void q.refetch()} />
        ) : items.length === 0 ? (
          <Empty height={160}>No campaign of {minCalls} calls or more in this window.</Empty>
        ) : (
          <div className={q.isPlaceholderData ? 'updating' : undefined} aria-busy={q.isFetching || undefined}>
            <ScrollBox label="Campaigns">
              <table className="campaigns-table" data-testid="campaigns-table">
                <thead>
                  <tr>
                    <th scope="col">Campaign</th>
                    <SortHeader value="calls" label="Calls" sort={sort} />
                    <th scope="col">First seen</th>
                    <SortHeader value="last_seen" label="Last seen" sort={sort} />
                    <th scope="col">Brands</th>
                    <SortHeader value="dollars_asked" label="Dollars asked" sort={sort} />
                    <SortHeader value="growth" label="Growth" sort={sort} />
                  </tr>
                </thead>
                <tbody>
                  {items.map((c) => (
                    <tr key={c.id} data-campaign={c.id} data-calls={c.calls} data-growth={c.growth}>
                      <td>
                        <Link to={w.linkTo(`/campaigns/${c.id}`)} className="mono">
                          {c.id}
                        </Link>
                      </td>
                      <td className="num">{fmtInt(c.calls)}</td>
                      <td className="nowrap">{fmtDateTime(c.first_seen)}</td>
                      <td className="nowrap">{fmtDateTime(c.last_seen)}</td>
                      <td>{c.brands.slice(0, 3).join(', ') || '—'}</td>
                      <td className="num">{fmtUsd(c.total_dollars_asked)}</td>
                      <td className="num">{growthText(c.growth)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
            <ExportRow
              caption="Campaigns of this window"
              csv={{
                file: `honeypot-campaigns-${w.key.replace(/:/g, '')}.csv`,
                header: ['id', 'calls', 'first_seen', 'last_seen', 'brands', 'total_dollars_asked', 'growth'],
                rows: items.map((c) => [c.id, c.calls, c.first_seen, c.last_seen, c.brands.join('; '), c.total_dollars_asked, c.growth]),
              }}
              // The pages shown: each page's request, with the cursor it was read with.
              requests={() =>
                Promise.resolve(
                  ((q.data?.pageParams ?? []) as (string | null)[]).map((c) => ({
                    method: 'GET' as const,
                    path: '/api/campaigns',
                    query: listQuery(c),
                  })),
                )
              }
            />
            {q.hasNextPage && (
              <div className="load-more">
                <button
                  type="button"
                  className="btn"
                  onClick={() => void q.fetchNextPage()}
                  disabled={q.isFetchingNextPage}
                  data-testid="campaigns-more"
                >
                  {q.isFetchingNextPage ? 'Loading…' : `Load ${PAGE} more`}
                </button>
              </div>
            )}
          </div>
        )}
      </Panel>
    </div>
  );
}
