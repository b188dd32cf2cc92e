import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { fmtDateTime } from '../lib/format';
import type { RangeObj } from '../lib/types';
import { addDays, MAX_WINDOW_DAYS, NAMED_RANGES, todayUtc, useWindow, type NamedRange, type Span } from '../lib/window';

interface Props {
  /** The window the figures cover, shown under the picker. */
  resolved?: RangeObj | Span;
  /** A second line, e.g. the period compared with. */
  note?: ReactNode;
  /** More view controls (refresh, time zone), collapsed with the picker on phones. */
  children?: ReactNode;
}

const startOf = (r: RangeObj | Span) => ('start_utc' in r ? r.start_utc : r.start);
const endOf = (r: RangeObj | Span) => ('end_utc' in r ? r.end_utc : r.end);

/** 24h / 7d / 30d / custom dates, shared by every panel. Native radios: arrow keys work. */
export function WindowPicker({ resolved, note, children }: Props) {
  const { sel, setSel, tz } = useWindow();
  const name = useId();
  const bodyId = useId();
  const [custom, setCustom] = useState(sel.kind === 'custom');
  const [from, setFrom] = useState(sel.kind === 'custom' ? sel.from : addDays(todayUtc(), -6));
  const [to, setTo] = useState(sel.kind === 'custom' ? sel.to : todayUtc());
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  // Back/forward or a link changed the window: the form follows.
  useEffect(() => {
    setCustom(sel.kind === 'custom');
    if (sel.kind === 'custom') {
      setFrom(sel.from);
      setTo(sel.to);
    }
  }, [sel]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setError('Choose both dates.');
    if (from > to) return setError('The first day must not be after the last day.');
    if (Date.parse(to) - Date.parse(from) >= MAX_WINDOW_DAYS * 86_400_000)
      return setError(`A window can span at most ${MAX_WINDOW_DAYS} days.`);
    setError(null);
    setSel({ kind: 'custom', from, to });
  };

  const current = custom ? 'custom' : sel.kind === 'named' ? sel.range : 'custom';
  const summary = `${sel.kind === 'named' ? NAMED_RANGES.find((r) => r.value === sel.range)?.label : `${sel.from} – ${sel.to}`} · ${tz === 'utc' ? 'UTC' : 'local time'}`;
  return (
    <div className={`window-picker ${open ? 'open' : ''}`} data-testid="view-bar">
      {/* Shown on phones only: the controls fold away behind it. */}
      <button
        type="button"
        className="btn btn-small wp-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        data-testid="view-toggle"
      >
        <span aria-hidden="true">{open ? '▴' : '▾'}</span> View: {summary}
      </button>
      <div className="wp-body" id={bodyId}>
        <fieldset className="segmented" aria-label="Time window">
          <legend className="sr-only">Time window</legend>
          {NAMED_RANGES.map((r) => (
            <label key={r.value} className={current === r.value ? 'on' : undefined}>
              <input
                type="radio"
                name={name}
                value={r.value}
                checked={current === r.value}
                onChange={() => {
                  setCustom(false);
                  setSel({ kind: 'named', range: r.value as NamedRange });
                }}
              />
              <span>{r.label}</span>
            </label>
          ))}
          <label className={current === 'custom' ? 'on' : undefined}>
            <input type="radio" name={name} value="custom" checked={current === 'custom'} onChange={() => setCustom(true)} />
            <span>Custom</span>
          </label>
        </fieldset>
        {custom && (
          <form className="custom-range" onSubmit={apply}>
            <label>
              From{' '}
              <input
                type="date"
                value={from}
                max={todayUtc()}
                onChange={(e) => setFrom(e.target.value)}
                required
                data-testid="custom-from"
              />
            </label>
            <label>
              to <input type="date" value={to} max={todayUtc()} onChange={(e) => setTo(e.target.value)} required data-testid="custom-to" />
            </label>
            <span className="help">(UTC days, inclusive)</span>
            <button type="submit" className="btn btn-small btn-primary">
              Apply
            </button>
            {error && (
              <span className="form-error" role="alert">
                {error}
              </span>
            )}
          </form>
        )}
        {children && <div className="view-controls">{children}</div>}
      </div>
      {resolved && (
        <p className="range-text" aria-live="polite" data-testid="range-text" data-start={startOf(resolved)} data-end={endOf(resolved)}>
          {fmtDateTime(startOf(resolved), { zone: false })} – {fmtDateTime(endOf(resolved))}
          {note && <span className="range-note">{note}</span>}
        </p>
      )}
    </div>
  );
}
