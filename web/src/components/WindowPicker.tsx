import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { fmtDateTime } from '../lib/format';
import { instantOf, localInputOf } from '../lib/localTime';
import type { RangeObj } from '../lib/types';
import {
  MAX_WINDOW_DAYS,
  NAMED_RANGES,
  rangeHours,
  rangeLabel,
  shiftedWindow,
  spanSel,
  useWindow,
  zoomedOut,
  type NamedRange,
  type Span,
} from '../lib/window';

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

/** The window in words, for the phone's folded summary. */
function selWords(sel: ReturnType<typeof useWindow>['sel']): string {
  if (sel.kind === 'named') return `Last ${rangeLabel(sel.range)}`;
  if (sel.kind === 'custom') return `${sel.from} – ${sel.to}`;
  return `${fmtDateTime(sel.start, { zone: false })} – ${fmtDateTime(sel.end, { zone: false })}`;
}

const UNITS = [
  { value: 'h', label: 'hours' },
  { value: 'd', label: 'days' },
  { value: 'w', label: 'weeks' },
];

/** Earlier, zoom out, later: the window moved by its length or made twice as long (Grafana's time controls). */
function TimeNav() {
  const { span, setSel } = useWindow();
  const atNow = Date.parse(span.end) >= Date.now() - 60_000;
  return (
    <span className="time-nav" role="group" aria-label="Move the window">
      <button type="button" className="btn btn-small" onClick={() => setSel(shiftedWindow(span, -1))} data-testid="window-earlier">
        <span aria-hidden="true">◀ </span>Earlier
      </button>
      <button type="button" className="btn btn-small" onClick={() => setSel(zoomedOut(span))} aria-keyshortcuts="z" data-testid="zoom-out">
        Zoom out
      </button>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => setSel(shiftedWindow(span, 1))}
        disabled={atNow}
        data-testid="window-later"
      >
        Later<span aria-hidden="true"> ▶</span>
      </button>
    </span>
  );
}

/** 24h / 7d / 30d / custom (last N hours, days or weeks; or from a moment to a moment), shared by every panel. Native radios: arrow keys work. */
export function WindowPicker({ resolved, note, children }: Props) {
  const { sel, setSel, tz, span } = useWindow();
  const name = useId();
  const bodyId = useId();
  const ids = useId();
  const presets = NAMED_RANGES.map((r) => r.value);
  const isPreset = sel.kind === 'named' && presets.includes(sel.range);
  const [custom, setCustom] = useState(!isPreset);
  const relative = sel.kind === 'named' ? /^(\d+)([hdw])$/.exec(sel.range) : null;
  const [count, setCount] = useState(relative ? relative[1] : '6');
  const [unit, setUnit] = useState(relative ? relative[2] : 'h');
  const [from, setFrom] = useState(() => localInputOf(Date.parse(span.start)));
  const [to, setTo] = useState(() => localInputOf(Date.parse(span.end)));
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  // Back/forward, a link, a zoom or the zone changed the window: the form follows.
  useEffect(() => {
    setCustom(!(sel.kind === 'named' && presets.includes(sel.range)));
    const m = sel.kind === 'named' ? /^(\d+)([hdw])$/.exec(sel.range) : null;
    if (m) {
      setCount(m[1]);
      setUnit(m[2]);
    }
    setFrom(localInputOf(Date.parse(span.start)));
    setTo(localInputOf(Date.parse(span.end)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sel, tz]);

  const applyRelative = (e: FormEvent) => {
    e.preventDefault();
    const range = `${Number(count)}${unit}`;
    if (rangeHours(range) === null) return setError(`Choose 1 to ${MAX_WINDOW_DAYS} days' worth.`);
    setError(null);
    setSel({ kind: 'named', range });
  };

  const applyAbsolute = (e: FormEvent) => {
    e.preventDefault();
    const a = instantOf(from);
    const b = instantOf(to);
    if (!a || !b) return setError('Choose both moments.');
    if (a >= b) return setError('The start must be before the end.');
    if (Date.parse(b) - Date.parse(a) > MAX_WINDOW_DAYS * 86_400_000) return setError(`A window can span at most ${MAX_WINDOW_DAYS} days.`);
    setError(null);
    setSel(spanSel(Date.parse(a), Date.parse(b)));
  };

  const current = custom ? 'custom' : sel.kind === 'named' ? sel.range : 'custom';
  const zone = tz === 'utc' ? 'UTC' : 'local time';
  const summary = `${selWords(sel)} · ${zone}`;
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
        <TimeNav />
        {custom && (
          <div className="custom-range">
            <form className="custom-row" onSubmit={applyRelative} data-testid="relative-form">
              <label htmlFor={`${ids}n`}>Last</label>
              <input
                id={`${ids}n`}
                type="number"
                min={1}
                max={99999}
                value={count}
                onChange={(e) => setCount(e.target.value)}
                required
                className="num-input"
                data-testid="relative-count"
              />
              <select aria-label="Unit" value={unit} onChange={(e) => setUnit(e.target.value)} data-testid="relative-unit">
                {UNITS.map((u) => (
                  <option key={u.value} value={u.value}>
                    {u.label}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-small btn-primary">
                Show
              </button>
            </form>
            <form className="custom-row" onSubmit={applyAbsolute} data-testid="absolute-form">
              <label htmlFor={`${ids}f`}>From</label>
              <input
                id={`${ids}f`}
                type="datetime-local"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                required
                data-testid="custom-from"
              />
              <label htmlFor={`${ids}t`}>to</label>
              <input
                id={`${ids}t`}
                type="datetime-local"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                required
                data-testid="custom-to"
              />
              <span className="help">({zone})</span>
              <button type="submit" className="btn btn-small btn-primary">
                Apply
              </button>
            </form>
            {error && (
              <span className="form-error" role="alert">
                {error}
              </span>
            )}
          </div>
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
