// The headline figures, each with its change on the previous period (the same length, just
// before): both periods are read from /api/kpis/summary with explicit start and end.

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/states';
import { fmtChange, fmtDateTime, fmtDuration, fmtInt, fmtPct, fmtUsd, fmtUsdCompact } from '../../lib/format';
import type { Summary } from '../../lib/types';
import { useWindow, type CompareMode } from '../../lib/window';
import { useFigureSpan } from './figures';

type Figure =
  | 'calls_received'
  | 'hooked_calls'
  | 'tier1_calls'
  | 'tier2_calls'
  | 'tier3_calls'
  | 'total_dollars_asked'
  | 'insights_produced'
  | 'avg_call_duration_sec';

/**
 * (current − earlier) / earlier. "new" only when the earlier window had no calls at all (the
 * figure really had nothing to grow from); a figure that was 0 among calls rose "from 0". Null
 * when there is nothing to compare.
 */
function change(cur: number | null | undefined, prev: number | null | undefined, earlierEmpty: boolean): number | 'new' | 'from0' | null {
  if (typeof cur !== 'number' || cur === 0) {
    if (typeof cur === 'number' && typeof prev === 'number' && prev !== 0) return (cur - prev) / prev;
    return null;
  }
  if (earlierEmpty) return 'new';
  if (typeof prev !== 'number') return null;
  if (prev === 0) return 'from0';
  return (cur - prev) / prev;
}

function Change({
  figure,
  cur,
  prev,
  fmt,
  label,
}: {
  figure: Figure;
  cur: Summary;
  prev: Summary | undefined;
  fmt: (v: number | null) => string;
  /** The window compared with, in words ("previous period"). */
  label: string;
}) {
  if (!prev) return <span className="change" data-change-for={figure} data-loading="" aria-hidden="true" />;
  const c = change(cur[figure], prev[figure], prev.calls_received === 0);
  const was = `${label}: ${fmt(prev[figure])}`;
  if (c === null) {
    return (
      <span className="change flat" data-change-for={figure} data-change="" title={was}>
        —<span className="sr-only"> no change to compute ({was})</span>
      </span>
    );
  }
  if (c === 'new') {
    return (
      <span className="change up" data-change-for={figure} data-change="new" title={was}>
        new<span className="sr-only"> (no calls at all in the {label})</span>
      </span>
    );
  }
  if (c === 'from0') {
    return (
      <span className="change up" data-change-for={figure} data-change="from0" title={was}>
        <span aria-hidden="true">▲ </span>from 0<span className="sr-only"> in the {label}</span>
      </span>
    );
  }
  const dir = Math.round(c * 1000) === 0 ? 'flat' : c > 0 ? 'up' : 'down';
  return (
    <span className={`change ${dir}`} data-change-for={figure} data-change={String(c)} title={was}>
      <span aria-hidden="true">{dir === 'up' ? '▲ ' : dir === 'down' ? '▼ ' : ''}</span>
      {fmtChange(c)}
      <span className="sr-only"> on the {was}</span>
    </span>
  );
}

function Card({
  label,
  value,
  title,
  children,
  testId,
  delta,
  vs,
}: {
  label: string;
  value: ReactNode;
  title?: string;
  children?: ReactNode;
  testId: string;
  delta?: ReactNode;
  /** "vs previous", "vs a year earlier". */
  vs?: string;
}) {
  return (
    <div className="card" data-card={testId}>
      <h2 className="card-label">{label}</h2>
      <p className="card-value" title={title}>
        <span data-value>{value}</span>
      </p>
      {delta && (
        <p className="card-delta">
          {delta}
          <span className="delta-ctx" aria-hidden="true">
            {' '}
            vs {vs}
          </span>
        </p>
      )}
      {children && <div className="card-sub">{children}</div>}
    </div>
  );
}

const VS: Record<CompareMode, [string, string]> = {
  previous: ['previous', 'previous period'],
  '4w': ['4 weeks earlier', 'same period 4 weeks earlier'],
  year: ['a year earlier', 'same period a year earlier'],
  custom: ['the chosen period', 'period chosen for comparison'],
  off: ['', ''],
};

export function SummaryCards({ q, prev }: { q: UseQueryResult<Summary>; prev: UseQueryResult<Summary> }) {
  // The window of the figures: the overview's, or the quarter hour a heat-map filter chose.
  const w = useFigureSpan();
  const { compare, compareOn } = useWindow();
  const [vs, label] = VS[compare.mode];
  if (q.isError && !q.data) return <ErrorState error={q.error} feature="Headline figures" onRetry={() => void q.refetch()} />;
  const s = q.data;
  if (!s) {
    return (
      <div className="cards" role="status" aria-label="Loading headline figures">
        {Array.from({ length: 6 }, (_, i) => (
          <div className="card card-skeleton" key={i} />
        ))}
      </div>
    );
  }
  // The previous figures only count when they belong to the period before this window.
  const p = prev.data && !prev.isPlaceholderData ? prev.data : undefined;
  const d = (figure: Figure, fmt: (v: number | null) => string) =>
    compareOn ? <Change figure={figure} cur={s} prev={p} fmt={fmt} label={label} /> : undefined;
  return (
    <div
      className={`cards ${q.isPlaceholderData ? 'updating' : ''}`}
      aria-busy={q.isFetching || undefined}
      data-testid="summary-cards"
      data-start={w.span.start}
      data-end={w.span.end}
      data-prev-start={compareOn ? w.prev.start : undefined}
      data-prev-end={compareOn ? w.prev.end : undefined}
      data-compare={compare.mode}
    >
      {compareOn && (
        <p className="sr-only">
          Changes compare with the {label}, {fmtDateTime(w.prev.start)} to {fmtDateTime(w.prev.end)}.
        </p>
      )}
      <Card label="Calls received" value={fmtInt(s.calls_received)} testId="calls" vs={vs} delta={d('calls_received', fmtInt)}>
        {fmtInt(s.cleanly_closed)} closed cleanly
      </Card>
      <Card label="Hooked calls" value={fmtInt(s.hooked_calls)} testId="hooked" vs={vs} delta={d('hooked_calls', fmtInt)}>
        <strong>{fmtPct(s.hook_rate)}</strong> hook rate
      </Card>
      <Card
        label="Intel tiers"
        testId="tiers"
        value={
          <span className="tiers">
            {(
              [
                [1, 'tier1_calls', 'mule bank, crypto or gift card'],
                [2, 'tier2_calls', 'payment method, phishing URL, remote desktop or agency'],
                [3, 'tier3_calls', 'impersonated brand or lure only'],
              ] as const
            ).map(([t, f, what]) => (
              <span className="tier-row" key={t} title={`Tier ${t}: ${what}`}>
                <span className={`dot t${t}`} aria-hidden="true" />
                <span className="tier-name">Tier {t}</span>
                <span className={`tier-num t${t}`}>{fmtInt(s[f])}</span>
                {d(f, fmtInt)}
              </span>
            ))}
          </span>
        }
      />
      <Card
        label="Money asked"
        value={fmtUsdCompact(s.total_dollars_asked)}
        title={fmtUsd(s.total_dollars_asked)}
        testId="dollars"
        vs={vs}
        delta={d('total_dollars_asked', fmtUsdCompact)}
      >
        median ask {fmtUsd(s.median_dollar_ask)} · largest {fmtUsd(s.max_single_ask)}
        <br />
        {fmtUsdCompact(s.total_dollars_dangled)} dangled as bait
      </Card>
      <Card label="Insights" value={fmtInt(s.insights_produced)} testId="insights" vs={vs} delta={d('insights_produced', fmtInt)}>
        {fmtInt(s.high_confidence_insights)} high-confidence · avg confidence {fmtPct(s.avg_auditor_confidence)}
      </Card>
      <Card
        label="Average call"
        value={fmtDuration(s.avg_call_duration_sec)}
        testId="durations"
        vs={vs}
        delta={d('avg_call_duration_sec', fmtDuration)}
      >
        median {fmtDuration(s.median_call_duration_sec)} · longest {fmtDuration(s.max_call_duration_sec)}
      </Card>
    </div>
  );
}
