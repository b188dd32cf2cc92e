import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/states';
import { fmtDuration, fmtInt, fmtPct, fmtUsd, fmtUsdCompact } from '../../lib/format';
import type { Summary } from '../../lib/types';

function Card({ label, value, title, children, testId }: { label: string; value: ReactNode; title?: string; children?: ReactNode; testId: string }) {
  return (
    <div className="card" data-card={testId}>
      <h3 className="card-label">{label}</h3>
      <p className="card-value" title={title} data-value>
        {value}
      </p>
      {children && <div className="card-sub">{children}</div>}
    </div>
  );
}

export function SummaryCards({ q }: { q: UseQueryResult<Summary> }) {
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
  return (
    <div className={`cards ${q.isPlaceholderData ? 'updating' : ''}`} aria-busy={q.isFetching || undefined} data-testid="summary-cards">
      <Card label="Calls received" value={fmtInt(s.calls_received)} testId="calls">
        {fmtInt(s.cleanly_closed)} closed cleanly
      </Card>
      <Card label="Hooked calls" value={fmtInt(s.hooked_calls)} testId="hooked">
        <strong>{fmtPct(s.hook_rate)}</strong> hook rate
      </Card>
      <Card
        label="Intel tiers"
        testId="tiers"
        value={
          <span className="tiers">
            {(
              [
                [1, s.tier1_calls, 'mule bank, crypto or gift card'],
                [2, s.tier2_calls, 'payment method, phishing URL, remote desktop or agency'],
                [3, s.tier3_calls, 'impersonated brand or lure only'],
              ] as const
            ).map(([t, n, what]) => (
              <span className="tier-row" key={t} title={`Tier ${t}: ${what}`}>
                <span className={`dot t${t}`} aria-hidden="true" />
                <span className="tier-name">Tier {t}</span>
                <span className={`tier-num t${t}`}>{fmtInt(n)}</span>
              </span>
            ))}
          </span>
        }
      />
      <Card label="Dollars asked" value={fmtUsdCompact(s.total_dollars_asked)} title={fmtUsd(s.total_dollars_asked)} testId="dollars">
        median {fmtUsd(s.median_dollar_ask)} · max {fmtUsd(s.max_single_ask)}
        <br />
        {fmtUsdCompact(s.total_dollars_dangled)} dangled
      </Card>
      <Card label="Insights" value={fmtInt(s.insights_produced)} testId="insights">
        {fmtInt(s.high_confidence_insights)} high-confidence · avg confidence {fmtPct(s.avg_auditor_confidence)}
      </Card>
      <Card label="Average call" value={fmtDuration(s.avg_call_duration_sec)} testId="durations">
        median {fmtDuration(s.median_call_duration_sec)} · longest {fmtDuration(s.max_call_duration_sec)}
      </Card>
    </div>
  );
}
