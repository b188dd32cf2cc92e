// Tier-1 intel: every tier-1 call of the window, sorted by the server (click a header) and
// paged with its cursor, 100 rows a page. Identifiers are whole in their title and copyable.

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useState, type ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { ExportMenu } from '../../components/ExportMenu';
import { ExportRow, Panel, RowCells } from '../../components/Panel';
import { QueryBody } from '../../components/states';
import { fmtDateTime, fmtInt, fmtPct } from '../../lib/format';
import { spanOptions } from '../../lib/kpi';
import { chainLabel } from '../../lib/labels';
import { Link } from '../../lib/router';
import type { Tier1Row, Tier1Table } from '../../lib/types';
import { spanQuery, useWindow } from '../../lib/window';
import type { Query } from '../../lib/api';
import { PanelExport } from '../../components/PanelExport';
import { queryRequest, runQuery, useCsvFile, useFigureSpan } from './figures';
import { queryFilters, useFilters } from './filters';
import { TIER1_DEFAULT_SORT, TIER1_PAGE, useView, type Tier1SortField } from './view';
import { ScrollBox } from '../../components/ScrollBox';
import { ColumnChooser, ResizeHandle, useTableColumns } from '../../components/TableColumns';

/** The tier-1 answer with the paging the server adds (api13); an older server leaves it out. */
type Tier1Page = Tier1Table & { next_cursor?: string | null };

const COLUMNS: { field: Tier1SortField; label: string; num?: boolean; desc?: boolean }[] = [
  { field: 'call_started_at', label: 'Started', desc: true },
  { field: 'call_sid', label: 'Call' },
  { field: 'auditor_confidence', label: 'Confidence', num: true, desc: true },
  { field: 'mule_bank_name', label: 'Mule bank' },
  { field: 'mule_bank_routing_number', label: 'Routing' },
  { field: 'mule_bank_account_number', label: 'Account' },
  { field: 'mule_account_holder_name', label: 'Account holder' },
  { field: 'crypto_chain', label: 'Chain' },
  { field: 'crypto_wallet_address', label: 'Wallet' },
  { field: 'gift_card_brand', label: 'Gift card' },
  { field: 'physical_mule_drop_address', label: 'Drop address' },
];
const TIER1_COLUMNS = COLUMNS.map((c, i) => ({ ...c, key: c.field, index: i }));

/** A value cut for width, whole in its title and on the clipboard. */
function middle(s: string, max = 18): string {
  return s.length > max ? `${s.slice(0, max - 8)}…${s.slice(-6)}` : s;
}

function Copyable({ value, what, cut }: { value: string | null; what: string; cut?: number }) {
  if (!value) return null;
  return (
    <span className="t1-copy">
      <code title={value}>{cut ? middle(value, cut) : value}</code>
      <CopyButton text={value} what={what} icon />
    </span>
  );
}

function cells(r: Tier1Row): ReactNode[] {
  return [
    <span className="nowrap">{fmtDateTime(r.call_started_at)}</span>,
    <Link to={`/calls/${encodeURIComponent(r.call_sid)}`} title={r.call_sid}>
      <code>{middle(r.call_sid, 16)}</code>
    </Link>,
    fmtPct(r.auditor_confidence),
    r.mule_bank_name,
    <Copyable value={r.mule_bank_routing_number} what="routing number" />,
    <Copyable value={r.mule_bank_account_number} what="account number" />,
    r.mule_account_holder_name,
    r.crypto_chain ? (
      <span className="badge" title={r.crypto_chain}>
        {chainLabel(r.crypto_chain)}
      </span>
    ) : null,
    <Copyable value={r.crypto_wallet_address} what="wallet address" cut={20} />,
    r.gift_card_brand,
    r.physical_mule_drop_address,
  ];
}

/** The cells of the columns shown. */
const pick = (all: ReactNode[], shown: { index: number }[]) => shown.map((c) => all[c.index]);

/** Tier-1 intel under filters, from the query language: it has no per-call rows, so the intel is grouped. */
const GROUPED = ['mule_bank_name', 'mule_bank_account_number', 'crypto_wallet_address', 'gift_card_brand'] as const;
const GROUPED_LABELS = ['Mule bank', 'Account', 'Wallet', 'Gift card', 'Calls', 'Avg confidence'];

function Tier1Grouped() {
  const { span, filters } = useFigureSpan();
  const file = useCsvFile('tier1');
  const body = {
    metrics: ['calls_received', 'avg_auditor_confidence'],
    dimensions: [...GROUPED],
    filters: [...queryFilters(filters), ['is', 'tier', [1]]],
    limit: TIER1_PAGE,
  };
  const q = useQuery({
    queryKey: ['kpi', '/api/query', span.start, span.end, { tier1: body }],
    queryFn: ({ signal }) => runQuery(span, body, signal),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const subtitle = d
    ? `Filtered: the intel of the matching tier-1 calls, grouped by bank, account, wallet and gift card · ${fmtInt(d.meta.total_rows)} ${d.meta.total_rows === 1 ? 'group' : 'groups'}${d.meta.total_rows > d.results.length ? `, the ${d.results.length} with most calls shown` : ''}. Remove the filters to list (and export) the calls themselves.`
    : 'Filtered: the intel of the matching tier-1 calls, grouped';
  return (
    <Panel title="Tier-1 intel" testId="tier1" className="w-6" subtitle={subtitle}>
      <QueryBody
        q={q}
        feature="Tier-1 intel"
        height={120}
        isEmpty={(x) => x.results.length === 0}
        empty="No tier-1 calls match the filters."
      >
        {(data) => (
          <>
            <ScrollBox label="Tier-1 intel, grouped" className="table-tall">
              <table className="tier1" data-testid="tier1-grouped">
                <thead>
                  <tr>
                    {GROUPED_LABELS.map((l, i) => (
                      <th key={l} scope="col" className={i >= 4 ? 'num' : undefined}>
                        {l}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((r) => (
                    <tr key={JSON.stringify(r.dimensions)} data-calls={r.metrics[0]}>
                      <td>{r.dimensions[0]}</td>
                      <td>
                        <Copyable value={r.dimensions[1] as string | null} what="account number" />
                      </td>
                      <td>
                        <Copyable value={r.dimensions[2] as string | null} what="wallet address" cut={20} />
                      </td>
                      <td>{r.dimensions[3]}</td>
                      <td className="num">{fmtInt(r.metrics[0])}</td>
                      <td className="num">{fmtPct(r.metrics[1])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
            <ExportRow
              caption="Tier-1 intel, grouped"
              csv={{
                file: `${file.replace(/\.csv$/, '')}-grouped.csv`,
                header: [...GROUPED, 'calls', 'avg_auditor_confidence'],
                rows: data.results.map((r) => [...r.dimensions, ...r.metrics]),
              }}
              requests={() => Promise.resolve([{ method: 'POST' as const, path: '/api/query', body: queryRequest(span, body) }])}
            />
          </>
        )}
      </QueryBody>
    </Panel>
  );
}

export const Tier1Panel = memo(function Tier1Panel() {
  const { filters } = useFilters();
  return filters.length ? <Tier1Grouped /> : <Tier1Calls />;
});

function Tier1Calls() {
  const w = useWindow();
  const [view, setView] = useView();
  // Cursors of the pages seen so far: page i was read with cursors[i] (null: the first). They
  // belong to one window and sort; another starts again at the first page.
  const pagingKey = `${w.key}|${view.tier1Sort}`;
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[]; page: number }>({
    key: pagingKey,
    cursors: [null],
    page: 0,
  });
  const { cursors, page } = paging.key === pagingKey ? paging : { cursors: [null], page: 0 };
  const setPage = (p: number, cs = cursors) => setPaging({ key: pagingKey, cursors: cs, page: p });
  const cursor = cursors[page] ?? null;
  const sort = view.tier1Sort === TIER1_DEFAULT_SORT ? undefined : view.tier1Sort;
  const read: Query = cursor ? { limit: TIER1_PAGE, sort, cursor } : { limit: TIER1_PAGE, sort };
  const q = useQuery({
    ...spanOptions<Tier1Page>(w.span, '/api/kpis/tier1', read),
    placeholderData: keepPreviousData,
  });
  const cols = useTableColumns('tier1', TIER1_COLUMNS);
  const d = q.data;
  const paged = !!d && 'next_cursor' in d;
  const next = d?.next_cursor ?? null;
  const first = page * TIER1_PAGE;

  const sortBy = (c: (typeof COLUMNS)[number]) => {
    const cur = view.tier1Sort.replace(/^-/, '');
    const desc = view.tier1Sort.startsWith('-');
    const nextSort = cur === c.field ? (desc ? c.field : `-${c.field}`) : c.desc ? `-${c.field}` : c.field;
    setView({ tier1Sort: nextSort });
  };
  const goNext = () => {
    if (!next || q.isPlaceholderData) return;
    setPage(page + 1, [...cursors.slice(0, page + 1), next]);
  };

  const subtitle = d
    ? paged
      ? `Mule accounts, crypto wallets, gift cards and drop addresses · ${fmtInt(d.total)} calls`
      : `Mule accounts, crypto wallets, gift cards and drop addresses · showing ${fmtInt(d.items.length)} of ${fmtInt(d.total)}, newest first (paging and sorting need a newer server)`
    : 'Mule accounts, crypto wallets, gift cards and drop addresses';
  return (
    <Panel
      title="Tier-1 intel"
      testId="tier1"
      className="w-6"
      subtitle={subtitle}
      actions={
        <>
          <ColumnChooser table="tier1" columns={TIER1_COLUMNS} cols={cols} />
          <ExportMenu />
        </>
      }
    >
      <QueryBody
        q={q}
        feature="Tier-1 intel"
        height={120}
        isEmpty={(x) => x.items.length === 0 && page === 0}
        empty="No tier-1 calls in this window."
      >
        {(data) => (
          <>
            <ScrollBox label="Tier-1 calls" className="table-tall">
              <table className={`tier1 ${cols.tableProps.className ?? ''}`} style={cols.tableProps.style} data-testid="tier1-table">
                <thead>
                  <tr>
                    {cols.shown.map((c) => {
                      const active = view.tier1Sort.replace(/^-/, '') === c.field;
                      const dir = view.tier1Sort.startsWith('-') ? 'descending' : 'ascending';
                      return (
                        <th
                          key={c.field}
                          scope="col"
                          className={c.num ? 'num' : undefined}
                          aria-sort={active ? dir : undefined}
                          data-col={c.field}
                          style={{ width: cols.width(c.field) }}
                        >
                          {paged ? (
                            <button type="button" className="th-sort" onClick={() => sortBy(c)} data-sort={c.field}>
                              {c.label}
                              <span aria-hidden="true" className="sort-mark">
                                {active ? (dir === 'descending' ? ' ▼' : ' ▲') : ''}
                              </span>
                            </button>
                          ) : (
                            c.label
                          )}
                          <ResizeHandle
                            label={c.label}
                            width={cols.width(c.field)}
                            onResize={(px, all) => cols.setWidth(c.field, px, all)}
                          />
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((r) => (
                    <tr key={r.call_sid} data-sid={r.call_sid}>
                      <RowCells cells={pick(cells(r), cols.shown)} num={(i) => cols.shown[i].num} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
            {paged && (
              <nav className="pager" aria-label="Tier-1 pages">
                <button type="button" className="btn btn-small" onClick={() => setPage(0)} disabled={page === 0}>
                  First
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setPage(Math.max(0, page - 1))}
                  disabled={page === 0}
                  data-testid="tier1-prev"
                >
                  Previous
                </button>
                <span className="pager-text" aria-live="polite" data-testid="tier1-range">
                  {data.items.length
                    ? `Rows ${fmtInt(first + 1)}–${fmtInt(first + data.items.length)} of ${fmtInt(data.total)}`
                    : `No more rows (${fmtInt(data.total)} in all)`}
                </span>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={goNext}
                  disabled={!next || q.isPlaceholderData}
                  data-testid="tier1-next"
                >
                  Next
                </button>
              </nav>
            )}
            <div className="panel-exports">
              <PanelExport
                file={`honeypot-tier1-${w.span.start.replace(/:/g, '')}-${w.span.end.replace(/:/g, '')}`}
                caption="Tier-1 calls"
                requests={() =>
                  Promise.resolve([{ method: 'GET' as const, path: '/api/kpis/tier1', query: { ...spanQuery(w.span), ...read } }])
                }
              />
            </div>
          </>
        )}
      </QueryBody>
    </Panel>
  );
}
