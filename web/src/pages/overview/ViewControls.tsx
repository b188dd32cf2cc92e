// Auto-refresh and the time-zone switch, beside the window picker (and in the URL with it).

import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { fmtDateTime, localZoneName } from '../../lib/format';
import { instantOf, localInputOf } from '../../lib/localTime';
import { COMPARE_MODES, compareSpan, useWindow, type CompareMode } from '../../lib/window';
import { SavedViews } from './SavedViews';
import { Shortcuts } from './Shortcuts';
import { REFRESH, useView } from './view';

/** Re-reads the overview every `ms` while the tab is visible: a named window moves to end now. */
function useAutoRefresh(ms: number): number | null {
  const w = useWindow();
  const [last, setLast] = useState<number | null>(null);
  useEffect(() => {
    if (!ms) return;
    const t = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      w.refresh();
      setLast(Date.now());
    }, ms);
    return () => clearInterval(t);
  }, [ms, w]);
  return last;
}

/** What the figures are compared with: previous period, 4 weeks or a year earlier, a custom start, or off. */
function CompareControl() {
  const w = useWindow();
  const ids = useId();
  const [start, setStart] = useState(() => localInputOf(Date.parse(w.prev.start)));
  useEffect(() => setStart(localInputOf(Date.parse(w.prev.start))), [w.prev.start, w.tz]);
  const choose = (mode: CompareMode) => {
    // A custom comparison starts where the one shown does, until another start is typed.
    if (mode === 'custom') w.setCompare({ mode, start: compareSpan(w.span, w.compare).start });
    else w.setCompare({ mode });
  };
  const at = instantOf(start);
  return (
    <span className="control">
      <label htmlFor={`${ids}c`} className="inline-label">
        Compare with
      </label>
      <select id={`${ids}c`} value={w.compare.mode} onChange={(e) => choose(e.target.value as CompareMode)} data-testid="compare">
        {COMPARE_MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      {w.compare.mode === 'custom' && (
        <form
          className="custom-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (at) w.setCompare({ mode: 'custom', start: at });
          }}
        >
          <label htmlFor={`${ids}s`} className="inline-label">
            starting
          </label>
          <input
            id={`${ids}s`}
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            data-testid="compare-start"
          />
          <button type="submit" className="btn btn-small" disabled={!at}>
            Compare
          </button>
        </form>
      )}
    </span>
  );
}

export function ViewControls() {
  const w = useWindow();
  const [view, setView] = useView();
  const ids = useId();
  const ms = REFRESH.find((r) => r.value === view.refresh)?.ms ?? 0;
  const last = useAutoRefresh(ms);
  const fetching = useIsFetching({ queryKey: ['kpi'] }) > 0;
  return (
    <>
      <span className="control">
        <label htmlFor={`${ids}r`} className="inline-label">
          Auto-refresh
        </label>
        <select
          id={`${ids}r`}
          value={view.refresh}
          onChange={(e) => setView({ refresh: e.target.value as typeof view.refresh })}
          data-testid="refresh"
        >
          {REFRESH.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        {ms > 0 && (
          <span className="muted small" data-testid="refreshed" aria-live="off">
            {fetching ? 'updating…' : last ? `updated ${fmtDateTime(new Date(last), { seconds: true, zone: false })}` : ''}
          </span>
        )}
      </span>
      <fieldset className="segmented segmented-small" aria-label="Time zone">
        <legend className="sr-only">Time zone</legend>
        {(
          [
            ['utc', 'UTC', 'Coordinated Universal Time, as the API'],
            ['local', 'Local', `Your browser's time zone: ${localZoneName()}`],
          ] as const
        ).map(([value, label, title]) => (
          <label key={value} className={w.tz === value ? 'on' : undefined} title={title}>
            <input
              type="radio"
              name={`${ids}tz`}
              value={value}
              checked={w.tz === value}
              onChange={() => w.setTz(value)}
              data-testid={`tz-${value}`}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <CompareControl />
      <SavedViews />
      <Shortcuts />
    </>
  );
}
