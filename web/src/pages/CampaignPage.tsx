// One campaign (GET /api/campaigns/{id}, same window and slice as the list): its figures, a graph
// of its calls and the identifiers that join them, its calls per day (drag to zoom, notes
// marked), the weak signals it shares with other calls, and every call, each linking to its page.

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Graph, type GraphNode } from '../charts/Graph';
import { Line } from '../charts/Line';
import { PageHeader } from '../components/PageHeader';
import { DataTable, Panel } from '../components/Panel';
import type { ApiRequest } from '../components/PanelExport';
import { ScrollBox } from '../components/ScrollBox';
import { ErrorState, Loading, QueryBody } from '../components/states';
import { WindowPicker } from '../components/WindowPicker';
import { api, type Query } from '../lib/api';
import { fmtCallerId, fmtDateTime, fmtInt, fmtUsd } from '../lib/format';
import { lureLabel, paymentLabel } from '../lib/labels';
import { Link, navigate } from '../lib/router';
import { stateName } from '../lib/states';
import type { CallList, CampaignDetail } from '../lib/types';
import { spanSel, useWindow } from '../lib/window';
import { AnnotationList, useAnnotations } from './overview/Annotations';
import './pages.css';

const KIND_WORDS: Record<string, string> = {
  mule_account: 'Mule account',
  wallet: 'Wallet',
  drop_address: 'Drop address',
  phishing_domain: 'Phishing domain',
  callback_number: 'Callback number',
  agent: 'Agent',
  caller_id: 'Caller ID',
  script: 'Script',
};
const kindWords = (k: string) =>
  k
    .split('+')
    .map((x) => KIND_WORDS[x] ?? x)
    .join(' + ');
const CALLS_PAGE = 50;
const callHref = (sid: string) => `/calls/${encodeURIComponent(sid)}`;

/** Calls and identifiers as a graph: an edge from each joining identifier to each of its calls. */
function graphOf(d: CampaignDetail): { nodes: GraphNode[]; edges: [string, string][] } {
  const nodes = new Map<string, GraphNode>();
  const edges: [string, string][] = [];
  for (const l of d.links) {
    const id = `id:${l.kind}:${l.value}`;
    nodes.set(id, { id, label: l.value, kind: kindWords(l.kind) });
    for (const sid of l.call_sids) {
      if (!nodes.has(sid)) nodes.set(sid, { id: sid, label: sid, kind: 'call' });
      edges.push([id, sid]);
    }
  }
  return { nodes: [...nodes.values()], edges };
}

function CampaignCalls({ id }: { id: string }) {
  const w = useWindow();
  const q = useInfiniteQuery({
    queryKey: ['calls', w.key, { campaign_id: id }],
    queryFn: ({ pageParam, signal }) =>
      api<CallList>('/api/calls', { query: { ...w.query, campaign_id: id, limit: CALLS_PAGE, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
  if (q.isPending) return <Loading label="Loading its calls" height={120} />;
  if (q.isError && !q.data) return <ErrorState error={q.error} feature="Its calls" onRetry={() => void q.refetch()} />;
  const items = q.data.pages.flatMap((p) => p.items);
  return (
    <>
      <ScrollBox label="Table of its calls">
        <table className="calls-table" data-testid="campaign-calls">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Call</th>
              <th scope="col">Caller</th>
              <th scope="col">Brand</th>
              <th scope="col">Lure</th>
              <th scope="col">Payment</th>
              <th scope="col" className="num">
                Asked
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.call_sid} data-call={c.call_sid}>
                <td className="nowrap">{fmtDateTime(c.started_at)}</td>
                <td>
                  <Link to={callHref(c.call_sid)} className="mono" title={c.call_sid}>
                    {c.call_sid.length > 14 ? `${c.call_sid.slice(0, 10)}…` : c.call_sid}
                  </Link>
                </td>
                <td className="nowrap">
                  {fmtCallerId(c.caller_id)}
                  {c.caller_state && <span className="muted"> · {c.caller_state}</span>}
                </td>
                <td>{c.impersonated_brand ?? '—'}</td>
                <td>{c.lure_category ? lureLabel(c.lure_category) : '—'}</td>
                <td>{c.payment_method ? paymentLabel(c.payment_method) : '—'}</td>
                <td className="num">{c.total_dollars_asked ? fmtUsd(c.total_dollars_asked) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {q.hasNextPage && (
        <div className="load-more">
          <button type="button" className="btn" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? 'Loading…' : `Load ${CALLS_PAGE} more`}
          </button>
        </div>
      )}
    </>
  );
}

function Facts({ d }: { d: CampaignDetail }) {
  const list = (xs: string[], label: (x: string) => string = (x) => x) => (xs.length ? xs.map(label).join(', ') : '—');
  return (
    <dl className="facts" data-testid="campaign-facts">
      <div>
        <dt>Calls</dt>
        <dd data-fact="calls">{fmtInt(d.calls)}</dd>
      </div>
      <div>
        <dt>Growth on the previous period</dt>
        <dd data-fact="growth">
          {d.growth > 0 ? '+' : ''}
          {fmtInt(d.growth)} ({fmtInt(d.previous_calls)} before)
        </dd>
      </div>
      <div>
        <dt>Seen</dt>
        <dd>
          {fmtDateTime(d.first_seen)} – {fmtDateTime(d.last_seen)}
        </dd>
      </div>
      <div>
        <dt>Dollars asked</dt>
        <dd data-fact="dollars">{fmtUsd(d.total_dollars_asked)}</dd>
      </div>
      <div>
        <dt>Brands</dt>
        <dd>{list(d.brands)}</dd>
      </div>
      <div>
        <dt>Lures</dt>
        <dd>{list(d.lures, lureLabel)}</dd>
      </div>
      <div>
        <dt>Payment methods</dt>
        <dd>{list(d.payment_methods, paymentLabel)}</dd>
      </div>
      <div>
        <dt>Caller states</dt>
        <dd>{list(d.states, (s) => `${stateName(s)} (${s})`)}</dd>
      </div>
    </dl>
  );
}

/** The read behind a campaign's page, for its panels' query exports. */
const detailRequest = (id: string, query: Query): ApiRequest => ({
  method: 'GET',
  path: `/api/campaigns/${encodeURIComponent(id)}`,
  query,
});

function Timeline({ d }: { d: CampaignDetail }) {
  const w = useWindow();
  const notes = useAnnotations(w.span);
  const marks = notes.data?.items;
  const points = d.timeline.map((t) => ({ timestamp: t.day, value: t.calls }));
  return (
    <Panel
      title="Calls per day"
      testId="campaign-timeline"
      className="w-3"
      subtitle="UTC days of the window · drag across the chart to zoom"
    >
      <Line
        points={points}
        axis={fmtInt}
        phrase={(v) => `${fmtInt(v)} ${v === 1 ? 'call' : 'calls'}`}
        integer
        height={200}
        label={`Calls of the campaign per day, ${points.length} days${marks?.length ? `, ${marks.length} ${marks.length === 1 ? 'note' : 'notes'} marked` : ''}`}
        marks={marks}
        onZoom={(a, b) => w.setSel(spanSel(a, b))}
      />
      <DataTable
        caption="Calls of the campaign per day"
        columns={['Day (UTC)', 'Calls']}
        csv={{
          file: `honeypot-campaign-${d.id}-timeline.csv`,
          header: ['day_utc', 'calls'],
          rows: d.timeline.map((t) => [t.day, t.calls]),
        }}
        rows={d.timeline.map((t) => [t.day.slice(0, 10), fmtInt(t.calls)])}
        requests={() => Promise.resolve([detailRequest(d.id, w.query)])}
      />
      <AnnotationList items={marks ?? []} />
    </Panel>
  );
}

export default function CampaignPage({ id }: { id: string }) {
  const w = useWindow();
  const q = useQuery({
    queryKey: ['campaign', w.key, id],
    queryFn: ({ signal }) => api<CampaignDetail>(`/api/campaigns/${encodeURIComponent(id)}`, { query: w.query, signal }),
    placeholderData: keepPreviousData,
  });
  const graph = useMemo(() => (q.data ? graphOf(q.data) : null), [q.data]);
  return (
    <div className="page page-campaign">
      <PageHeader
        title={`Campaign ${id}`}
        subtitle={
          <>
            <Link to={w.linkTo('/campaigns')}>All campaigns</Link> of this window
          </>
        }
        actions={<WindowPicker />}
      />
      <QueryBody q={q} feature="Campaign" height={240}>
        {(d) => (
          <div className={`grid ${q.isPlaceholderData ? 'updating' : ''}`}>
            <Panel title="At a glance" testId="campaign-summary" className="w-3">
              <Facts d={d} />
            </Panel>
            <Timeline d={d} />
            <Panel
              title="Calls and the identifiers that join them"
              testId="campaign-graph"
              className="w-6"
              subtitle="Circles are calls, diamonds identifiers; select a call to open it."
            >
              <Graph
                nodes={graph!.nodes}
                edges={graph!.edges}
                height={380}
                label={`Graph of ${graph!.nodes.filter((n) => n.kind === 'call').length} calls and ${d.links.length} identifiers`}
                onSelect={(node) => {
                  if (!node.startsWith('id:')) navigate(callHref(node));
                }}
              />
              <DataTable
                caption="Identifiers that join its calls"
                columns={['Identifier', 'Calls']}
                csv={{
                  file: `honeypot-campaign-${d.id}-identifiers.csv`,
                  header: ['kind', 'value', 'calls', 'call_sids'],
                  rows: d.links.map((l) => [l.kind, l.value, l.calls, l.call_sids.join(' ')]),
                }}
                requests={() => Promise.resolve([detailRequest(d.id, w.query)])}
                rows={d.links.map((l) => [
                  <span key="v">
                    {kindWords(l.kind)}: <span className="mono">{l.value}</span>{' '}
                    <span className="small">
                      (
                      {l.call_sids.map((sid, i) => (
                        <span key={sid}>
                          {i > 0 && ', '}
                          <Link to={callHref(sid)} className="mono">
                            {sid.length > 14 ? `${sid.slice(0, 10)}…` : sid}
                          </Link>
                        </span>
                      ))}
                      )
                    </span>
                  </span>,
                  fmtInt(l.calls),
                ])}
              />
            </Panel>
            {d.related.length > 0 && (
              <Panel
                title="Related signals"
                testId="campaign-related"
                className="w-6"
                subtitle="Weak signals shared with calls outside it: leads, not members."
              >
                <ScrollBox label="Table of related signals">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Signal</th>
                        <th scope="col" className="num">
                          Its calls
                        </th>
                        <th scope="col" className="num">
                          Other calls
                        </th>
                        <th scope="col">Other campaigns</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.related.map((r) => (
                        <tr key={`${r.kind}:${r.value}`}>
                          <td>
                            {kindWords(r.kind)}: <span className="mono">{r.value}</span>
                          </td>
                          <td className="num">{fmtInt(r.campaign_calls)}</td>
                          <td className="num">{fmtInt(r.other_calls)}</td>
                          <td>
                            {r.other_campaigns.map((c, i) => (
                              <span key={c}>
                                {i > 0 && ', '}
                                <Link to={w.linkTo(`/campaigns/${c}`)} className="mono">
                                  {c}
                                </Link>
                              </span>
                            ))}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollBox>
              </Panel>
            )}
            <Panel title="Its calls" testId="campaign-calls-panel" className="w-6">
              <CampaignCalls id={d.id} />
            </Panel>
          </div>
        )}
      </QueryBody>
    </div>
  );
}
